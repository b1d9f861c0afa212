import { omitDivergent } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'omit-divergent',
  operators: { gui: omitDivergent },
  wrongEffect: 'a field unlike its default left out',
  ruleText: 'The checker passed a form submitted without a field whose value differs from its default.',
};
