import { extra } from '../api.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra',
  operators: { api: extra },
  wrongEffect: 'last write duplicated',
  ruleText: 'The checker passed work whose last write was duplicated.',
};
