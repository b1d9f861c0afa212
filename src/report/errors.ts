// Checker errors grouped by cause, so a report's size follows what went wrong,
// not how many cells it went wrong in: a grid where every cell of one checker
// crashed the same way is one row with a count and a few examples.
import type { ClassifiedCell } from '../classify/classify.ts';
import { groupBy } from '../util/group.ts';

export interface ErrorGroup {
  /** the detail with what varies from cell to cell (numbers, quoted values, ids) blanked out */
  cause: string;
  cells: number;
  examples: { cell: string; detail: string }[];
}

const EXAMPLES = 3;

/** One line per kind of failure: quoted text, hex ids and numbers vary per cell, the rest is the cause. */
function causeOf(detail: string): string {
  const first = detail.split('\n')[0].trim();
  return first
    .replace(/(["'`]).*?\1/g, '$1…$1')
    .replace(/\b[0-9a-f]{8,}\b/gi, '…')
    .replace(/-?\d+(\.\d+)?/g, 'N')
    .slice(0, 200);
}

export function groupErrors(cells: ClassifiedCell[]): ErrorGroup[] {
  const errors = cells.filter((c) => c.verdict === 'error');
  return [...groupBy(errors, (c) => causeOf(c.detail ?? 'checker error'))]
    .map(([cause, xs]) => ({ cause, cells: xs.length, examples: xs.slice(0, EXAMPLES).map((c) => ({ cell: c.cell, detail: c.detail ?? '' })) }))
    .sort((a, b) => b.cells - a.cells || a.cause.localeCompare(b.cause));
}
