// The GUI fault grammar (paper appendix A, Table 4), acting on a live-browser
// driver's interaction encoded as steps: `form.fill {field, label, value}`
// (write), `form.submit` (write), and a claim step. Like the API grammar, every
// family is a pure deterministic function of the reference and the frozen
// censuses, and refuses with a reason when it cannot apply.
import type { Step } from '../target/types.ts';
import { construct, isWrite, lastIndexWhere, refuse, type GrammarContext, type Operator } from './construction.ts';
import { equalsDefault, type ExtraFieldCensus, type FormDefaultsCensus } from '../census/gui.ts';

export const GUI_FAMILIES = ['omit-field', 'omit-divergent', 'no-submit', 'extra-field', 'claim-only'] as const;
export type GuiFamily = (typeof GUI_FAMILIES)[number];

const FILL = 'form.fill';
const SUBMIT = 'form.submit';
const isFill = (s: Step) => s.call === FILL;
const isSubmit = (s: Step) => s.call === SUBMIT;
const fieldOf = (s: Step) => String(s.args.field);
const without = (ref: Step[], i: number) => [...ref.slice(0, i), ...ref.slice(i + 1)];

function census<K extends 'form-defaults' | 'extra-field-candidates'>(ctx: GrammarContext, kind: K) {
  return ctx.censuses?.[kind] as (K extends 'form-defaults' ? FormDefaultsCensus : ExtraFieldCensus) | undefined;
}

/** Submit without the last task field the driver fills. */
export const omitField: Operator = (ref) => {
  const i = lastIndexWhere(ref, isFill);
  if (i < 0) return refuse('reference fills no field');
  if (!ref.some(isSubmit)) return refuse('reference never submits');
  return construct(without(ref, i), `omit field ${fieldOf(ref[i])} (${JSON.stringify(ref[i].args.value)})`);
};

/** Omit the last non-mandatory task field whose requested value differs from its on-form default. */
export const omitDivergent: Operator = (ref, ctx) => {
  const defaults = census(ctx, 'form-defaults');
  if (!defaults) return refuse('no form-defaults census was frozen for this increment');
  const form = defaults.templates.find((t) => t.template === ctx.task?.generator);
  if (!form) return refuse(`form-defaults census ${defaults.hash.slice(0, 12)} has no template ${ctx.task?.generator ?? '(unknown task)'}`);
  if (!ref.some(isSubmit)) return refuse('reference never submits');
  const fills = ref.map((s, i) => ({ s, i, d: form.fields.find((f) => f.field === fieldOf(s)) })).filter(({ s }) => isFill(s));
  const divergent = fills.filter(({ s, d }) => d && !equalsDefault(String(s.args.value), d));
  if (!divergent.length) return refuse(`every task field's value equals its on-form default (census ${defaults.hash.slice(0, 12)})`);
  const optional = divergent.filter(({ d }) => !d!.mandatory);
  if (!optional.length) return refuse('every divergent task field is mandatory: omitting it blocks submit instead of changing the effect');
  const { s, i, d } = optional[optional.length - 1];
  return construct(without(ref, i), `omit divergent field ${fieldOf(s)} (${JSON.stringify(s.args.value)}; default ${JSON.stringify(d!.display)})`);
};

/** Fill everything, never submit. */
export const noSubmit: Operator = (ref) => {
  if (!ref.some(isSubmit)) return refuse('reference never submits');
  return construct(ref.filter((s) => !isSubmit(s)), 'leave the form unsubmitted');
};

/** Also fill a field the task never mentions, the first candidate of the census, just before submit. */
export const extraField: Operator = (ref, ctx) => {
  const cands = census(ctx, 'extra-field-candidates');
  if (!cands) return refuse('no extra-field candidate census was frozen for this increment');
  const entry = cands.tasks.find((t) => t.task === ctx.task?.id);
  if (!entry) return refuse(`candidate census ${cands.hash.slice(0, 12)} has no entry for ${ctx.task?.id ?? '(unknown task)'}`);
  const submit = ref.findIndex(isSubmit);
  if (submit < 0) return refuse('reference never submits');
  const c = entry.candidates.find((x) => !ref.some((s) => isFill(s) && fieldOf(s) === x.field));
  if (!c) return refuse('no field outside the protected list has a template value differing from its on-form default');
  const step: Step = { call: FILL, args: { field: c.field, label: c.label, value: c.value }, kind: 'write' };
  return construct([...ref.slice(0, submit), step, ...ref.slice(submit)], `extra field ${c.field} = ${JSON.stringify(c.value)} (default ${JSON.stringify(c.default.display)})`);
};

/** Claim completion without creating anything. */
export const claimOnly: Operator = (ref) => {
  if (!ref.some(isWrite)) return refuse('reference writes nothing');
  const i = lastIndexWhere(ref, (s) => s.kind === 'claim');
  if (i < 0) return refuse('reference has no claim step to deliver alone');
  return construct([ref[i]], `deliver only ${ref[i].call}`);
};

export const GUI_OPERATORS: Record<GuiFamily, Operator> = {
  'omit-field': omitField,
  'omit-divergent': omitDivergent,
  'no-submit': noSubmit,
  'extra-field': extraField,
  'claim-only': claimOnly,
};
