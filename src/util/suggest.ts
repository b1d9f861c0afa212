import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';

// loaded on the first guess only: a guess follows a mistake, and loading the
// package at every start cost a command a few milliseconds before its first cell
let distance: ((a: string, b: string) => number) | undefined;
const editDistance = (a: string, b: string): number => {
  distance ??= (createRequire(import.meta.url)('fastest-levenshtein') as typeof import('fastest-levenshtein')).distance;
  return distance(a, b);
};

/**
 * The known name a typo most likely meant, or undefined when none is close: one
 * the typed name begins or ends (`app` for `apps`), or one within a third of its
 * length in edits, at least two (a swapped pair of letters, `dve` for `dev`, is two
 * edits), one for a name of one or two letters; the nearest wins. A tie between two
 * names is no suggestion: a guess between two would mislead as often as it helps.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const t = typed.toLowerCase();
  if (!t) return undefined;
  const scored = known.map((k) => {
    const name = k.toLowerCase();
    return { k, d: name.startsWith(t) || (t.length >= 3 && name.endsWith(t)) ? 0.5 : editDistance(t, name) };
  });
  const best = Math.min(...scored.map((s) => s.d));
  const near = scored.filter((s) => s.d === best);
  const within = t.length <= 2 ? 1 : Math.max(2, Math.floor(t.length / 3));
  return best <= within && near.length === 1 && near[0].k !== typed ? near[0].k : undefined;
}

/** `'name'`, for a guess at a name (a path is given as it is). */
export const quoted = (name: string | undefined): string | undefined => (name === undefined ? undefined : `'${name}'`);

/** ` (known: a, b); did you mean 'a'?`: the tail of every "unknown <what> '<typed>'" message. */
export function knownTail(typed: string, known: readonly string[]): string {
  return ` (known: ${known.join(', ')})${meant(quoted(closestName(typed, known)))}`;
}

/**
 * `'a' (did you mean 'b'?), 'c'`: names among too many to list, each with what it
 * likely meant; a name that begins several is shown the shortest of them, a
 * generator rather than its tasks (`'spotify' (begins 16 names: spotify_queue_songs, ...)`).
 */
export const quotedWithGuesses = (unknown: readonly string[], known: readonly string[]): string =>
  unknown
    .map((u) => {
      const near = closestName(u, known);
      if (near !== undefined) return `'${u}' (did you mean '${near}'?)`;
      const begun = u ? known.filter((k) => k.toLowerCase().startsWith(u.toLowerCase())).sort((a, b) => a.length - b.length || a.localeCompare(b)) : [];
      // a name that extends another shown (a generator's task ids) is left to it
      const shown = begun.filter((n) => !begun.some((m) => m !== n && n.startsWith(m)));
      if (shown.length === 1) return `'${u}' (did you mean '${shown[0]}'?)`;
      return begun.length > 1 ? `'${u}' (begins ${begun.length} names: ${shown.slice(0, 3).join(', ')}${begun.length > 3 ? ', ...' : ''})` : `'${u}'`;
    })
    .join(', ');

/**
 * yargs' "Unknown argument(s): a, b" with each mistyped flag's likely meaning:
 * "Unknown argument: splits (did you mean --split?)". A stray word that is a value
 * of one of the command's flags is given that flag ("audit apps": did you mean
 * --target apps?); no other stray word is guessed at, it is no flag misspelt.
 */
export function withFlagGuesses(message: string, options: readonly string[], argv: readonly string[], values: Record<string, readonly string[]> = {}): string {
  const m = /^(Unknown arguments?: )(.*)$/.exec(message);
  if (!m) return message;
  const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const flags = options.filter((o) => o.length > 1 && !/[A-Z$]/.test(o));
  const typedAsFlag = (name: string) => [name, camel(name)].some((n) => argv.some((a) => a === `--${n}` || a.startsWith(`--${n}=`) || a === `-${n}`));
  const listed = m[2].split(', ');
  // yargs lists a mistyped dashed flag twice, as typed and camel-cased
  const typed = listed.filter((name) => !/[A-Z]/.test(name) || !listed.some((o) => o !== name && camel(o) === name));
  const words = typed.map((name) => {
    if (!typedAsFlag(name)) {
      const flag = Object.keys(values).find((f) => flags.includes(f) && values[f].includes(name));
      return flag === undefined ? name : `${name} (did you mean --${flag} ${name}?)`;
    }
    const near = closestName(name, flags);
    return near === undefined ? name : `${name} (did you mean --${near}?)`;
  });
  return (typed.length === 1 ? 'Unknown argument: ' : m[1]) + words.join(', ');
}

/**
 * The file or folder beside a missing path that it most likely meant (an id cut
 * short, a name mistyped), as the path was typed, or undefined.
 */
export function pathBeside(path: string, kind: 'file' | 'folder' | 'any' = 'any'): string | undefined {
  // the name is replaced where it was typed, so `./my-targt.ts` is answered with `./my-target.ts`
  const typed = path.replace(/(.)\/+$/, '$1');
  // a file typed with a folder's trailing slash (`scores.csv/`) is that file
  if (typed !== path && kind !== 'folder' && isFile(typed)) return typed;
  const name = basename(typed);
  let names: string[];
  try {
    const entries = readdirSync(dirname(resolve(typed)), { withFileTypes: true });
    names = entries.filter((d) => kind === 'any' || (kind === 'folder') === d.isDirectory()).map((d) => d.name);
  } catch {
    return undefined;
  }
  const near = closestName(name, names);
  return near === undefined ? undefined : typed.slice(0, typed.length - name.length) + near;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `; did you mean <guess>?`, or nothing. */
export const meant = (guess: string | undefined): string => (guess === undefined ? '' : `; did you mean ${guess}?`);
