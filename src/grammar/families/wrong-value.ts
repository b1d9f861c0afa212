import { wrongValue } from '../api.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'wrong-value',
  operators: { api: wrongValue },
  wrongEffect: 'one written value moved',
  ruleText: 'The checker passed work with one written value moved to another legal value.',
};
