import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { repeatStep, takeIdempotenceCensus } from '../../src/census/idempotence.ts';
import { API_OPERATORS } from '../../src/grammar/families/index.ts';
import type { Step, Target } from '../../src/contract/target.ts';
import { target as toy } from '../fixtures/toy-target.ts';

const step: fc.Arbitrary<Step> = fc.record({ call: fc.constantFrom('a.w', 'b.w', 'c.r'), args: fc.record({ v: fc.nat(3) }), kind: fc.constantFrom('write' as const, 'read' as const, 'claim' as const) });

describe('repeatStep', () => {
  it('repeats exactly one step, right after itself, and keeps every other step in place', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), fc.nat(), (steps, n) => {
        const i = n % steps.length;
        const out = repeatStep(steps, i);
        expect(out).toEqual([...steps.slice(0, i + 1), steps[i], ...steps.slice(i + 1)]);
        expect(out).toHaveLength(steps.length + 1);
      }),
    );
  });

  it('is what extra delivers, so the census measures the very delivery extra-ni gates', () => {
    const ref: Step[] = [{ call: 'a.w', args: { v: 1 }, kind: 'write' }, { call: 'b.w', args: { v: 2 }, kind: 'write' }, { call: 'c.r', args: {}, kind: 'claim' }];
    const c = API_OPERATORS.extra(ref, {});
    expect(c.ok && c.steps).toEqual(repeatStep(ref, 1));
  });
});

describe('idempotence census', () => {
  let target: Target;
  beforeAll(async () => {
    target = await toy.open({});
  });
  afterAll(() => target.close());

  it('measures per task whether repeating its last write changes its material effect', async () => {
    const census = await takeIdempotenceCensus(target, ['notes/1', 'flag/0', 'notes/0']);
    expect(census.tasks).toEqual(['flag/0', 'notes/0', 'notes/1']);
    const by = Object.fromEntries(census.entries.map((e) => [e.task, e]));
    expect(by['notes/0']).toMatchObject({ call: 'notes.add', status: 'non-idempotent', observation: 'notes: 1 row(s) added beyond the reference' });
    expect(by['flag/0']).toMatchObject({ call: 'flags.set', status: 'idempotent', observation: 'the repeat changed nothing' });
    expect(census.hash).toMatch(/^[0-9a-f]{64}$/);
    // content-hashed: the same measurement is the same census
    expect((await takeIdempotenceCensus(target, ['notes/0', 'flag/0', 'notes/1'])).hash).toBe(census.hash);
  });

  it('takes the references it is handed (freeze has them) instead of asking the target again, and leaves them as they were', async () => {
    const ids = ['notes/1', 'flag/0', 'notes/0'];
    const references = new Map(await Promise.all(ids.map(async (id) => [id, await target.reference(id)] as const)));
    const before = structuredClone([...references]);
    let asked = 0;
    const counting: Target = { ...target, reference: (id, o) => (asked++, target.reference(id, o)) };
    const handed = await takeIdempotenceCensus(counting, ids, references);
    expect(asked).toBe(0);
    expect(handed).toEqual(await takeIdempotenceCensus(counting, ids));
    expect(asked).toBe(3);
    expect([...references]).toEqual(before);
  });
});
