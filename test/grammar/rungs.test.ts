import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Step } from '../../src/contract/target.ts';
import { isTwin, rungOf, type RungTask } from '../../src/grammar/rungs.ts';

const w = (call: string, args: Step['args']): Step => ({ call, args, kind: 'write' });
const claim: Step = { call: 'supervisor.complete_task', args: {}, kind: 'claim' };
const task = (id: string, generator: string, steps: Step[], tables: string[], scenario?: string): RungTask => ({ id, generator, steps, tables, scenario });

describe('rungs', () => {
  const a = task('pay/0', 'pay', [w('venmo.send', { to: 2, amount: 10 }), claim], ['venmo_transactions']);
  it('diag: the own task', () => expect(rungOf(a, a)).toBe('diag'));
  it('rung-0: same generator, exactly one argument apart', () => {
    const b = task('pay/1', 'pay', [w('venmo.send', { to: 2, amount: 12 }), claim], ['venmo_transactions']);
    expect(rungOf(a, b)).toBe('rung-0');
  });
  it('rung-1: same generator, more than one argument apart', () => {
    const b = task('pay/2', 'pay', [w('venmo.send', { to: 3, amount: 12 }), claim], ['venmo_transactions']);
    expect(rungOf(a, b)).toBe('rung-1');
  });
  it('rung-1: same generator, different shape', () => {
    const b = task('pay/2', 'pay', [w('venmo.send', { to: 2, amount: 10 }), w('venmo.send', { to: 2, amount: 10 }), claim], ['venmo_transactions']);
    expect(rungOf(a, b)).toBe('rung-1');
  });
  it('rung-1: other generator of the same scenario', () => {
    const x = { ...a, scenario: 'venmo' };
    const b = task('req/0', 'req', [w('venmo.request', { from: 2 }), claim], ['venmo_requests'], 'venmo');
    expect(rungOf(x, b)).toBe('rung-1');
  });
  it('rung-2: other scenario, written tables intersect', () => {
    const b = task('split/0', 'split', [w('venmo.send', { to: 5, amount: 1 }), claim], ['venmo_transactions', 'messages']);
    expect(rungOf(a, b)).toBe('rung-2');
  });
  it('rung-3: other scenario, disjoint written tables', () => {
    const b = task('like/0', 'like', [w('spotify.like', { song: 1 }), claim], ['spotify_likes']);
    expect(rungOf(a, b)).toBe('rung-3');
  });
  it('twins need the same calls and argument names', () => {
    expect(isTwin([w('a.x', { p: 1 })], [w('a.y', { p: 2 })])).toBe(false);
    expect(isTwin([w('a.x', { p: 1 })], [w('a.x', { q: 2 })])).toBe(false);
    expect(isTwin([w('a.x', { p: 1 })], [w('a.x', { p: 1 })])).toBe(false);
    expect(isTwin([w('a.x', { p: 1, q: 'k' })], [w('a.x', { p: 2, q: 'k' })])).toBe(true);
  });

  const tables = fc.subarray(['a', 'b', 'c', 'd', 'e']);
  const arbTask = fc.record({
    id: fc.constantFrom('t1', 't2', 't3', 't4'),
    generator: fc.constantFrom('g1', 'g2', 'g3'),
    scenario: fc.option(fc.constantFrom('s1', 's2'), { nil: undefined }),
    steps: fc.array(fc.record({ call: fc.constantFrom('x.a', 'x.b'), args: fc.dictionary(fc.constantFrom('p', 'q'), fc.integer({ min: 0, max: 2 })), kind: fc.constant('write' as const) }), { maxLength: 3 }),
    tables,
  });
  it('swapping i and j never changes whether a pair is rung-2 or rung-3', () => {
    fc.assert(
      fc.property(arbTask, arbTask, (i, j) => {
        const far = (r: string) => (r === 'rung-2' || r === 'rung-3' ? r : 'near');
        expect(far(rungOf(i, j))).toBe(far(rungOf(j, i)));
      }),
      { numRuns: 2000 },
    );
  });
  it('rungs are symmetric altogether', () => {
    fc.assert(
      fc.property(arbTask, arbTask, (i, j) => {
        expect(rungOf(i, j)).toBe(rungOf(j, i));
      }),
      { numRuns: 2000 },
    );
  });
});
