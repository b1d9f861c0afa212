import { extraSelection } from '../gui-choice.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra-selection',
  operators: { choice: extraSelection },
  wrongEffect: 'one more option selected',
  ruleText: 'The checker passed an answer with one more option selected.',
};
