// A mutation plan: a short list of edits applied to a task's reference. Edits
// name reference steps by their index in the reference, so a plan means the same
// thing whatever the other edits did to positions; an edit whose step another
// edit removed makes the plan invalid rather than silently editing another step.
import type { Step } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import type { Edit, Plan, PlanSize, SearchContext, SearchOperator, Slot } from '../contract/operator.ts';
import { canonicalJson } from '../util/hash.ts';
import type { Cell } from '../contract/cell.ts';
import { derivedCellId } from '../protocol/cell.ts';
import { ownCell } from '../grammar/enumerate.ts';

export type OperatorSet = Map<string, SearchOperator>;

/** Index of the slot holding reference step `at`, or -1 when an earlier edit removed it. */
export const slotOf = (slots: Slot[], at: Json): number => slots.findIndex((s) => s.from === at);

export function applyPlan(plan: Plan, ctx: SearchContext, ops: OperatorSet): Step[] | string {
  let slots: Slot[] = ctx.reference.map((step, from) => ({ from, step }));
  for (const edit of plan) {
    const op = ops.get(edit.op);
    if (!op) return `unknown operator ${edit.op}`;
    const next = op.apply(slots, edit, ctx);
    if (typeof next === 'string') return next;
    slots = next;
  }
  return slots.map((s) => s.step);
}

export function planSize(plan: Plan, ops: OperatorSet): PlanSize {
  const size: PlanSize = { edits: plan.length, steps: 0, args: 0 };
  for (const e of plan) {
    const s = ops.get(e.op)?.size(e) ?? { steps: 1, args: 0 };
    size.steps += s.steps;
    size.args += s.args;
  }
  return size;
}

/** Smaller first: fewer edits, then fewer steps, then fewer arguments changed. */
export function compareSize(a: PlanSize, b: PlanSize): number {
  return a.edits - b.edits || a.steps - b.steps || a.args - b.args;
}

/** The names of a plan's edits, each given by `name` (else the operator's name), deduplicated in a fixed order. */
const namesOf = (plan: Plan, name: (op: SearchOperator, e: Edit) => string | undefined, ops: OperatorSet) =>
  [...new Set(plan.map((e) => { const op = ops.get(e.op); return (op && name(op, e)) ?? e.op; }))].sort().join(' + ');

/** The weakness a plan exposes: its edits' sites, in a fixed order. */
export const weaknessOf = (plan: Plan, ctx: SearchContext, ops: OperatorSet) => namesOf(plan, (op, e) => op.site?.(e, ctx), ops);

/** The mechanism a plan's weakness is one instance of: its edits' mechanisms (else sites), in a fixed order. */
export const mechanismOf = (plan: Plan, ctx: SearchContext, ops: OperatorSet) => namesOf(plan, (op, e) => op.mechanism?.(e, ctx) ?? op.site?.(e, ctx), ops);

export const describePlan = (plan: Plan, ctx: SearchContext, ops: OperatorSet) =>
  plan.map((e) => ops.get(e.op)?.describe(e, ctx) ?? canonicalJson(e)).join('; then ');

/** A trajectory's writes as a sorted multiset, with the free arguments (free in any reference step of the call) left out or kept. */
function writeSet(steps: Step[], free: Map<string, Set<string>> | undefined): string {
  const keep = (s: Step) => (free ? Object.fromEntries(Object.entries(s.args).filter(([a]) => !free.get(s.call)?.has(a))) : s.args);
  return canonicalJson(steps.filter((s) => s.kind === 'write').map((s) => canonicalJson([s.call, keep(s)])).sort());
}

/**
 * Whether a trajectory writes what the reference writes except for values the
 * task does not determine: e.g. a plan that drops a message whose body is free and
 * inserts another to the same recipient elsewhere. Such a plan proves nothing.
 * (A plan that only reorders writes, or changes the final answer, is not this.)
 */
export function differsOnlyInFree(steps: Step[], reference: Step[]): boolean {
  const free = new Map<string, Set<string>>();
  for (const s of reference) for (const a of s.free ?? []) (free.get(s.call) ?? free.set(s.call, new Set()).get(s.call)!).add(a);
  if (!free.size) return false;
  return writeSet(steps, free) === writeSet(reference, free) && writeSet(steps, undefined) !== writeSet(reference, undefined);
}

/** A search cell of the task: an explored plan, or a candidate derived from one while shrinking, named by the steps it delivers. */
export function searchCell(ctx: SearchContext, plan: Plan, steps: Step[], ops: OperatorSet): Cell {
  const construction = { ok: true as const, steps, edit: describePlan(plan, ctx, ops), plan };
  return { ...ownCell('search', 'search', ctx.task, construction), id: derivedCellId(ctx.task.id, steps) };
}
