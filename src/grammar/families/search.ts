// The search arm's minimal mutants, frozen as fault cells by `blindspot rerun`:
// no grammar enumerates them (the search arm built them), but reports name them.
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'search',
  operators: {},
  wrongEffect: 'minimal mutant of the search arm',
  ruleText: 'The checker passed a minimal mutant found by the search arm.',
};
