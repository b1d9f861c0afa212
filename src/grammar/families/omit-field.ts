import { omitField } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'omit-field',
  operators: { gui: omitField },
  wrongEffect: 'one task field left out',
  ruleText: 'The checker passed a form submitted without one field.',
};
