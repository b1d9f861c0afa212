// The outcome classes of a fault cell, shared by the verdict vectors (one symbol
// per cell) and the HTML charts (one colour per class), so both sort a cell alike.
import type { ClassifiedCell } from '../classify/classify.ts';

/** Worst first: the heatmap colours a generator by its worst outcome. */
export const OUTCOMES = [
  { key: 'fa', symbol: 'P', label: 'false accept', color: '#c62828' },
  { key: 'error', symbol: 'E', label: 'checker error', color: '#ef6c00' },
  { key: 'candidate', symbol: '?', label: 'candidate (unconfirmed)', color: '#c0ca33' },
  { key: 'rejected', symbol: 'F', label: 'rejected (Fail on wrong effect)', color: '#2e7d32' },
  { key: 'degenerate', symbol: 'd', label: 'degenerate', color: '#9e9e9e' },
  { key: 'immaterial', symbol: 'm', label: 'immaterial (differs only where the target declares it does not matter)', color: '#b0bec5' },
  { key: 'incomplete', symbol: 'i', label: 'incomplete', color: '#8d6e63' },
  { key: 'refused', symbol: 'r', label: 'refused', color: '#d9d9d9' },
] as const;
export type Outcome = (typeof OUTCOMES)[number];

const BY_KEY = new Map<string, Outcome>(OUTCOMES.map((o) => [o.key, o]));

export function outcomeOf(c: ClassifiedCell): Outcome {
  if (c.status && c.status !== 'confirmed') return BY_KEY.get(c.status)!;
  return BY_KEY.get(c.verdict === 'pass' ? 'fa' : c.verdict === 'fail' ? 'rejected' : 'error')!;
}

/** The symbols of a verdict vector, printed with each table of them. */
export const VECTOR_LEGEND = OUTCOMES.map((o) => `${o.symbol} ${o.key === 'fa' ? 'Pass on a confirmed wrong effect (false accept)' : o.label}`).join(', ');

/** One character per cell of a verdict vector; the legend is printed with the table. */
export const vectorSymbol = (c: ClassifiedCell): string => outcomeOf(c).symbol;
