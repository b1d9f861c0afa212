import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Step, TaskInfo } from '../../src/contract/target.ts';
import { EXTRA_TEXT, extraField, extraFieldSubmit, extraFieldText, extraText, noSubmit, omitDivergent, omitField, claimOnly } from '../../src/grammar/gui.ts';
import { GUI_EXTRA_FAMILIES, GUI_FAMILIES, GUI_OPERATORS } from '../../src/grammar/families/index.ts';
import type { ExtraFieldCensus, FormDefaultsCensus } from '../../src/census/gui.ts';
import type { GrammarContext } from '../../src/grammar/construction.ts';
import { canonicalJson } from '../../src/util/hash.ts';

const FIELDS = ['a', 'b', 'c', 'd', 'e'];
const value = fc.constantFrom('x', 'y', 'def', '');
const fill = (field: string, v: string): Step => ({ call: 'form.fill', args: { field, label: field.toUpperCase(), value: v }, kind: 'write' });
const submit: Step = { call: 'form.submit', args: {}, kind: 'write' };
const claim: Step = { call: 'task.claim', args: {}, kind: 'claim' };
const task: TaskInfo = { id: 'form/0', generator: 'form', variant: 0, split: 'dev', instruction: '', params: {} };

/** A driver reference: distinct fields filled, then (usually) submit, then claim. */
const reference = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...FIELDS), { maxLength: 5 }), fc.array(value, { minLength: 5, maxLength: 5 }), fc.boolean())
  .map(([fields, values, submits]) => [...fields.map((f, i) => fill(f, values[i])), ...(submits ? [submit] : []), claim]);

const contextArb: fc.Arbitrary<GrammarContext> = fc
  .tuple(fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), fc.subarray(FIELDS))
  .map(([mandatory, candidates]) => {
    const defaults: FormDefaultsCensus = {
      kind: 'form-defaults',
      target: 't',
      templates: [{ template: 'form', url: '/', fields: FIELDS.map((f, i) => ({ field: f, label: f.toUpperCase(), kind: 'text', mandatory: mandatory[i], raw: 'def', display: 'def' })) }],
      hash: 'd'.repeat(64),
    };
    const extra: ExtraFieldCensus = {
      kind: 'extra-field-candidates',
      target: 't',
      tasks: [{ task: 'form/0', template: 'form', protected: [], candidates: candidates.map((f) => ({ field: f, label: f.toUpperCase(), value: 'z', default: { raw: 'def', display: 'def' } })) }],
      hash: 'e'.repeat(64),
    };
    return { task, censuses: { 'form-defaults': defaults, 'extra-field-candidates': extra } };
  });

const fills = (s: Step[]) => s.filter((x) => x.call === 'form.fill');

