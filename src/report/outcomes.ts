// How a mutant's outcome looks: one symbol in a verdict vector, one colour in the
// HTML charts, in the outcomes' own order (worst first), so both sort a cell alike.
import { MUTANT_OUTCOMES, type MutantOutcome } from '../contract/outcome.ts';
import type { ScoredCell } from '../classify/outcome.ts';

const LOOK: Record<MutantOutcome, { symbol: string; label: string; color: string }> = {
  'false-accept': { symbol: 'P', label: 'false accept', color: '#c62828' },
  error: { symbol: 'E', label: 'checker error', color: '#ef6c00' },
  candidate: { symbol: '?', label: 'candidate (unconfirmed)', color: '#c0ca33' },
  rejected: { symbol: 'F', label: 'rejected (Fail on wrong effect)', color: '#2e7d32' },
  degenerate: { symbol: 'd', label: 'degenerate', color: '#9e9e9e' },
  immaterial: { symbol: 'm', label: 'immaterial (differs only where the target declares it does not matter)', color: '#b0bec5' },
  incomplete: { symbol: 'i', label: 'incomplete', color: '#8d6e63' },
  refused: { symbol: 'r', label: 'refused', color: '#d9d9d9' },
};

/** rank: the outcome's place in that order, 0 the worst */
export const OUTCOMES = MUTANT_OUTCOMES.map((key, rank) => ({ key, rank, ...LOOK[key] }));
type Outcome = (typeof OUTCOMES)[number];

const BY_KEY = new Map<string, Outcome>(OUTCOMES.map((o) => [o.key, o]));

/** A mutant cell's look; only fault and search cells have one. */
export const outcomeOf = (c: ScoredCell): Outcome => BY_KEY.get(c.outcome)!;

/** The symbols of a verdict vector, printed with each table of them. */
export const VECTOR_LEGEND = OUTCOMES.map((o) => `${o.symbol} ${o.key === 'false-accept' ? 'Pass on a confirmed wrong effect (false accept)' : o.label}`).join(', ');
