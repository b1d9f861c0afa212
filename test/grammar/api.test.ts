import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Step } from '../../src/contract/target.ts';
import { extraNi, omit, partial, wrongValue, claimOnly } from '../../src/grammar/api.ts';
import { API_FAMILIES, API_OPERATORS } from '../../src/grammar/families/index.ts';
import type { IdempotenceCensus } from '../../src/census/idempotence.ts';
import { canonicalJson } from '../../src/util/hash.ts';

const calls = ['venmo.create_payment_request', 'spotify.like_song', 'todo.mark_done', 'contacts.add_contact'];
const value = fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constantFrom('a', 'b', 'c'), fc.boolean());

const writeStep: fc.Arbitrary<Step> = fc.record({
  call: fc.constantFrom(...calls),
  args: fc.dictionary(fc.constantFrom('id', 'amount', 'note'), value, { minKeys: 1 }),
  kind: fc.constant('write' as const),
  alternatives: fc.option(fc.dictionary(fc.constantFrom('id', 'amount', 'note'), fc.array(value, { maxLength: 3 })), { nil: undefined }),
});
const readStep: fc.Arbitrary<Step> = fc.record({
  call: fc.constantFrom('venmo.show_user', 'spotify.search'),
  args: fc.dictionary(fc.constant('q'), value),
  kind: fc.constant('read' as const),
});
const claim: Step = { call: 'supervisor.complete_task', args: {}, kind: 'claim' };

/** A reference program: reads and writes, ending with the claim step, as references do. */
const reference = fc.array(fc.oneof(writeStep, readStep), { maxLength: 8 }).map((s) => [...s, claim]);

/** A per-task census of task 't' whose repeat is non-idempotent exactly for these endpoints. */
const census = (nonIdempotent: string[], ref: Step[]): IdempotenceCensus => {
  const last = [...ref].reverse().find((s) => s.kind === 'write');
  return {
    kind: 'idempotence',
    version: 2,
    target: 't',
    targetVersion: '1',
    corpusHash: 'c',
    tasks: ['t'],
    entries: last ? [{ task: 't', call: last.call, status: nonIdempotent.includes(last.call) ? 'non-idempotent' : 'idempotent', observation: '' }] : [],
    hash: 'f'.repeat(64),
  };
};
const task = { id: 't', generator: 'g', variant: 0, split: 'dev' as const, instruction: '', params: {} };

const writes = (steps: Step[]) => steps.filter((s) => s.kind === 'write').length;

describe('API fault grammar', () => {
  it('a construction always differs from the reference', () => {
    fc.assert(
      fc.property(reference, fc.subarray(calls), fc.constantFrom(...API_FAMILIES), (ref, ni, family) => {
        const out = API_OPERATORS[family](ref, { census: census(ni, ref), task });
        if (out.ok) expect(canonicalJson(out.steps)).not.toBe(canonicalJson(ref));
        else expect(out.reason.length).toBeGreaterThan(0);
      }),
    );
  });

  it('omit has exactly one write fewer and keeps every other step in order', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = omit(ref, {});
        expect(out.ok).toBe(writes(ref) > 0);
        if (!out.ok) return;
        expect(writes(out.steps)).toBe(writes(ref) - 1);
        expect(out.steps.filter((s) => s.kind !== 'write')).toEqual(ref.filter((s) => s.kind !== 'write'));
      }),
    );
  });

  it('extra-ni only duplicates endpoints the census marks non-idempotent', () => {
    fc.assert(
      fc.property(reference, fc.subarray(calls), (ref, ni) => {
        const out = extraNi(ref, { census: census(ni, ref), task });
        const last = [...ref].reverse().find((s) => s.kind === 'write');
        expect(out.ok).toBe(!!last && ni.includes(last.call));
        if (out.ok) {
          expect(writes(out.steps)).toBe(writes(ref) + 1);
          expect(out.steps.filter((s) => s.call === last!.call).length).toBe(ref.filter((s) => s.call === last!.call).length + 1);
        } else if (last) expect(out.reason).toContain(last.call);
      }),
    );
  });

  it('extra-ni refuses without a census', () => {
    const out = extraNi([{ call: calls[0], args: { id: 1 }, kind: 'write' }, claim], {});
    expect(out).toEqual({ ok: false, reason: expect.stringContaining('census') });
  });

  it('same input, same output', () => {
    fc.assert(
      fc.property(reference, fc.subarray(calls), fc.constantFrom(...API_FAMILIES), (ref, ni, family) => {
        const c = census(ni, ref);
        const a = API_OPERATORS[family](structuredClone(ref), { census: c, task });
        const b = API_OPERATORS[family](structuredClone(ref), { census: structuredClone(c), task });
        expect(a).toEqual(b);
      }),
    );
  });

  it('operators never mutate the reference', () => {
    fc.assert(
      fc.property(reference, fc.subarray(calls), fc.constantFrom(...API_FAMILIES), (ref, ni, family) => {
        const before = structuredClone(ref);
        API_OPERATORS[family](ref, { census: census(ni, ref), task });
        expect(ref).toEqual(before);
      }),
    );
  });

  it('partial keeps only the first call of a repeated write endpoint', () => {
    const like = (id: number): Step => ({ call: 'spotify.like_song', args: { id }, kind: 'write' });
    const out = partial([like(1), like(2), { call: 'todo.mark_done', args: { id: 9 }, kind: 'write' }, like(3), claim], {});
    expect(out.ok && out.steps.map((s) => s.args.id ?? null)).toEqual([1, 9, null]);
    expect(partial([like(1), claim], {})).toMatchObject({ ok: false, reason: 'no write endpoint is called more than once' });
  });

  it('wrong-value moves one argument of the last write to a legal alternative', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = wrongValue(ref, {});
        const i = ref.map((s) => s.kind).lastIndexOf('write');
        const movable = i >= 0 && Object.entries(ref[i].alternatives ?? {}).some(
          ([arg, alts]) => arg in ref[i].args && alts.some((v) => canonicalJson(v) !== canonicalJson(ref[i].args[arg])),
        );
        expect(out.ok).toBe(movable);
        if (!out.ok) return;
        const changed = Object.keys(ref[i].args).filter((k) => canonicalJson(ref[i].args[k]) !== canonicalJson(out.steps[i].args[k]));
        expect(changed).toHaveLength(1);
        expect(ref[i].alternatives?.[changed[0]]).toContainEqual(out.steps[i].args[changed[0]]);
      }),
    );
  });

  it('claim-only delivers a single non-write step', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const out = claimOnly(ref, {});
        expect(out.ok).toBe(writes(ref) > 0);
        if (out.ok) expect(out.steps).toEqual([claim]);
      }),
    );
  });
});
