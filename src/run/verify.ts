// The one way a run's ledger is read: verified against its increment (hash-chain
// start, manifest cells, refusals recorded as refusals) and against what run.json
// recorded when a session last ended. Report, repair, guard, rerun and resume all
// go through here, so none of them can act on a changed ledger.
import { join } from 'node:path';
import type { Cell } from '../contract/cell.ts';
import { derivedCellId } from '../protocol/cell.ts';
import type { Increment } from '../protocol/increment.ts';
import { readLedger, type LedgerState } from './ledger.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import type { RunFile } from './runfile.ts';
import { graded } from '../grammar/swap.ts';

export const ledgerPath = (runDir: string) => join(runDir, 'ledger.jsonl');

/** `scope` names what `cells` are, for the refusal: the manifest, or a shard's share of it. */
function cellProblem(cells: Cell[], scope = "the increment's manifest"): (e: LedgerEntry) => string | undefined {
  const byId = new Map(cells.map((c) => [c.id, c]));
  // which cells go without a verdict is the manifest's to say, so the check lives here rather than in the ledger's line check
  const verdictProblem = (e: LedgerEntry, cell?: Cell) =>
    e.status === 'scored' && e.verdict === undefined && (!cell || graded(cell)) ? 'field verdict: a scored cell has a verdict' : undefined;
  return (e) => {
    const cell = byId.get(e.cell);
    if (!cell) {
      if (!e.derived) return `cell ${e.cell} is not in ${scope}`;
      const parent = byId.get(e.derived.parent);
      if (!parent || parent.arm !== 'search') return `derived cell ${e.cell} names no search cell of ${scope} as its parent`;
      if (derivedCellId(parent.checker, e.derived.steps) !== e.cell) return `derived cell ${e.cell} does not match the steps it records`;
      return verdictProblem(e);
    }
    if (e.derived) return `cell ${e.cell} is in the manifest but recorded as derived`;
    if (cell.construction.ok === (e.status === 'refused')) {
      return `cell ${e.cell} is recorded as ${e.status} but the manifest ${cell.construction.ok ? 'constructs it' : 'refuses it'}`;
    }
    return verdictProblem(e, cell);
  };
}

export function readRunLedger(runDir: string, inc: Increment, cells: Cell[], run: RunFile | undefined, repair = false): LedgerState {
  const scope = run?.shard ? `shard ${run.shard.index}/${run.shard.total}'s share of the manifest` : undefined;
  return readLedger(ledgerPath(runDir), { incrementHash: inc.hash, cellProblem: cellProblem(cells, scope), checkpoint: run?.ledger, repair });
}
