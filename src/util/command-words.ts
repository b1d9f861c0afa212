// A command line as one string (the protocol target's `command` option, recorded in
// the increment's target spec) and back, the way execa's parseCommandString reads
// it: words at runs of spaces, a backslash before a space keeping it in its word.
import { InputError } from './errors.ts';

export function splitCommand(raw: string): string[] {
  const words: string[] = [];
  for (const piece of raw.trim().split(/ +/)) {
    const last = words.length ? words[words.length - 1] : undefined;
    if (last?.endsWith('\\')) words[words.length - 1] = `${last.slice(0, -1)} ${piece}`;
    else if (piece) words.push(piece);
  }
  return words;
}

/**
 * The words after `--` as the one string splitCommand reads back into the same
 * words (a path with a space stays one word). A word it cannot carry is refused
 * rather than recorded as another command than the one typed.
 */
export function joinCommand(words: string[]): string {
  const raw = words.map((w) => w.replace(/ /g, '\\ ')).join(' ');
  const back = splitCommand(raw);
  const lost = words.findIndex((w, i) => back[i] !== w);
  if (lost >= 0 || back.length !== words.length) {
    const word = words[lost >= 0 ? lost : words.length - 1];
    throw new InputError(`the command after \`--\`: word ${JSON.stringify(word)} cannot be passed through as one word (an empty word, or one ending in a space or a backslash); rename the path or use --target-option command="..."`);
  }
  return raw;
}
