import { partial } from '../api.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'partial',
  operators: { api: partial },
  wrongEffect: 'repeated write cut to its first call',
  ruleText: 'The checker passed a repeated write cut to its first call.',
};
