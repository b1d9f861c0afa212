import { partialEntry } from '../gui-choice.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'partial-entry',
  operators: { choice: partialEntry },
  wrongEffect: 'only part of the answer entered',
  ruleText: 'The checker passed an answer typed or selected only in part.',
};
