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

/** Checker file names whose content differs between the baseline and now (added, removed or edited). */
function changedCheckerNames(before: Record<string, string>, now: Record<string, string>): Set<string> {
  const names = new Set([...Object.keys(before), ...Object.keys(now)]);
  return new Set([...names].filter((n) => before[n] !== now[n]));
}

/** The cells whose outcome may have changed: the rest can be carried over from the baseline. */
export function cellsToRescore(baseline: Baseline, info: TargetInfo, cells: Cell[]): Cell[] {
  const changed = changedCheckerNames(baseline.checkers, checkerMap(info.checkerFiles));
  if (!changed.size) return cells.filter((c) => baseline.cells[c.id] === undefined);
  const ownOf = new Map<string, string | undefined>();
  const own = (generator: string) => {
    if (!ownOf.has(generator)) {
      const f = checkerOfGenerator(info.checkerFiles, generator);
      ownOf.set(generator, f && basename(f.path));
    }
    return ownOf.get(generator);
  };
  const owned = new Set(cells.map((c) => own(c.generator)).filter((n): n is string => n !== undefined));
  const sharedChanged = [...changed].some((n) => !owned.has(n));
  return cells.filter((c) => {
    if (baseline.cells[c.id] === undefined || sharedChanged) return true;
    const mine = own(c.generator);
    return mine === undefined || changed.has(mine);
  });
}
