// A mutation plan: a short list of edits applied to a task's reference. Edits
// name reference steps by their index in the reference, so a plan means the same
// thing whatever the other edits did to positions; an edit whose step another
// edit removed makes the plan invalid rather than silently editing another step.
import type { EffectSemantics, Step, TaskInfo } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { canonicalJson } from '../util/hash.ts';

export type Edit = { op: string } & { [k: string]: Json };
export type Plan = Edit[];

/** A step of a plan's trajectory, and the reference step it came from (none for an inserted step). */
export interface Slot {
  from?: number;
  step: Step;
}

export interface SearchContext {
  task: TaskInfo;
  reference: Step[];
  /** write steps of other tasks' references that can run in this task's world (out-of-scope writes) */
  others: Step[];
  semantics?: EffectSemantics;
}

export interface PlanSize {
  edits: number;
  /** steps removed, added, moved or edited */
  steps: number;
  /** argument values changed */
  args: number;
}

/**
 * One composable mutation operator. A plugin module exports `operators`, an
 * array of these; the engine never needs to know what an operator does.
 */
export interface SearchOperator {
  name: string;
  description: string;
  /** every edit this operator can make to this task's reference, in a deterministic order */
  edits(ctx: SearchContext): Edit[];
  /** the slots after the edit, or why it cannot apply */
  apply(slots: Slot[], edit: Edit, ctx: SearchContext): Slot[] | string;
  /** how much of the reference the edit changes */
  size(edit: Edit): Omit<PlanSize, 'edits'>;
  /** smaller edits to try when a plan holding this edit is a finding */
  shrink?(edit: Edit, ctx: SearchContext): Edit[];
  describe(edit: Edit, ctx: SearchContext): string;
  /**
   * What the edit exposes, independent of the value it used (e.g. "send_money.recipient",
   * "out-of-scope write"): findings with the same sites are one weakness of the checker.
   */
  site?(edit: Edit, ctx: SearchContext): string;
}

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

/** The weakness a plan exposes: its edits' sites, in a fixed order. */
export const weaknessOf = (plan: Plan, ctx: SearchContext, ops: OperatorSet) =>
  [...new Set(plan.map((e) => ops.get(e.op)?.site?.(e, ctx) ?? e.op))].sort().join(' + ');

export const describePlan = (plan: Plan, ctx: SearchContext, ops: OperatorSet) =>
  plan.map((e) => ops.get(e.op)?.describe(e, ctx) ?? canonicalJson(e)).join('; then ');

export const sameSteps = (a: Step[], b: Step[]) => canonicalJson(a) === canonicalJson(b);
