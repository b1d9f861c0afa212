import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EffectSemantics, Step } from '../../src/contract/target.ts';
import { BUILTIN_OPERATORS } from '../../src/search/operators.ts';
import { applyPlan, compareSize, planSize, type OperatorSet } from '../../src/search/plan.ts';
import type { Edit, SearchContext } from '../../src/contract/operator.ts';
import { explorePlans } from '../../src/search/explore.ts';
import { shrinkCandidates } from '../../src/search/shrink.ts';
import { canonicalJson } from '../../src/util/hash.ts';

const ops: OperatorSet = new Map(BUILTIN_OPERATORS.map((o) => [o.name, o]));
const calls = ['bank.send', 'notes.add', 'flags.set'];
const word = fc.constantFrom('a', 'bb', 'ccc', '<summary>');
const value = fc.oneof(fc.integer({ min: -5, max: 50 }), word, fc.boolean(), fc.array(word, { maxLength: 3 }));
const argNames = fc.constantFrom('to', 'amount', 'note');

const write: fc.Arbitrary<Step> = fc
  .record({
    call: fc.constantFrom(...calls),
    args: fc.dictionary(argNames, value, { minKeys: 1 }),
    alternatives: fc.option(fc.dictionary(argNames, fc.array(value, { maxLength: 3 })), { nil: undefined }),
    free: fc.option(fc.subarray(['to', 'amount', 'note']), { nil: undefined }),
  })
  .map((s) => ({ ...s, kind: 'write' as const }));
const read: fc.Arbitrary<Step> = fc.record({ call: fc.constant('bank.show'), args: fc.constant({}), kind: fc.constant('read' as const) });
const answerStep = fc.string({ maxLength: 20 }).map((t): Step => ({ call: 'answer', args: { output: `total ${t} 42.5 and 7, paid to Spotify` }, kind: 'claim' }));

/** The arguments on which "<summary>" is a declared placeholder. */
const PLACEHOLDER_ARGS = ['note', 'to'];
const semantics: EffectSemantics = { answer: { call: 'answer', arg: 'output' }, arguments: PLACEHOLDER_ARGS.map((arg) => ({ call: '*', arg, placeholders: ['<summary>'] })) };
const placeholder = (arg: string, v: unknown) => PLACEHOLDER_ARGS.includes(arg) && v === '<summary>';

const context: fc.Arbitrary<SearchContext> = fc
  .record({ steps: fc.array(fc.oneof(write, read), { maxLength: 6 }), claim: answerStep, others: fc.array(write, { maxLength: 4 }) })
  .map(({ steps, claim, others }) => ({
    task: { id: 't/0', generator: 't', variant: 0, split: 'dev', instruction: '', params: {} },
    reference: [...steps, claim],
    others,
    othersFrom: others.map((_, k) => `o/${k}`),
    semantics,
  }));

/** Checks every edit operator `op` makes to generated contexts. */
const everyEdit = (op: string, check: (e: Edit, ctx: SearchContext) => void) =>
  fc.assert(
    fc.property(context, (ctx) => {
      for (const e of ops.get(op)!.edits(ctx)) check(e, ctx);
    }),
  );

