// Which published orders an assumed error budget leaves identified (paper,
// section 4). A checker that accepts wrong work at most a fraction alpha of the
// time and rejects correct work at most beta of the time turns a published
// score q into the sharp interval of true scores consistent with it:
// [max(0, (q - alpha) / (1 - alpha)), min(1, q / (1 - beta))]. Two
// configurations' order survives only when their intervals do not overlap;
// overlap says the budget could explain the gap, not that the order is wrong.

export interface Budget {
  alpha: number;
  beta: number;
}

export interface Interval {
  lo: number;
  hi: number;
}

export function sharpInterval(q: number, { alpha, beta }: Budget): Interval {
  // alpha = 1: every pass could be a false accept, so nothing is known from below;
  // beta = 1: every fail could be a false reject, so nothing is known from above.
  const lo = alpha >= 1 ? 0 : Math.max(0, (q - alpha) / (1 - alpha));
  const hi = beta >= 1 ? 1 : Math.min(1, q / (1 - beta));
  return { lo, hi };
}

/** Closed intervals: touching ends overlap, so equal scores never survive. */
export const overlap = (a: Interval, b: Interval) => a.lo <= b.hi && b.lo <= a.hi;

export interface Scored {
  configuration: string;
  score: number;
}

export interface RankConsequence {
  configurations: number;
  pairs: number;
  surviving: number;
  /** the surviving pairs, higher score first */
  survivors: [string, string][];
  /** undefined with fewer than two configurations */
  top1Unique?: boolean;
  top1: string[];
  intervals: (Scored & Interval)[];
}

export function rankConsequence(scores: Scored[], budget: Budget): RankConsequence {
  const intervals = [...scores]
    .sort((a, b) => b.score - a.score || a.configuration.localeCompare(b.configuration))
    .map((s) => ({ ...s, ...sharpInterval(s.score, budget) }));
  const survivors: [string, string][] = [];
  for (let i = 0; i < intervals.length; i++)
    for (let j = i + 1; j < intervals.length; j++)
      if (!overlap(intervals[i], intervals[j])) survivors.push([intervals[i].configuration, intervals[j].configuration]);
  const n = intervals.length;
  const best = intervals[0];
  const top1 = intervals.filter((s) => best && s.score === best.score).map((s) => s.configuration);
  // A tie at the top is never unique; otherwise the best lower bound must clear every other upper bound.
  const top1Unique = n < 2 ? undefined : top1.length === 1 && intervals.slice(1).every((s) => best.lo > s.hi);
  return { configurations: n, pairs: (n * (n - 1)) / 2, surviving: survivors.length, survivors, top1Unique, top1, intervals };
}
