import type { Step } from '../target/types.ts';

/** One application of a family to one task's reference, or a refusal with its reason. */
export type Construction =
  | { ok: true; steps: Step[]; edit: string }
  | { ok: false; reason: string };

export const refuse = (reason: string): Construction => ({ ok: false, reason });
export const construct = (steps: Step[], edit: string): Construction => ({ ok: true, steps, edit });

export const isWrite = (s: Step) => s.kind === 'write';

export function lastIndexWhere<T>(xs: T[], pred: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i])) return i;
  return -1;
}

export function describeStep(s: Step): string {
  return `${s.call}(${JSON.stringify(s.args)})`;
}
