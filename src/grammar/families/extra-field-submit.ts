// Beyond the paper, asked for by name: the extra edit and the submit are one agent
// step, so a per-step validator never sees the form between them.
import { extraFieldSubmit } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra-field-submit',
  operators: { gui: extraFieldSubmit },
  onlyByName: true,
  wrongEffect: 'a field outside the task written in the submitting step',
  ruleText: 'The checker passed a form with an extra field written in the same step as its submit.',
};
