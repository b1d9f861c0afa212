// The GUI fault grammar (paper appendix A, Table 4), acting on a live-browser
// driver's interaction encoded as steps: `form.fill {field, label, value}`
// (write), `form.submit` (write), and a claim step. Like the API grammar, every
// family is a pure deterministic function of the reference and the frozen
// censuses, and refuses with a reason when it cannot apply.
import type { Step } from '../contract/target.ts';
import { construct, isWrite, lastIndexWhere, refuse, replaced, without, type Construction, type GrammarContext, type Operator } from './construction.ts';
import { equalsDefault, type ExtraFieldCensus, type FormDefaultsCensus } from '../census/gui.ts';

const FILL = 'form.fill';
const SUBMIT = 'form.submit';
/** one agent step that fills a field and then clicks submit */
const FILL_SUBMIT = 'form.fill_submit';
/** what extra-text appends: plausible request text that is not the requested value */
export const EXTRA_TEXT = ' (please also include a docking station)';
const isFill = (s: Step) => s.call === FILL;
const isSubmit = (s: Step) => s.call === SUBMIT;
const fieldOf = (s: Step) => String(s.args.field);

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

/** The task's form in the form-defaults census, for a reference that submits; or why not. */
function submittedForm(ref: Step[], ctx: GrammarContext) {
  const defaults = census(ctx, 'form-defaults');
  if (!defaults) return refuse('no form-defaults census was frozen for this increment');
  const form = defaults.templates.find((t) => t.template === ctx.task?.generator);
  if (!form) return refuse(`form-defaults census ${defaults.hash.slice(0, 12)} has no template ${ctx.task?.generator ?? '(unknown task)'}`);
  if (!ref.some(isSubmit)) return refuse('reference never submits');
  return { ok: true as const, form, hash: defaults.hash };
}

/** Omit the last non-mandatory task field whose requested value differs from its on-form default. */
export const omitDivergent: Operator = (ref, ctx) => {
  const found = submittedForm(ref, ctx);
  if (!('form' in found)) return found;
  const { form } = found;
  const fills = ref.map((s, i) => ({ s, i, d: form.fields.find((f) => f.field === fieldOf(s)) })).filter(({ s }) => isFill(s));
  const divergent = fills.filter(({ s, d }) => d && !equalsDefault(String(s.args.value), d));
  if (!divergent.length) return refuse(`every task field's value equals its on-form default (census ${found.hash.slice(0, 12)})`);
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

/** The first extra-field candidate of the task the reference does not fill (and that `accept` takes), and where the reference submits. */
function extraCandidate(ref: Step[], ctx: GrammarContext, accept: (field: string) => boolean = () => true, what = 'field') {
  const cands = census(ctx, 'extra-field-candidates');
  if (!cands) return refuse('no extra-field candidate census was frozen for this increment');
  const entry = cands.tasks.find((t) => t.task === ctx.task?.id);
  if (!entry) return refuse(`candidate census ${cands.hash.slice(0, 12)} has no entry for ${ctx.task?.id ?? '(unknown task)'}`);
  const submit = ref.findIndex(isSubmit);
  if (submit < 0) return refuse('reference never submits');
  const c = entry.candidates.find((x) => accept(x.field) && !ref.some((s) => isFill(s) && fieldOf(s) === x.field));
  if (!c) return refuse(`no ${what} outside the protected list has a template value differing from its on-form default`);
  return { ok: true as const, c, submit, edit: `extra field ${c.field} = ${JSON.stringify(c.value)} (default ${JSON.stringify(c.default.display)})` };
}

/** Also fill a field the task never mentions, the first candidate of the census, as its own step just before submit. */
export const extraField: Operator = (ref, ctx) => fillAtSubmit(ref, extraCandidate(ref, ctx));

/** The candidate's fill as its own step just before the reference's submit, or (`inSubmit`) in the step that submits, replacing it. */
function fillAtSubmit(ref: Step[], x: ReturnType<typeof extraCandidate>, inSubmit = false): Construction {
  if (!('c' in x)) return x;
  const step: Step = { call: inSubmit ? FILL_SUBMIT : FILL, args: { field: x.c.field, label: x.c.label, value: x.c.value }, kind: 'write' };
  if (inSubmit) return construct(replaced(ref, x.submit, step), `${x.edit}, filled and submitted in one step`);
  return construct([...ref.slice(0, x.submit), step, ...ref.slice(x.submit)], x.edit);
}

/** The same extra field, filled in the step that submits: fill and click in one agent action. */
export const extraFieldSubmit: Operator = (ref, ctx) => fillAtSubmit(ref, extraCandidate(ref, ctx), true);

/** extra-field restricted to text and textarea candidates (field kinds from the form-defaults census). */
export const extraFieldText: Operator = (ref, ctx) => {
  const form = census(ctx, 'form-defaults')?.templates.find((t) => t.template === ctx.task?.generator);
  if (!form) return refuse('no form-defaults census of this template was frozen for this increment');
  const isText = (field: string) => form.fields.some((f) => f.field === field && (f.kind === 'text' || f.kind === 'textarea'));
  return fillAtSubmit(ref, extraCandidate(ref, ctx, isText, 'text field'));
};

/** Append text to the last textarea task field (field kinds from the form-defaults census). */
export const extraText: Operator = (ref, ctx) => {
  const found = submittedForm(ref, ctx);
  if (!('form' in found)) return found;
  const { form } = found;
  const i = lastIndexWhere(ref, (s) => isFill(s) && form.fields.some((f) => f.field === fieldOf(s) && f.kind === 'textarea'));
  if (i < 0) return refuse('reference fills no textarea field');
  const value = String(ref[i].args.value) + EXTRA_TEXT;
  const steps = ref.map((s, k) => (k === i ? { ...s, args: { ...s.args, value } } : s));
  return construct(steps, `textarea ${fieldOf(ref[i])} = ${JSON.stringify(value)} (requested text plus more)`);
};

/** Claim completion without creating anything. */
export const claimOnly: Operator = (ref) => {
  if (!ref.some(isWrite)) return refuse('reference writes nothing');
  const i = lastIndexWhere(ref, (s) => s.kind === 'claim');
  if (i < 0) return refuse('reference has no claim step to deliver alone');
  return construct([ref[i]], `deliver only ${ref[i].call}`);
};

/** Empty the first optional text field outside the task that the form shows filled, just before submit. */
export const editClear: Operator = (ref, ctx) => {
  const found = submittedForm(ref, ctx);
  if (!('form' in found)) return found;
  const filled = new Set(ref.filter(isFill).map(fieldOf));
  const f = found.form.fields.find((d) => !filled.has(d.field) && !d.mandatory && (d.kind === 'text' || d.kind === 'textarea') && d.display !== '');
  if (!f) return refuse(`no optional text field outside the task shows a value on the form (census ${found.hash.slice(0, 12)})`);
  const submit = ref.findIndex(isSubmit);
  const step: Step = { call: FILL, args: { field: f.field, label: f.label, value: '' }, kind: 'write' };
  return construct([...ref.slice(0, submit), step, ...ref.slice(submit)], `clear field ${f.field} (shown ${JSON.stringify(f.display)})`);
};
