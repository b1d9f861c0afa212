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
  it('orders integer-like keys as a JavaScript object lists them', () => {
    const v = { b: 1, '10': 2, '4294967295': 3, '2': 4, '01': 5, '4294967294': 6, a: { '1': 0, z: 0, '0': 0 } };
    expect(canonicalJson(v)).toBe(sortedStringify(v));
    expect(canonicalJson(v)).toBe('{"2":4,"10":2,"4294967294":6,"01":5,"4294967295":3,"a":{"0":0,"1":0,"z":0},"b":1}');
  });
});
