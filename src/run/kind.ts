// A job kind is what a scorer does with a cell besides the engine's own
// deliver -> read back -> check (score.ts): the perturbation arm's episodes, where
// an agent delivers. The kind's module is loaded by every scorer (thread, child
// process) so the run core never imports the arm that defines it; the run core
// keeps the pool, limits, ledger, sessions, shards and merge for it.
import type { Target } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';

/** What a scorer runs one cell with. */
export type ScoreFn = (cell: Cell, limitMs: number, onPhase: (phase: number) => void) => Promise<LedgerEntry>;

/** A kind's module exports `openKind`: given the scorer's open target and the kind's settings, how it scores a cell. */
export type OpenKind = (target: Target, init: unknown) => Promise<ScoreFn>;

/** What a scorer needs to load a kind: plain data, sent to threads and child processes. */
export interface KindRef {
  /** URL of the module exporting openKind */
  module: string;
  init: unknown;
}

export interface JobKind extends KindRef {
  /** the ledger entry of a cell whose scorer died or was stopped (see lostCellEntry in score.ts for the engine's own) */
  lost(cell: Cell, why: string, phase: number): LedgerEntry;
  /** how long the deliver phase may take when it is longer than the run's limit (an agent's own time limit) */
  deliverMs?: number;
  /** who delivers, recorded in run.json and checked on resume and merge (a perturbation run's agent) */
  agent?: { name: string; command?: string[] };
  /** what the progress line counts (default cells) */
  unit?: string;
  /** whether an entry records something gone wrong, which a stop may have caused (see brokenEntry in score.ts for the engine's own) */
  broken?(entry: LedgerEntry): boolean;
}

export async function loadKind(target: Target, ref: KindRef): Promise<ScoreFn> {
  const mod = (await import(ref.module)) as { openKind: OpenKind };
  return mod.openKind(target, ref.init);
}
