// Kill rates per family and Stryker-style thresholds. A family's kill rate is the
// share of its confirmed wrong-effect cells the checker rejected: Fail over Fail
// plus Pass. As in Stryker's mutation score, a checker Error is neither killed nor
// survived (an invalid mutant) and is left out of the denominator; a false accept a
// maintainer dismissed (triage) is left out too. Rates are never pooled across
// families: the weakest family decides whether the build breaks.
import type { Classification } from '../classify/classify.ts';
import { isDismissed } from '../triage/dismissed.ts';

/** Percentages; checked where they are read (cli/thresholds.ts): break <= low <= high. */
export interface Thresholds {
  high: number;
  low: number;
  /** below this kill rate (in any family) the command exits 1; null: never */
  break: number | null;
}

export const DEFAULT_THRESHOLDS: Thresholds = { high: 80, low: 60, break: null };

type Band = 'high' | 'low' | 'danger' | 'n/a';

export interface KillRateRow {
  family: string;
  killed: number;
  survived: number;
  /** checker errors on confirmed wrong effects: neither killed nor survived */
  errors: number;
  /** dismissed false accepts (triage), left out */
  dismissed: number;
  /** percent, undefined when the family has no confirmed wrong effect with a Pass or Fail */
  rate?: number;
  band: Band;
  belowBreak: boolean;
}

export interface KillRates {
  thresholds: Thresholds;
  families: KillRateRow[];
  /** some family's kill rate is below `break`: the command exits 1 */
  broken: boolean;
}

function bandOf(rate: number | undefined, t: Thresholds): Band {
  if (rate === undefined) return 'n/a';
  return rate >= t.high ? 'high' : rate >= t.low ? 'low' : 'danger';
}

/** What kill rates read of a report's false accepts: which ones triage dismissed. */
type Findings = { falseAccepts: { cell: string; triage?: { status: 'dismissed' | 'accepted' } }[] };

export function killRates(cls: Classification, report: Findings, families: string[], t: Thresholds): KillRates {
  const dismissed = new Set(report.falseAccepts.filter(isDismissed).map((f) => f.cell));
  const rows = families.map((family): KillRateRow => {
    const confirmed = cls.cells.filter((c) => c.arm === 'fault' && c.family === family && c.status === 'confirmed');
    const killed = confirmed.filter((c) => c.verdict === 'fail').length;
    const dropped = confirmed.filter((c) => c.verdict === 'pass' && dismissed.has(c.cell)).length;
    const survived = confirmed.filter((c) => c.verdict === 'pass').length - dropped;
    const errors = confirmed.length - killed - survived - dropped;
    const rate = killed + survived ? (100 * killed) / (killed + survived) : undefined;
    return { family, killed, survived, errors, dismissed: dropped, ...(rate === undefined ? {} : { rate }), band: bandOf(rate, t), belowBreak: rate !== undefined && t.break !== null && rate < t.break };
  });
  return { thresholds: t, families: rows, broken: rows.some((r) => r.belowBreak) };
}

export const formatRate = (rate: number | undefined) => (rate === undefined ? 'n/a' : `${rate.toFixed(1)}%`);
