// Beyond the paper, asked for by name: extra-field on the first text candidate
// (a text field's change event fires on blur, not on the edit).
import { extraFieldText } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra-field-text',
  operators: { gui: extraFieldText },
  onlyByName: true,
  wrongEffect: 'a text field outside the task also written',
  ruleText: 'The checker passed a form with an extra text field the task never asked for.',
};
