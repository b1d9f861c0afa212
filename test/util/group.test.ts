import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { movedLast } from '../../src/util/group.ts';

describe('movedLast', () => {
  it('keeps every item, puts those the predicate holds for after the rest, and keeps the order within each part', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (xs) => {
        const odd = (x: number) => x % 2 !== 0;
        const out = movedLast(xs, odd);
        const firstOdd = out.findIndex(odd);
        expect([...out].sort()).toEqual([...xs].sort());
        if (firstOdd >= 0) expect(out.slice(firstOdd).every(odd)).toBe(true);
        expect(out.filter(odd)).toEqual(xs.filter(odd));
        expect(out.filter((x) => !odd(x))).toEqual(xs.filter((x) => !odd(x)));
      }),
    );
  });
});
