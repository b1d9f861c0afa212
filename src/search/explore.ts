// Which plans the search explores for one task, decided at freeze from a seed:
// every single-edit plan first (a careful reviewer would try each), sampled with
// fast-check when there are more than the budget; the rest of the budget goes to
// pairs of edits, sampled the same way. Plans that cannot apply, that leave the
// reference unchanged, or that deliver the same steps as an earlier plan are
// skipped, so every explored plan is a distinct trajectory.
import fc from 'fast-check';
import type { Step } from '../contract/target.ts';
import { canonicalJson, sha256 } from '../util/hash.ts';
import { applyPlan, differsOnlyInFree, type OperatorSet } from './plan.ts';
import type { Edit, Plan, SearchContext } from '../contract/operator.ts';

interface ExploredPlan {
  plan: Plan;
  steps: Step[];
}

/** Draws of pairs per remaining budget slot: enough that collisions and invalid pairs rarely leave it unfilled. */
const PAIR_DRAWS = 4;

/** A 32-bit seed per task, so tasks explore independently and adding a task changes no other's plans. */
const taskSeed = (seed: number, task: string) => Number.parseInt(sha256(`${seed}\u0000${task}`).slice(0, 8), 16) | 0;

export function explorePlans(ctx: SearchContext, ops: OperatorSet, seed: number, budget: number): ExploredPlan[] {
  const seen = new Set([canonicalJson(ctx.reference)]);
  const out: ExploredPlan[] = [];
  const consider = (plan: Plan) => {
    const steps = applyPlan(plan, ctx, ops);
    if (typeof steps === 'string') return;
    const key = canonicalJson(steps);
    if (seen.has(key) || differsOnlyInFree(steps, ctx.reference)) return;
    seen.add(key);
    out.push({ plan, steps });
  };
  const edits: Edit[] = [...ops.values()].flatMap((op) => op.edits(ctx));
  if (!edits.length || budget <= 0) return [];
  const s = taskSeed(seed, ctx.task.id);
  const singles = edits.length <= budget ? edits : fc.sample(fc.shuffledSubarray(edits, { minLength: budget, maxLength: budget }), { seed: s, numRuns: 1 })[0];
  for (const e of singles) consider([e]);
  if (out.length < budget && edits.length > 1) {
    const pair = fc.tuple(fc.integer({ min: 0, max: edits.length - 1 }), fc.integer({ min: 0, max: edits.length - 1 })).filter(([a, b]) => a !== b);
    const draws = (budget - out.length) * PAIR_DRAWS;
    // Every pair considered: a later draw repeats one and adds no plan. Stopping
    // there, and drawing in growing prefixes (a seed draws the same values however
    // many are asked), gives the plans all `draws` would give without holding them
    // at once: `--budget 100000000000` ran out of memory before its first cell.
    const pairs = edits.length * (edits.length - 1);
    const tried = new Set<number>();
    for (let taken = 0, ask = Math.min(draws, 1024); taken < draws; taken = ask, ask = Math.min(draws, ask * 2)) {
      for (const [a, b] of fc.sample(pair, { seed: s ^ 0x5a5a5a5a, numRuns: ask }).slice(taken)) {
        if (out.length >= budget || tried.size === pairs) return out;
        tried.add(a * edits.length + b);
        consider([edits[a], edits[b]]);
      }
    }
  }
  return out;
}
