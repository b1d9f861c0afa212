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
 * The words after `--` as the one string splitCommand reads back. A word that
 * names a file or folder (`isPath`) stays one word, its spaces escaped; any other
 * word is taken as typed, so `-- "python3 -u" server.py` is three words, as it
 * always was. A path the split cannot give back is refused rather than recorded
 * as another command than the one typed.
 */
export function joinCommand(words: string[], isPath: (word: string) => boolean): string {
  const paths = words.map(isPath);
  const raw = words.map((w, i) => (paths[i] ? w.replace(/ /g, '\\ ') : w)).join(' ');
  const meant = words.flatMap((w, i) => (paths[i] ? [w] : splitCommand(w)));
  const back = splitCommand(raw);
  const lost = meant.findIndex((w, i) => back[i] !== w);
  if (lost >= 0 || back.length !== meant.length) {
    const word = meant[lost >= 0 ? lost : meant.length - 1];
    throw new InputError(`the command after \`--\`: ${JSON.stringify(word)} cannot be passed through as one word (a path ending in a space, or in a backslash before the next word); rename the path or use --target-option command="..."`);
  }
  return raw;
}
