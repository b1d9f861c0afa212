import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Step } from '../../src/contract/target.ts';
import { extraSelection, partialEntry, wrongChoice } from '../../src/grammar/gui-choice.ts';
import { CHOICE_FAMILIES, CHOICE_OPERATORS } from '../../src/grammar/families/index.ts';
import { canonicalJson } from '../../src/util/hash.ts';

const sel = fc.constantFrom('#a', '#b', '#c', '#d', '#e');
const text = fc.string({ maxLength: 8 });
const how = fc.constantFrom('type', 'keys', 'highlight', 'check', 'pick', 'select', 'press', 'slide');
/** Fills whose value is text that can be cut short. */
const TEXTUAL = ['type', 'keys', 'highlight'];

/** A MiniWoB-shaped step: a fill that types, selects text, ticks, picks, presses or slides, maybe with alternative targets or values. */
const fillStep: fc.Arbitrary<Step> = fc
  .tuple(sel, how, text, fc.uniqueArray(sel, { maxLength: 3 }), fc.uniqueArray(text, { maxLength: 3 }))
  .map(([field, h, value, alts, values]) => {
    const step: Step = { call: 'form.fill', args: { field, label: field.slice(1), value: TEXTUAL.includes(h) || h === 'select' ? value : h === 'slide' ? value.length : true, how: h }, kind: 'write' };
    const others = alts.filter((a) => a !== field);
    if ((h === 'select' || h === 'slide' || h === 'type') && values.length) step.alternatives = { value: values };
    else if (!TEXTUAL.includes(h) && others.length) step.alternatives = { field: others, label: others.map((a) => a.slice(1)) };
    return step;
  });
const submit = fc.tuple(sel, fc.uniqueArray(sel, { maxLength: 3 })).map(([field, alts]): Step => {
  const others = alts.filter((a) => a !== field);
  return { call: 'form.submit', args: { field, label: field.slice(1) }, kind: 'write', ...(others.length ? { alternatives: { field: others, label: others } } : {}) };
});
const claim: Step = { call: 'task.claim', args: {}, kind: 'claim' };
const reference = fc.tuple(fc.array(fillStep, { maxLength: 5 }), submit).map(([fills, s]) => [...fills, s, claim]);

const lastWhere = (xs: Step[], pred: (s: Step) => boolean) => xs.map((s, i) => (pred(s) ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
const diffAt = (a: Step[], b: Step[]) => a.map((s, i) => i).filter((i) => canonicalJson(a[i]) !== canonicalJson(b[i]));

describe('GUI choice families', () => {
  it('every construction differs from the reference; every refusal has a reason; same input, same output', () => {
    fc.assert(
      fc.property(reference, fc.constantFrom(...CHOICE_FAMILIES), (ref, family) => {
        const out = CHOICE_OPERATORS[family](ref, {});
        if (out.ok) expect(canonicalJson(out.steps)).not.toBe(canonicalJson(ref));
        else expect(out.reason.length).toBeGreaterThan(0);
        expect(canonicalJson(CHOICE_OPERATORS[family](structuredClone(ref), {}))).toBe(canonicalJson(out));
      }),
    );
  });

  it('wrong-choice moves exactly one step, the last with alternatives, to its first alternative', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = wrongChoice(ref, {});
        const last = lastWhere(ref, (s) => !!(s.alternatives?.field?.length || s.alternatives?.value?.length));
        expect(out.ok).toBe(last >= 0);
        if (!out.ok) return;
        expect(out.steps).toHaveLength(ref.length);
        expect(diffAt(ref, out.steps)).toEqual([last]);
        const moved = out.steps[last];
        const alt = ref[last].alternatives!;
        if (alt.field?.length) expect([moved.args.field, moved.args.label]).toEqual([alt.field[0], alt.label![0]]);
        else expect(moved.args.value).toEqual(alt.value![0]);
        expect(moved.call).toBe(ref[last].call);
      }),
    );
  });

  it('extra-selection adds one tick of a box or counted button the reference leaves alone, right after the step it copies', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = extraSelection(ref, {});
        const i = lastWhere(ref, (s) => (s.args.how === 'check' || s.args.how === 'press') && !!s.alternatives?.field?.length);
        expect(out.ok).toBe(i >= 0);
        if (!out.ok) return;
        expect(out.steps).toHaveLength(ref.length + 1);
        expect(out.steps.slice(0, i + 1)).toEqual(ref.slice(0, i + 1));
        expect(out.steps.slice(i + 2)).toEqual(ref.slice(i + 1));
        expect(out.steps[i + 1].args.field).toBe(ref[i].alternatives!.field![0]);
        expect(out.steps[i + 1].args.field).not.toBe(ref[i].args.field);
        expect(out.steps[i + 1].args.how).toBe(ref[i].args.how);
      }),
    );
  });

  it('partial-entry types (or selects) a proper, non-empty prefix of the last text entry and changes nothing else', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = partialEntry(ref, {});
        const i = lastWhere(ref, (s) => TEXTUAL.includes(String(s.args.how)) && [...String(s.args.value)].length >= 2);
        expect(out.ok).toBe(i >= 0);
        if (!out.ok) return;
        expect(diffAt(ref, out.steps)).toEqual([i]);
        const [full, part] = [String(ref[i].args.value), String(out.steps[i].args.value)];
        expect(part.length).toBeGreaterThan(0);
        expect(part.length).toBeLessThan(full.length);
        expect(full.startsWith(part)).toBe(true);
      }),
    );
  });

  it('never touches the claim or drops the submit', () => {
    fc.assert(
      fc.property(reference, fc.constantFrom(...CHOICE_FAMILIES), (ref, family) => {
        const out = CHOICE_OPERATORS[family](ref, {});
        if (!out.ok) return;
        expect(out.steps.at(-1)).toEqual(claim);
        expect(out.steps.filter((s) => s.call === 'form.submit')).toHaveLength(1);
      }),
    );
  });
});
