import { claimOnly as api } from '../api.ts';
import { claimOnly as gui } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'claim-only',
  operators: { api, gui },
  wrongEffect: 'claim without write',
  ruleText: 'The checker passed a claim of completion with no write.',
  writesNothing: true,
};