describe('GUI fault grammar', () => {
  it('every construction differs from the reference; every refusal has a reason', () => {
    fc.assert(
      fc.property(reference, contextArb, fc.constantFrom(...GUI_FAMILIES, ...GUI_EXTRA_FAMILIES), (ref, ctx, family) => {
        const out = GUI_OPERATORS[family](ref, ctx);
        if (out.ok) expect(canonicalJson(out.steps)).not.toBe(canonicalJson(ref));
        else expect(out.reason.length).toBeGreaterThan(0);
      }),
    );
  });

  it('is deterministic: same reference and censuses, same construction', () => {
    fc.assert(
      fc.property(reference, contextArb, fc.constantFrom(...GUI_FAMILIES, ...GUI_EXTRA_FAMILIES), (ref, ctx, family) => {
        expect(canonicalJson(GUI_OPERATORS[family](ref, ctx))).toBe(canonicalJson(GUI_OPERATORS[family](structuredClone(ref), structuredClone(ctx))));
      }),
    );
  });

  it('omit-field drops exactly one fill and keeps the submit', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = omitField(ref, {});
        expect(out.ok).toBe(fills(ref).length > 0 && ref.includes(submit));
        if (out.ok) {
          expect(fills(out.steps)).toHaveLength(fills(ref).length - 1);
          expect(out.steps).toContainEqual(submit);
        }
      }),
    );
  });

  it('omit-divergent omits only a non-mandatory field whose value differs from its default', () => {
    fc.assert(
      fc.property(reference, contextArb, (ref, ctx) => {
        const out = omitDivergent(ref, ctx);
        // every field's default is 'def' (raw and display) in these censuses
        const fields = (ctx.censuses!['form-defaults'] as FormDefaultsCensus).templates[0].fields;
        const omittable = fills(ref).some((f) => f.args.value !== 'def' && !fields.find((x) => x.field === f.args.field)!.mandatory);
        expect(out.ok).toBe(ref.includes(submit) && omittable);
        if (!out.ok) return;
        const gone = fills(ref).find((f) => !out.steps.includes(f))!;
        const d = (ctx.censuses!['form-defaults'] as FormDefaultsCensus).templates[0].fields.find((x) => x.field === gone.args.field)!;
        expect(gone.args.value).not.toBe(d.display);
        expect(d.mandatory).toBe(false);
      }),
    );
  });

  it('omit-divergent refuses without a census, and when every value equals its default', () => {
    const ref = [fill('a', 'def'), submit, claim];
    expect(omitDivergent(ref, {}).ok).toBe(false);
    const out = omitDivergent(ref, fc.sample(contextArb, 1)[0]);
    expect(out.ok || out.reason).toMatch(/equals its on-form default/);
  });

  it('no-submit and claim-only never submit', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const n = noSubmit(ref, {});
        expect(n.ok).toBe(ref.includes(submit));
        if (n.ok) expect(n.steps).toEqual(ref.filter((x) => x !== submit));
        const c = claimOnly(ref, {});
        expect(c.ok).toBe(ref.some((x) => x.kind === 'write'));
        if (c.ok) expect(c.steps).toEqual([claim]);
      }),
    );
  });

  it('extra-field adds one fill of a census candidate outside the task fields, before submit', () => {
    fc.assert(
      fc.property(reference, contextArb, (ref, ctx) => {
        const out = extraField(ref, ctx);
        const candidates = (ctx.censuses!['extra-field-candidates'] as ExtraFieldCensus).tasks[0].candidates;
        const filled = fills(ref).map((f) => f.args.field);
        expect(out.ok).toBe(ref.includes(submit) && candidates.some((c) => !filled.includes(c.field)));
        if (!out.ok) return;
        const added = fills(out.steps).filter((f) => !ref.includes(f));
        expect(added).toHaveLength(1);
        expect(fills(ref).map((f) => f.args.field)).not.toContain(added[0].args.field);
        expect(out.steps.indexOf(added[0])).toBeLessThan(out.steps.indexOf(submit));
      }),
    );
  });

  it('extra-field refuses with the reason when no candidate exists', () => {
    const ctx: GrammarContext = { task, censuses: { 'extra-field-candidates': { kind: 'extra-field-candidates', target: 't', tasks: [{ task: 'form/0', template: 'form', protected: [], candidates: [] }], hash: 'e'.repeat(64) } } };
    const out = extraField([fill('a', 'x'), submit, claim], ctx);
    expect(out).toEqual({ ok: false, reason: 'no field outside the protected list has a template value differing from its on-form default' });
  });

  it('extra-field-submit fills the same candidate as extra-field, in the step that submits', () => {
    fc.assert(
      fc.property(reference, contextArb, (ref, ctx) => {
        const single = extraField(ref, ctx);
        const joint = extraFieldSubmit(ref, ctx);
        expect(joint.ok).toBe(single.ok);
        if (!single.ok || !joint.ok) return;
        const added = single.steps.find((x, i) => x.call === 'form.fill' && !ref.includes(x) && single.steps[i + 1]?.call === 'form.submit')!;
        expect(joint.steps.filter((x) => x.call === 'form.submit')).toEqual([]);
        expect(joint.steps.filter((x) => x.call === 'form.fill_submit')).toEqual([{ ...added, call: 'form.fill_submit' }]);
        expect(joint.steps.length).toBe(ref.length);
      }),
    );
  });

  it('extra-text appends text to the last textarea task field only', () => {
    const ctx = structuredClone(fc.sample(contextArb, 1)[0]);
    const census = ctx.censuses!['form-defaults'] as FormDefaultsCensus;
    census.templates[0].fields[1].kind = 'textarea';
    const ref = [fill('a', 'x'), fill('b', 'Slack'), fill('c', 'y'), submit, claim];
    const out = extraText(ref, ctx);
    expect(out.ok && out.steps).toEqual([fill('a', 'x'), fill('b', `Slack${EXTRA_TEXT}`), fill('c', 'y'), submit, claim]);
    expect(extraText([fill('a', 'x'), submit, claim], ctx)).toEqual({ ok: false, reason: 'reference fills no textarea field' });
  });

  it('extra-field-text takes the first candidate the census says is a text field', () => {
    const ctx = structuredClone(fc.sample(contextArb, 1)[0]);
    const defaults = ctx.censuses!['form-defaults'] as FormDefaultsCensus;
    defaults.templates[0].fields.forEach((f) => (f.kind = f.field === 'd' ? 'textarea' : 'choice'));
    (ctx.censuses!['extra-field-candidates'] as ExtraFieldCensus).tasks[0].candidates = ['c', 'd', 'e'].map((f) => ({ field: f, label: f.toUpperCase(), value: 'z', default: { raw: 'def', display: 'def' } }));
    const ref = [fill('a', 'x'), submit, claim];
    const out = extraFieldText(ref, ctx);
    expect(out.ok && out.steps).toEqual([fill('a', 'x'), { ...fill('d', 'z'), args: { field: 'd', label: 'D', value: 'z' } }, submit, claim]);
    expect(extraField(ref, ctx).ok && (extraField(ref, ctx) as { steps: Step[] }).steps[1].args.field).toBe('c');
    defaults.templates[0].fields[3].kind = 'choice';
    expect(extraFieldText(ref, ctx)).toEqual({ ok: false, reason: 'no text field outside the protected list has a template value differing from its on-form default' });
  });
});
