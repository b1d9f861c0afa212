// An incremental guard: a cell is scored again only when a checker file it can
// depend on changed since the baseline; every other cell keeps the baseline's
// outcome. A generator's own file is found by the `<dir>/<generator>.<ext>`
// convention; a cell with no own file (one checker file per suite, as in
// AgentDojo), or any change to a file no generator owns (a shared helper), is
// treated as depending on every checker file.
import { basename } from 'node:path';
import { checkerOfGenerator } from '../target/checker-files.ts';
import type { Cell } from '../contract/cell.ts';
import type { TargetInfo } from '../contract/target.ts';
import { checkerMap, type Baseline } from './baseline.ts';

/** The cells whose outcome may have changed: the rest can be carried over from the baseline. */
export function cellsToRescore(baseline: Baseline, info: TargetInfo, cells: Cell[]): Cell[] {
  const now = checkerMap(info.checkerFiles);
  // added, removed or edited since the baseline
  const changed = new Set([...Object.keys(baseline.checkers), ...Object.keys(now)].filter((n) => baseline.checkers[n] !== now[n]));
  if (!changed.size) return cells.filter((c) => baseline.cells[c.id] === undefined);
  const own = (generator: string) => {
    const f = checkerOfGenerator(info.checkerFiles, generator);
    return f && basename(f.path);
  };
  const owned = new Set(cells.map((c) => own(c.generator)).filter((n): n is string => n !== undefined));
  const sharedChanged = [...changed].some((n) => !owned.has(n));
  return cells.filter((c) => {
    if (baseline.cells[c.id] === undefined || sharedChanged) return true;
    const mine = own(c.generator);
    return mine === undefined || changed.has(mine);
  });
}
