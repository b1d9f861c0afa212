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

export const TRIAGE_SCHEMA = 'blindspot.triage/1';
import { DEFAULT_TRIAGE } from './default.ts';

const EntrySchema = z.object({
  key: z.string().regex(/^[0-9a-f]{16}$/, 'expected the 16 hex digits `blindspot triage` prints'),
  target: z.string().min(1),
  task: z.string().min(1),
  /** what was constructed, for the reader of the file (the key is what matches) */
  construction: z.string(),
  status: z.enum(['dismissed', 'accepted']),
  reason: z.string().min(1, 'say why'),
  at: z.string(),
});
export type TriageEntry = z.infer<typeof EntrySchema>;

const FileSchema = z.object({ schema: z.literal(TRIAGE_SCHEMA), entries: z.array(EntrySchema) });

export interface Triage {
  file: string;
  sha256: string;
  byKey: Map<string, TriageEntry>;
}

/** The construction's identity across runs: same target, checker and delivered steps, same key. */
export const constructionKey = (target: string, checker: string, steps: Step[]) => sha256(canonicalJson([target, checker, steps])).slice(0, 16);

export const cellKey = (target: string, cell: Cell) => (cell.construction.ok ? constructionKey(target, cell.checker, cell.construction.steps) : undefined);

function readTriageFile(file: string): { text: string; entries: TriageEntry[] } {
  const text = readText(file);
  const value = parseJson(file, text);
  const parsed = FileSchema.safeParse(value);
  if (!parsed.success) throw new InputError(`${file}: ${zodProblem(parsed.error)}`);
  return { text, entries: parsed.data.entries };
}

/** The triage file named, or the default one when it exists; undefined when there is none. */
export function loadTriage(file?: string): Triage | undefined {
  if (file === '') throw new InputError('--triage: expected a path to a triage file, got an empty value');
  const path = file ?? (existsSync(DEFAULT_TRIAGE) ? DEFAULT_TRIAGE : undefined);
  if (!path) return undefined;
  if (!existsSync(path)) throw new InputError(`--triage: no triage file at ${path}`);
  const { text, entries } = readTriageFile(path);
  return { file: path, sha256: sha256(text), byKey: new Map(entries.map((e) => [e.key, e])) };
}

/** Adds or replaces the entry for one construction; the file is written atomically. */
export function recordTriage(file: string, entry: TriageEntry): void {
  const entries = existsSync(file) ? readTriageFile(file).entries.filter((e) => e.key !== entry.key) : [];
  entries.push(entry);
  entries.sort((a, b) => a.target.localeCompare(b.target) || a.task.localeCompare(b.task) || a.key.localeCompare(b.key));
  writeFileAtomic(file, JSON.stringify({ schema: TRIAGE_SCHEMA, entries }, null, 2) + '\n');
}
