// A search operator, the search arm's plugin point: `--operators ./my-ops.ts`
// loads a module exporting `operators: SearchOperator[]` (src/search/load.ts).
import type { EffectSemantics, Step, TaskInfo } from './target.ts';
import type { Json } from './json.ts';

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
  /** the task each of `others` comes from, index for index, so an inserted write can say where it was taken */
  othersFrom?: string[];
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
   * What the edit exposes, in the terms a maintainer uses (e.g. "send_money.recipient",
   * "out-of-scope reboot_device", "send_email.recipients emptied"): findings with the
   * same sites are one weakness of the checker.
   */
  site?(edit: Edit, ctx: SearchContext): string;
  /**
   * The shape of the site, without the values that make it one task's (e.g. "answer: a figure
   * accepted inside a longer figure" for the site 'answer: "4" accepted inside "14"'): one
   * mechanism name over many tasks is a blind spot the checkers share. Absent: the site.
   */
  mechanism?(edit: Edit, ctx: SearchContext): string;
}
