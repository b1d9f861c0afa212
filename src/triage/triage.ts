// Triage that lasts: a maintainer marks a finding dismissed (not a weakness worth
// fixing, with the reason) or accepted (a weakness acknowledged), in a file kept
// beside the benchmark, like a mutation tool's disable comment. Entries are keyed
// by construction (target, checker task, delivered steps), not by run, so they
// hold for every later run that constructs the same mutant.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { Cell } from '../contract/cell.ts';
import type { Step } from '../contract/target.ts';
import { canonicalJson, sha256 } from '../util/hash.ts';
import { InputError, zodProblem } from '../util/errors.ts';
import { parseJson, readText } from '../util/json-file.ts';
import { writeFileAtomic } from '../util/atomic.ts';
import { DEFAULT_TRIAGE } from './default.ts';
import { meant, pathBeside } from '../util/suggest.ts';

const TRIAGE_SCHEMA = 'blindspot.triage/1';

const Marking = {
  target: z.string().min(1),
  status: z.enum(['dismissed', 'accepted']),
  reason: z.string().min(1, 'say why'),
  at: z.string(),
};

const EntrySchema = z.object({
  key: z.string().regex(/^[0-9a-f]{16}$/, 'expected the 16 hex digits `blindspot triage` prints'),
  task: z.string().min(1),
  /** what was constructed, for the reader of the file (the key is what matches) */
  construction: z.string(),
  ...Marking,
});
export type TriageEntry = z.infer<typeof EntrySchema>;

/**
 * A search weakness marked by name: it holds for every task and every minimal mutant of that name,
 * or, naming a mechanism ("answer: a figure accepted inside a longer figure"), of that mechanism.
 */
const WeaknessEntrySchema = z.object({ weakness: z.string().min(1), ...Marking }).strict();
export type WeaknessEntry = z.infer<typeof WeaknessEntrySchema>;

const FileSchema = z.object({ schema: z.literal(TRIAGE_SCHEMA), entries: z.array(z.unknown()) });
type AnyEntry = TriageEntry | WeaknessEntry;

export interface Triage {
  file: string;
  sha256: string;
  byKey: Map<string, TriageEntry>;
  /** by weaknessId(target, weakness) */
  byWeakness: Map<string, WeaknessEntry>;
}

export const weaknessId = (target: string, weakness: string) => `${target}\u0000${weakness}`;

/** What the triage file says of a finding: its own construction's entry first, else its weakness's, else its mechanism's (a finding without a weakness has only its construction). */
export function searchTriage(triage: Triage | undefined, target: string, key: string, weakness?: string, mechanism?: string) {
  const byName = (name?: string) => (name === undefined ? undefined : triage?.byWeakness.get(weaknessId(target, name)));
  return triage?.byKey.get(key) ?? byName(weakness) ?? byName(mechanism);
}

/** The construction's identity across runs: same target, checker and delivered steps, same key. */
export const constructionKey = (target: string, checker: string, steps: Step[]) => sha256(canonicalJson([target, checker, steps])).slice(0, 16);

export const cellKey = (target: string, cell: Cell) => (cell.construction.ok ? constructionKey(target, cell.checker, cell.construction.steps) : undefined);

/** The file's entries checked (`entries`), and as written (`written`: its own key order and any note of the user's kept). */
function readTriageFile(file: string): { text: string; entries: AnyEntry[]; written: AnyEntry[] } {
  const text = readText(file);
  const value = parseJson(file, text);
  const parsed = FileSchema.safeParse(value);
  if (!parsed.success) throw new InputError(`${file}: ${zodProblem(parsed.error)}`);
  const entries = parsed.data.entries.map((e, i): AnyEntry => {
    // its keys say which kind an entry is: checked against a union of both, a bad
    // field was reported as the entry fitting neither, without the field or its values
    const schema = typeof e === 'object' && e !== null && 'weakness' in e ? WeaknessEntrySchema : EntrySchema;
    const entry = schema.safeParse(e);
    if (!entry.success) throw new InputError(`${file}: ${zodProblem(entry.error, ['entries', i])}`);
    return entry.data;
  });
  return { text, entries, written: (value as { entries: AnyEntry[] }).entries };
}

/** The triage file named, or the default one when it exists; undefined when there is none. */
export function loadTriage(file?: string): Triage | undefined {
  if (file === '') throw new InputError('--triage: expected a path to a triage file, got an empty value');
  const path = file ?? (existsSync(DEFAULT_TRIAGE) ? DEFAULT_TRIAGE : undefined);
  if (!path) return undefined;
  if (!existsSync(path)) throw new InputError(`--triage: no triage file at ${path}${meant(pathBeside(path, 'file'))}`);
  const { text, entries } = readTriageFile(path);
  const byKey = new Map<string, TriageEntry>();
  const byWeakness = new Map<string, WeaknessEntry>();
  for (const e of entries) {
    if ('key' in e) byKey.set(e.key, e);
    else byWeakness.set(weaknessId(e.target, e.weakness), e);
  }
  return { file: path, sha256: sha256(text), byKey, byWeakness };
}

/** What an entry marks: one construction, or one weakness name of one target. */
const identity = (e: AnyEntry) => ('key' in e ? `key\u0000${e.key}` : `weakness\u0000${weaknessId(e.target, e.weakness)}`);
/** Entries in a stable order: per target, constructions by task then key, then weaknesses by name. */
const order = (e: AnyEntry) => ('key' in e ? [e.target, '0', e.task, e.key] : [e.target, '1', e.weakness]);
const compareOrder = (a: AnyEntry, b: AnyEntry) => {
  const [x, y] = [order(a), order(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i].localeCompare(y[i]);
  return x.length - y.length;
};

/**
 * Adds or replaces the entry for one construction or one weakness; the file is written atomically.
 * The other entries are written back as they were, so a versioned triage file's diff is the one mark.
 */
export function recordTriage(file: string, entry: AnyEntry): void {
  const entries = existsSync(file) ? readTriageFile(file).written.filter((e) => identity(e) !== identity(entry)) : [];
  entries.push(entry);
  entries.sort(compareOrder);
  writeFileAtomic(file, JSON.stringify({ schema: TRIAGE_SCHEMA, entries }, null, 2) + '\n');
}
