import { extraField } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra-field',
  operators: { gui: extraField },
  wrongEffect: 'a field outside the task also written',
  ruleText: 'The checker passed a form with an extra field the task never asked for.',
};
