import type { EffectSemantics, Step, TaskInfo } from '../contract/target.ts';
import type { IdempotenceCensus } from '../census/idempotence.ts';

/** One application of a family to one task's reference, or a refusal with its reason. */
export type Construction =
  | { ok: true; steps: Step[]; edit: string }
  | { ok: false; reason: string };

export interface GrammarContext {
  census?: IdempotenceCensus;
  /** the task whose reference is being edited (GUI families look it up in censuses) */
  task?: TaskInfo;
  /** target censuses frozen with the increment, by kind (form-defaults, extra-field-candidates) */
  censuses?: Record<string, unknown>;
  /** the target's declared semantics: placeholders are never alternatives, normalised-equal values are not moves */
  semantics?: EffectSemantics;
}

/** A fault family: a pure function of the reference and the frozen censuses. */
export type Operator = (reference: Step[], ctx: GrammarContext) => Construction;

export const refuse = (reason: string): Construction => ({ ok: false, reason });
export const construct = (steps: Step[], edit: string): Construction => ({ ok: true, steps, edit });

export const isWrite = (s: Step) => s.kind === 'write';
export const replaced = (ref: Step[], i: number, step: Step) => [...ref.slice(0, i), step, ...ref.slice(i + 1)];
export const without = (ref: Step[], i: number) => [...ref.slice(0, i), ...ref.slice(i + 1)];

export function lastIndexWhere<T>(xs: T[], pred: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i])) return i;
  return -1;
}

export function describeStep(s: Step): string {
  return `${s.call}(${JSON.stringify(s.args)})${s.turn === undefined ? '' : ` in turn ${s.turn}`}`;
}
