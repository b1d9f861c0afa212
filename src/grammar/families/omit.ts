import { omit } from '../api.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'omit',
  operators: { api: omit },
  wrongEffect: 'last write dropped',
  ruleText: 'The checker passed work whose last write was dropped.',
};
