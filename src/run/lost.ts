import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { PHASE } from './score.ts';

/**
 * What is known of a cell whose execution was killed (hung, crashed): if it died
 * in the checker, delivery had completed, but its readback went with it.
 */
export function lostCellEntry(cell: Cell, why: string, phase: number = PHASE.deliver): LedgerEntry {
  const delivered = phase >= PHASE.readback;
  return {
    cell: cell.id,
    status: 'scored',
    delivery: delivered
      ? { completed: true, stepsRun: cell.construction.ok ? cell.construction.steps.length : 0 }
      : { completed: false, stepsRun: 0, error: why },
    readbackError: why,
    verdict: { verdict: 'error', detail: why },
    at: new Date().toISOString(),
  };
}
