import { noSubmit } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'no-submit',
  operators: { gui: noSubmit },
  wrongEffect: 'form filled, never submitted',
  ruleText: 'The checker passed a form that was never submitted.',
  writesNothing: true,
};
