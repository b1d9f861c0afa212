// Shrinking a finding to a minimal mutant, greedily as property-based testing
// tools do: try the plan's smaller neighbours in a fixed order (without one of
// its edits; each edit replaced by its operator's smaller edits) and move to the
// first that is still a false accept, until none is. The judge scores a
// candidate, or looks it up when an earlier session already did, so a resumed
// run retraces the same path and reaches the same minimal mutant.
import type { Step } from '../contract/target.ts';
import { canonicalJson } from '../util/hash.ts';
import { applyPlan, compareSize, differsOnlyInFree, planSize, type OperatorSet } from './plan.ts';
import type { Plan, SearchContext } from '../contract/operator.ts';
import { distinctBy } from '../util/group.ts';

/** What the judge says of one candidate. `unknown`: not scored, and the judge may not score (a report replaying the ledger). */
export type Judgement = 'finding' | 'not' | 'unknown';

type Judge = (plan: Plan, steps: Step[]) => Promise<Judgement>;

interface ShrinkResult {
  plan: Plan;
  steps: Step[];
  /** candidates judged, in order, up to the last step taken */
  tried: number;
  /** steps taken to a smaller plan */
  shrinks: number;
  /** minimal: no smaller neighbour is a finding; limit: the shrink limit cut it short; unscored: a candidate is not scored yet (an unfinished run) */
  stop: 'minimal' | 'limit' | 'unscored';
}

/** Strictly smaller plans than `plan`, in a fixed order, each distinct. */
export function shrinkCandidates(plan: Plan, ctx: SearchContext, ops: OperatorSet): Plan[] {
  const out: Plan[] = [];
  if (plan.length > 1) plan.forEach((_, k) => out.push([...plan.slice(0, k), ...plan.slice(k + 1)]));
  plan.forEach((e, k) => {
    for (const smaller of ops.get(e.op)?.shrink?.(e, ctx) ?? []) out.push([...plan.slice(0, k), smaller, ...plan.slice(k + 1)]);
  });
  const size = planSize(plan, ops);
  return distinctBy(out.filter((c) => compareSize(planSize(c, ops), size) < 0), canonicalJson);
}

export async function shrink(start: { plan: Plan; steps: Step[] }, ctx: SearchContext, ops: OperatorSet, judge: Judge, limit: number): Promise<ShrinkResult> {
  let current = start;
  let tried = 0;
  let shrinks = 0;
  const reference = canonicalJson(ctx.reference);
  for (;;) {
    let moved = false;
    for (const candidate of shrinkCandidates(current.plan, ctx, ops)) {
      const steps = applyPlan(candidate, ctx, ops);
      // the reference itself, or a trajectory differing from it only in free values, is no mutant
      if (typeof steps === 'string' || canonicalJson(steps) === reference || differsOnlyInFree(steps, ctx.reference)) continue;
      if (tried >= limit) return { ...current, tried, shrinks, stop: 'limit' };
      const verdict = await judge(candidate, steps);
      if (verdict === 'unknown') return { ...current, tried, shrinks, stop: 'unscored' };
      tried++;
      if (verdict === 'finding') {
        current = { plan: candidate, steps };
        shrinks++;
        moved = true;
        break;
      }
    }
    if (!moved) return { ...current, tried, shrinks, stop: 'minimal' };
  }
}