describe('search operators', () => {
  it('every edit of every operator applies to the reference and changes it', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        for (const op of BUILTIN_OPERATORS) {
          for (const edit of op.edits(ctx)) {
            const steps = applyPlan([edit], ctx, ops);
            expect(typeof steps, `${op.name} ${canonicalJson(edit)}`).not.toBe('string');
            expect(canonicalJson(steps)).not.toBe(canonicalJson(ctx.reference));
          }
        }
      }),
    );
  });

  it('never moves a free argument, and never to a placeholder', () => {
    everyEdit('move', (edit, ctx) => {
      expect(ctx.reference[edit.at as number].free ?? []).not.toContain(edit.arg);
      if (edit.arg === 'note') expect(edit.value).not.toBe('<summary>');
    });
  });

  it('changes a list argument by exactly what its weakness names, with wrong elements that are no placeholder', () => {
    everyEdit('list', (e, ctx) => {
      const step = ctx.reference[e.at as number];
      expect(step.free ?? []).not.toContain(e.arg);
      const [before, after] = [step.args[e.arg as string] as unknown[], e.value as unknown[]];
      const added = after.filter((x) => !before.includes(x));
      if (e.change === 'emptied') expect(after).toEqual([]);
      else if (e.change === 'one dropped') expect([after.length, added]).toEqual([before.length - 1, []]);
      else if (e.change === 'one added') expect([after.slice(0, -1), added.length]).toEqual([before, 1]);
      else expect([after.length, added.length, after.filter((x, k) => x !== before[k]).length]).toEqual([before.length, 1, 1]);
      expect(added.some((x) => placeholder(e.arg as string, x))).toBe(false);
    });
  });

  it('inserts only other tasks\' writes without a placeholder, naming the task each came from', () => {
    everyEdit('insert', (e, ctx) => {
      const step = e.step as unknown as Step;
      expect(Object.entries(step.args).some(([arg, v]) => placeholder(arg, v))).toBe(false);
      const k = Number(String(e.from).slice(2));
      expect({ call: ctx.others[k].call, args: ctx.others[k].args }).toEqual({ call: step.call, args: step.args });
    });
  });

  it('answers that hold a reported figure or name only inside a longer token, or among wrong alternatives', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        const reference = String(ctx.reference.at(-1)!.args.output);
        const edits = ops.get('answer')!.edits(ctx);
        for (const e of edits) {
          expect(e.text).not.toBe(reference);
          if (e.shape !== 'inside' && e.shape !== 'alternatives') continue;
          const [figure, text] = [String(e.figure), String(e.text)];
          expect(text).toContain(figure);
          if (e.shape === 'inside') {
            expect(String(e.as)).toContain(figure);
            expect(e.as).not.toBe(figure);
            expect(text).toContain(String(e.as));
          }
        }
        const inside = edits.filter((e) => e.shape === 'inside').map((e) => e.as);
        for (const t of ['142.5', '42.51', '17', '70', '7.5', 'Spotifyson']) expect(inside).toContain(t);
      }),
    );
  });

  it('gives a figure\'s neighbours one unit of its last digit away, written as it is written', () => {
    const ctx: SearchContext = {
      task: { id: 'n/0', generator: 'n', variant: 0, split: 'dev', instruction: 'what were the totals?', params: {} },
      reference: [{ call: 'answer', args: { output: 'totals 1,050 and 0 and 9 and 0.99' }, kind: 'claim' }],
      others: [],
      semantics,
    };
    const neighbours = ops.get('answer')!.edits(ctx).filter((e) => e.shape === 'neighbour').map((e) => [e.figure, e.as]);
    expect(neighbours).toEqual([['1,050', '1,051'], ['1,050', '1,049'], ['0', '1'], ['9', '10'], ['9', '8'], ['0.99', '1.00'], ['0.99', '0.98']]);
  });

  it('explores distinct plans that each differ from the reference, the same for the same seed', () => {
    fc.assert(
      fc.property(context, fc.integer(), fc.integer({ min: 1, max: 40 }), (ctx, seed, budget) => {
        const plans = explorePlans(ctx, ops, seed, budget);
        expect(plans.length).toBeLessThanOrEqual(budget);
        const keys = plans.map((p) => canonicalJson(p.steps));
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).not.toContain(canonicalJson(ctx.reference));
        for (const p of plans) expect(canonicalJson(applyPlan(p.plan, ctx, ops))).toBe(canonicalJson(p.steps));
        expect(explorePlans(structuredClone(ctx), ops, seed, budget)).toEqual(plans);
      }),
      { numRuns: 60 },
    );
  });

  it('a budget beyond every plan gives every plan, drawing only until each pair was tried (--budget 1e11 ran out of memory)', () => {
    fc.assert(
      fc.property(context, fc.integer(), (ctx, seed) => {
        const every = explorePlans(ctx, ops, seed, 100_000);
        expect(explorePlans(ctx, ops, seed, 100_000_000_000)).toEqual(every);
      }),
      { numRuns: 6 },
    );
  });

  it('shrinking never grows a plan', () => {
    fc.assert(
      fc.property(context, fc.integer(), (ctx, seed) => {
        for (const { plan } of explorePlans(ctx, ops, seed, 30)) {
          const size = planSize(plan, ops);
          for (const c of shrinkCandidates(plan, ctx, ops)) expect(compareSize(planSize(c, ops), size)).toBeLessThan(0);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('an exchange shrinks to the single moves it is made of', () => {
    const ctx: SearchContext = {
      task: { id: 'p/0', generator: 'p', variant: 0, split: 'dev', instruction: '', params: {} },
      reference: [
        { call: 'pay', args: { to: 'ann', amount: 10 }, kind: 'write' },
        { call: 'pay', args: { to: 'bob', amount: 20 }, kind: 'write' },
      ],
      others: [],
    };
    const [c1, c2] = shrinkCandidates([{ op: 'exchange', at: 0, with: 1, arg: 'amount' }], ctx, ops);
    expect(applyPlan(c1, ctx, ops)).toEqual([ctx.reference[0] && { ...ctx.reference[0], args: { to: 'ann', amount: 20 } }, ctx.reference[1]]);
    expect(applyPlan(c2, ctx, ops)).toEqual([ctx.reference[0], { ...ctx.reference[1], args: { to: 'bob', amount: 10 } }]);
  });
});
