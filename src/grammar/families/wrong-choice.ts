import { wrongChoice } from '../gui-choice.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'wrong-choice',
  operators: { choice: wrongChoice },
  wrongEffect: 'last choice moved to another option',
  ruleText: 'The checker passed an answer whose last choice was moved to another option.',
};
