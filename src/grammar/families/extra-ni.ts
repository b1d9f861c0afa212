import { extraNi } from '../api.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra-ni',
  operators: { api: extraNi },
  wrongEffect: 'non-idempotent write duplicated',
  ruleText: 'The checker passed a duplicated non-idempotent write (an extra record).',
};
