// Per-checker columns, for targets whose episode is judged by several checkers at
// once (MiniWoB: the task's raw reward and each harness's success rule over it).
// The main verdict stays the target's own; these say, per family, which checker
// accepts the same confirmed wrong effects, and that every checker passes the controls.
import type { ClassifiedCell } from '../classify/classify.ts';
import type { Table } from './section.ts';

export interface CheckerColumns {
  names: string[];
  /** controls each checker passes, of those judged by it */
  controls: Record<string, { pass: number; total: number }>;
  /** per family: confirmed wrong effects (classified) and how many of them each checker passes (its false accepts) */
  rows: { family: string; classified: number; fa: Record<string, number> }[];
  /** per checker: the generators (tasks) where it has a false accept */
  generators: Record<string, string[]>;
}

export function buildCheckerColumns(cells: ClassifiedCell[], families: string[]): CheckerColumns | undefined {
  const judged = cells.filter((c) => c.checkers);
  if (!judged.length) return undefined;
  const names = [...new Set(judged.flatMap((c) => Object.keys(c.checkers!)))];
  const passes = (c: ClassifiedCell, n: string) => c.checkers?.[n] === 'pass';
  const controls = judged.filter((c) => c.arm === 'control');
  const faults = judged.filter((c) => c.arm === 'fault' && c.status === 'confirmed');
  const perName = <T>(f: (n: string) => T) => Object.fromEntries(names.map((n) => [n, f(n)]));
  return {
    names,
    controls: perName((n) => ({ pass: controls.filter((c) => passes(c, n)).length, total: controls.length })),
    rows: families.map((family) => {
      const xs = faults.filter((c) => c.family === family);
      return { family, classified: xs.length, fa: perName((n) => xs.filter((c) => passes(c, n)).length) };
    }),
    generators: perName((n) => [...new Set(faults.filter((c) => passes(c, n)).map((c) => c.generator))].sort()),
  };
}

export const CHECKER_COLUMNS_NOTE =
  'The same confirmed wrong effects, judged by each checker of the episode; FA under a checker = it passes them. Controls: references each checker passes.';

/** One row per family, one FA column per checker; report.md and report.html render the same table. */
export const checkerColumnsTable = (c: CheckerColumns): Table => ({
  head: ['family', 'classified', ...c.names.map((n) => `FA ${n}`)],
  rows: [
    ['controls', '-', ...c.names.map((n) => `${c.controls[n].pass}/${c.controls[n].total} pass`)],
    ...c.rows.map((r) => [r.family, r.classified, ...c.names.map((n) => r.fa[n])]),
  ],
});

export const checkerGenerators = (c: CheckerColumns) => c.names.map((n) => `${n}: false accepts on ${c.generators[n].length ? c.generators[n].join(', ') : 'no task'}`);
