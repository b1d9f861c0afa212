// A command line as one string (the protocol target's `command` option, recorded in
// the increment's target spec) and back, the way execa's parseCommandString reads
// it: words at runs of spaces, a backslash before a space keeping it in its word.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
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
 * The words after `--` as the one string splitCommand reads back into the argv
 * typed: every word after the first stays one word, its spaces escaped (`sh -c
 * 'exit 7'` runs `exit 7`, not `exit` with 7 lost). The first word names the
 * program: kept whole when it names a file or folder (`isPath`), else split at its
 * spaces, so `-- "python3 -u" server.py` is three words, as it always was (no
 * program on PATH has a space in its name). The split is left as it was, so a spec
 * recorded earlier starts the same process; a word it cannot carry (empty, ending
 * in a space, or in a backslash before the next word) is refused rather than
 * recorded as another command than the one typed.
 */
export function joinCommand(words: string[], isPath: (word: string) => boolean): string {
  const whole = words.map((w, i) => i > 0 || isPath(w));
  const raw = words.map((w, i) => (whole[i] ? w.replace(/ /g, '\\ ') : w)).join(' ');
  const meant = words.flatMap((w, i) => (whole[i] ? [w] : splitCommand(w)));
  const back = splitCommand(raw);
  const lost = meant.findIndex((w, i) => back[i] !== w);
  if (lost >= 0 || back.length !== meant.length) {
    const word = meant[lost >= 0 ? lost : meant.length - 1];
    throw new InputError(`the command after \`--\`: ${JSON.stringify(word)} cannot be passed through as one word (an empty word, or one ending in a space, or in a backslash before the next word); rename the path, or start the command from a script`);
  }
  return raw;
}

/**
 * A command's words as a shell would need them typed, for messages: a word with a
 * space or a shell character is single-quoted, so `sh -c 'exit 7'` reads as three
 * words, not four.
 */
export function shownCommand(words: string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
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

/**
 * The script a command hands its interpreter (`python3 ./agnt.py`, `node agent.mjs`)
 * when no such file exists, else undefined: the first word after the program that is
 * no option, when it reads as a file (a slash in it, or a script's extension). An
 * option before it that takes code or a module (`-m`, `-c`, `-e`) leaves it alone, as
 * does any other first word: the check is for the form a typo hides in, not a parser.
 */
export function missingScript(words: readonly string[], cwd = process.cwd()): string | undefined {
  for (const w of words.slice(1)) {
    if (/^-(m|c|e|-eval|p|-print)$/.test(w)) return undefined;
    if (w.startsWith('-')) continue;
    if (!w.includes('/') && !/\.(py|js|mjs|cjs|ts|mts|cts|rb|sh|pl)$/.test(w)) return undefined;
    return existsSync(resolve(cwd, w)) ? undefined : w;
  }
  return undefined;
}
