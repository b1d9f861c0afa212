// GUI families for pages whose answer is a choice or a typed value rather than a
// created record (MiniWoB++): pick the wrong option, select one more, type only
// part of the answer. Targets that declare the 'gui-choice' capability get them
// beside the GUI families. They read only the step conventions: a choice step
// lists its other legal targets in `alternatives.field` (with `alternatives.label`
// aligned) or its other legal values in `alternatives.value`; `args.how` says
// whether a fill types text ('type', or 'keys' key by key), selects a run of
// text ('highlight'), ticks a box that allows several ('check'), or presses a
// button the answer counts ('press').
import type { Step } from '../contract/target.ts';
import { construct, lastIndexWhere, refuse, replaced, type Operator } from './construction.ts';

const otherTargets = (s: Step) => (s.alternatives?.field ?? []).map((field, i) => ({ field, label: s.alternatives?.label?.[i] ?? field }));
const otherValues = (s: Step) => s.alternatives?.value ?? [];
const isChoice = (s: Step) => s.kind === 'write' && (otherTargets(s).length > 0 || otherValues(s).length > 0);
const show = (v: unknown) => JSON.stringify(v);

/** Move the last choice to its first alternative: another option, another box, another target element. */
export const wrongChoice: Operator = (ref) => {
  const i = lastIndexWhere(ref, isChoice);
  if (i < 0) return refuse('no step of the reference chooses among alternatives (no other option, box or target element)');
  const s = ref[i];
  const [target] = otherTargets(s);
  if (target) {
    const step: Step = { call: s.call, kind: s.kind, args: { ...s.args, field: target.field, label: target.label } };
    return construct(replaced(ref, i, step), `wrong choice: ${show(s.args.label)} -> ${show(target.label)} (${target.field})`);
  }
  const value = otherValues(s)[0];
  return construct(replaced(ref, i, { call: s.call, kind: s.kind, args: { ...s.args, value } }), `wrong choice: ${show(s.args.value)} -> ${show(value)} in ${show(s.args.label)}`);
};

/** Also tick the first alternative of the last multi-select step (a box, a counted button), right after it. */
export const extraSelection: Operator = (ref) => {
  const i = lastIndexWhere(ref, (s) => (s.args.how === 'check' || s.args.how === 'press') && otherTargets(s).length > 0);
  if (i < 0) return refuse('the reference ticks no box and presses no counted button that has an unselected alternative');
  const s = ref[i];
  const [extra] = otherTargets(s);
  const step: Step = { call: s.call, kind: s.kind, args: { ...s.args, field: extra.field, label: extra.label } };
  return construct([...ref.slice(0, i + 1), step, ...ref.slice(i + 1)], `extra selection: ${show(extra.label)} (${extra.field}) besides ${show(s.args.label)}`);
};

/** Entries whose text can be cut short: typed, typed key by key, or selected. */
const TEXT_ENTRY = new Set(['type', 'keys', 'highlight']);

/** Type (or select) only the first half of the last text entry. */
export const partialEntry: Operator = (ref) => {
  const i = lastIndexWhere(ref, (s) => TEXT_ENTRY.has(String(s.args.how)) && typeof s.args.value === 'string' && [...s.args.value].length >= 2);
  if (i < 0) return refuse('the reference types or selects no text of two characters or more');
  const s = ref[i];
  const chars = [...String(s.args.value)];
  const value = chars.slice(0, Math.ceil(chars.length / 2)).join('');
  return construct(replaced(ref, i, { ...s, args: { ...s.args, value } }), `partial entry: ${show(value)} of ${show(s.args.value)} in ${show(s.args.label)}`);
};
