// Each classified cell's one closed outcome (src/contract/outcome.ts), derived
// from what classify returns, beside it rather than inside it: classification
// decides, this only names the decision once so no format re-derives it.
import type { CellOutcome } from '../contract/outcome.ts';
import type { Classification, ClassifiedCell } from './classify.ts';
import { WORLD_REFERENCE } from '../grammar/swap.ts';

export type ScoredCell = ClassifiedCell & { outcome: CellOutcome };
export type Judged = Omit<Classification, 'cells'> & { cells: ScoredCell[] };

export function cellOutcome(c: ClassifiedCell): CellOutcome {
  if (c.arm === 'control') return c.falseReject ? 'false-reject' : c.verdict === 'pass' ? 'control-pass' : 'control-unscored';
  if (c.family === WORLD_REFERENCE) return c.delivered ? 'read-back' : 'incomplete';
  if (c.arm === 'swap' || c.arm === 'floor') return c.verdict === 'pass' ? 'graded-pass' : 'graded-other';
  if (c.status && c.status !== 'confirmed') return c.status;
  return c.verdict === 'pass' ? 'false-accept' : c.verdict === 'fail' ? 'rejected' : 'error';
}

export const judge = (cls: Classification): Judged => ({ ...cls, cells: cls.cells.map((c) => ({ ...c, outcome: cellOutcome(c) })) });

/** A confirmed wrong effect, whatever the checker said. */
export const isConfirmed = (o: CellOutcome) => o === 'false-accept' || o === 'rejected' || o === 'error';
