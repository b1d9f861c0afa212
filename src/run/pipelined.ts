// Scores several cells at once in the main thread, on a target that serves its
// episodes one after another in the order they arrive (capability pipeline: a
// protocol target, whose checkers run in its own process). The next cells'
// requests wait at the target while it serves the one ahead, so neither process
// idles for the other's turn; each cell's phases are timed from the moment the
// target starts serving it (Episode.serving). No watchdog: no code but
// blindspot's runs in this thread.
import type { Target } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { NotStarted, scoreCell } from './score.ts';

/** Cells in flight: enough that the target always has the next one waiting (depths 4, 8 and 16 measured alike). */
const PIPELINE_DEPTH = 4;
/** Tries of a cell whose episode the target never started (its process died serving another); the last one's failure is recorded. */
const TRIES = 3;

export class PipelinedScorer {
  readonly depth = PIPELINE_DEPTH;

  constructor(private target: Target, private limitMs: number) {}

  async score(cell: Cell): Promise<LedgerEntry> {
    for (let tried = 1; ; tried++) {
      try {
        return await scoreCell(this.target, cell, this.limitMs, undefined, { retryUnstarted: tried < TRIES });
      } catch (e) {
        if (!(e instanceof NotStarted)) throw e;
      }
    }
  }

  close(): void {}
}
