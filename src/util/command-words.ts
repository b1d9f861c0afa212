// A command line as one string (the protocol target's `command` option, recorded in
// the increment's target spec) and back, the way execa's parseCommandString reads
// it: words at runs of spaces, a backslash before a space keeping it in its word.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
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

/**
 * Why `word`, a command's first word, cannot be started, or undefined when it can:
 * looked up as the system will (a word with a slash is a path, any other is
 * searched on PATH), so a typo is refused before any work rather than recorded as
 * every episode's failure.
 */
export function unstartable(word: string, cwd = process.cwd()): string | undefined {
  const candidates = word.includes('/') ? [resolve(cwd, word)] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, word));
  const files = candidates.filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
  if (!files.length) return word.includes('/') ? 'no such file' : 'no such command on PATH';
  return files.some(executable) ? undefined : `not executable (chmod +x it, or name its interpreter first, e.g. python3 ${word})`;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
