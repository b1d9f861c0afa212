// Beyond the paper, asked for by name: a text field the task never mentions that
// the form shows filled is emptied (an edit task's record loses data out of scope).
import { editClear } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'edit-clear',
  operators: { gui: editClear },
  onlyByName: true,
  wrongEffect: 'a filled field outside the task emptied',
  ruleText: 'The checker passed a record whose filled field outside the task was emptied.',
};
