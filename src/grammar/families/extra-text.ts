// Beyond the paper, asked for by name: text appended to a textarea task field,
// what a substring comparison cannot tell from the requested text.
import { extraText } from '../gui.ts';
import type { FaultFamily } from './family.ts';

export const family: FaultFamily = {
  name: 'extra-text',
  operators: { gui: extraText },
  onlyByName: true,
  wrongEffect: 'requested text plus more',
  ruleText: 'The checker passed a textarea holding the requested text plus more.',
};
