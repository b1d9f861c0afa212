// The API fault grammar (paper appendix A, Table 4). Each family is a pure,
// deterministic function of the reference steps and the frozen census: same
// input, same construction, which is what lets an increment be frozen.
import type { Step } from '../contract/target.ts';
import { construct, describeStep, isWrite, lastIndexWhere, refuse, replaced, without, type Construction, type Operator } from './construction.ts';
import { isPlaceholder, sameArgument } from '../readback/semantics.ts';
import { repeatStep } from '../census/idempotence.ts';

const noWrite = () => refuse('reference has no write step');

/** Deliver only the final read/claim step: nothing is written. */
export const claimOnly: Operator = (ref) => {
  if (!ref.some(isWrite)) return noWrite();
  const i = lastIndexWhere(ref, (s) => s.kind === 'claim' || s.kind === 'read');
  if (i < 0) return refuse('reference has no read or claim step to deliver alone');
  return construct([ref[i]], `deliver only ${ref[i].call}`);
};

/** Drop the last write. */
export const omit: Operator = (ref) => {
  const i = lastIndexWhere(ref, isWrite);
  if (i < 0) return noWrite();
  return construct(without(ref, i), `drop ${describeStep(ref[i])}`);
};

/** Of the first write endpoint called more than once, keep only its first call. */
export const partial: Operator = (ref) => {
  const writes = ref.filter(isWrite);
  const repeated = writes.find((s, i) => writes.findIndex((w) => w.call === s.call) !== i);
  if (!repeated) return refuse('no write endpoint is called more than once');
  const first = ref.findIndex((s) => isWrite(s) && s.call === repeated.call);
  const kept = ref.filter((s, i) => !(isWrite(s) && s.call === repeated.call && i !== first));
  return construct(kept, `keep only the first of ${ref.length - kept.length + 1} ${repeated.call} calls`);
};

/**
 * Move one argument of the last write to another legal value the target offers.
 * Free arguments (the task does not determine them) are never moved; placeholder
 * values and values equal to the current one under the declared normalisations
 * are not alternatives.
 */
export const wrongValue: Operator = (ref, ctx) => {
  const i = lastIndexWhere(ref, isWrite);
  if (i < 0) return noWrite();
  const step = ref[i];
  const movable = Object.keys(step.alternatives ?? {}).filter((a) => a in step.args && !step.free?.includes(a)).sort();
  for (const arg of movable) {
    const alt = step.alternatives![arg].find(
      (v) => !sameArgument(ctx.semantics, step.call, arg, v, step.args[arg]) && !isPlaceholder(ctx.semantics, step.call, arg, v),
    );
    if (alt === undefined) continue;
    const moved: Step = { ...step, args: { ...step.args, [arg]: alt } };
    return construct(replaced(ref, i, moved), `${step.call}: ${arg} ${JSON.stringify(step.args[arg])} -> ${JSON.stringify(alt)}`);
  }
  const free = step.free?.filter((a) => a in (step.alternatives ?? {}));
  return refuse(
    `last write ${step.call} has no argument with a legal alternative value` + (free?.length ? ` (free, not determined by the task: ${free.join(', ')})` : ''),
  );
};

const duplicateAt = (ref: Step[], i: number): Construction => construct(repeatStep(ref, i), `duplicate ${describeStep(ref[i])}`);

/** Duplicate the last write. */
export const extra: Operator = (ref) => {
  const i = lastIndexWhere(ref, isWrite);
  return i < 0 ? noWrite() : duplicateAt(ref, i);
};

/** Duplicate the last write, only when the census saw the repeat change this task's material effect. */
export const extraNi: Operator = (ref, ctx) => {
  const i = lastIndexWhere(ref, isWrite);
  if (i < 0) return noWrite();
  if (!ctx.census) return refuse('no idempotence census was frozen for this increment');
  const entry = ctx.census.entries.find((e) => e.task === ctx.task?.id);
  if (!entry) return refuse(`task ${ctx.task?.id ?? '(unknown)'} is not in the idempotence census`);
  if (entry.status !== 'non-idempotent') {
    return refuse(`repeating last write ${ref[i].call} is ${entry.status} in this task per census ${ctx.census.hash.slice(0, 12)}`);
  }
  return duplicateAt(ref, i);
};
