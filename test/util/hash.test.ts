import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from '../../src/util/hash.ts';

/** The reference definition: JSON.stringify of the value with every object's keys sorted. */
const sortedStringify = (v: unknown) =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x,
  );

describe('canonicalJson', () => {
  it('equals JSON.stringify of the key-sorted value, byte for byte', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v)).toBe(sortedStringify(v));
      }),
      { numRuns: 2000 },
    );
  });
  it('ignores key order and drops undefined fields as JSON does', () => {
    expect(canonicalJson({ b: 1, a: [1, undefined, { d: undefined, c: 'x' }] })).toBe('{"a":[1,null,{"c":"x"}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});
