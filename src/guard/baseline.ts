// The guard baseline: one outcome per cell of a frozen increment, small enough to
// review in a pull request (one line per cell, sorted), plus the checker hashes it
// was taken against so a diff can say which checker files moved.
import { basename } from 'node:path';
import { z } from 'zod';
import { readJsonFileIfExists } from '../util/json-file.ts';
import { groupBy } from '../util/group.ts';
import type { ScoredCell } from '../classify/outcome.ts';
import type { CheckerFile } from '../contract/target.ts';

export const BASELINE_SCHEMA = 'blindspot.guard-baseline/1';

/**
 * control cells: pass | fail | error. Confirmed fault cells: false-accept |
 * rejected | checker-error. Other fault cells: <status>:<verdict>
 * (degenerate:pass, candidate:fail...) or incomplete. Refused cells are fixed by
 * the frozen manifest and left out.
 */
export type Outcome = string;

const VERDICTS = ['pass', 'fail', 'error'] as const;
/** Every outcome outcomeOf names: a baseline edited by hand ("passs") is refused, not carried as a new outcome. */
const OUTCOMES = [...VERDICTS, 'incomplete', 'false-accept', 'rejected', 'checker-error', ...['candidate', 'degenerate', 'immaterial'].flatMap((s) => VERDICTS.map((v) => `${s}:${v}`))] as [string, ...string[]];

const BaselineSchema = z.object({
  schema: z.literal(BASELINE_SCHEMA),
  /** dir is relative to the baseline file */
  increment: z.object({ id: z.string(), hash: z.string(), dir: z.string() }),
  target: z.string(),
  /** checker file name -> sha256, as scored when the baseline was written */
  checkers: z.record(z.string(), z.string()),
  summary: z.record(z.string(), z.number()),
  cells: z.record(z.string(), z.enum(OUTCOMES)),
});
export type Baseline = z.infer<typeof BaselineSchema>;

/** The baseline's name for a cell's closed outcome; a graded cell (control, floor) keeps its verdict. */
function outcomeOf(c: ScoredCell): Outcome | undefined {
  const v = c.verdict ?? 'error';
  switch (c.outcome) {
    case 'refused': return undefined;
    case 'incomplete': case 'false-accept': case 'rejected': return c.outcome;
    case 'error': return 'checker-error';
    case 'candidate': case 'degenerate': case 'immaterial': return `${c.outcome}:${v}`;
    default: return v;
  }
}

/** Checker files by name: a baseline taken on the shipped files compares with a run on a copy directory. */
export const checkerMap = (files: CheckerFile[]) => byName(Object.fromEntries(files.map((f) => [basename(f.path), f.sha256])));

export function outcomesOf(cells: readonly ScoredCell[]): Record<string, Outcome> {
  const out: Record<string, Outcome> = {};
  for (const c of cells) {
    const o = c.arm === 'swap' ? undefined : outcomeOf(c);
    if (o !== undefined) out[c.cell] = o;
  }
  return byName(out);
}

/** One line per cell, sorted, so a baseline diff in review shows only what moved. */
export const byName = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

export function summarize(outcomes: Record<string, Outcome>): Record<string, number> {
  const keys = Object.entries(outcomes).map(([cell, o]) => (cell.startsWith('control:') ? `control:${o}` : o));
  return byName(Object.fromEntries([...groupBy(keys, (k) => k)].map(([k, xs]) => [k, xs.length])));
}

export const readBaseline = (file: string): Promise<Baseline | undefined> => readJsonFileIfExists(file, BaselineSchema);
