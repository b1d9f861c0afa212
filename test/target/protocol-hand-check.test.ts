// The hand checks of hot answers stand in for zod only where zod would return
// the answer as it is: anything they pass, zod passes unchanged; every
// well-formed answer they pass (so the fast path is taken), and near-misses
// (a wrong type, an extra key, a missing field) they leave to zod.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passesAsIs, plainResult } from '../../src/target/protocol/hand-check.ts';
import { RESULTS, ResponseSchema, type Method } from '../../src/target/protocol/messages.ts';

const json = fc.jsonValue();
// an own __proto__ key (which zod's record does not copy as it is) is left to zod, as the last test shows
const key = fc.string().filter((k) => k !== '__proto__');
const values = fc.dictionary(key, json);
const row = fc.record({ key: fc.string(), values });
const changes = fc.record({
  added: fc.array(row, { maxLength: 3 }),
  updated: fc.array(fc.record({ key: fc.string(), before: values, after: values }), { maxLength: 3 }),
  removed: fc.array(row, { maxLength: 3 }),
});
const count = fc.nat();

/** Well-formed answers of each hot method, optional fields present or not. */
const WELL_FORMED: Partial<Record<Method, fc.Arbitrary<unknown>>> = {
  open: fc.record({ episode: fc.string({ minLength: 1 }) }),
  deliver: fc.record(
    { completed: fc.boolean(), stepsRun: count, error: fc.string(), rejected: fc.array(fc.record({ step: count, call: fc.string(), error: fc.string() }), { maxLength: 2 }) },
    { requiredKeys: ['completed', 'stepsRun'] },
  ),
  readback: fc.record({ effect: fc.dictionary(key, changes, { maxKeys: 3 }) }),
  check: fc.record({ verdict: fc.constantFrom('pass', 'fail', 'error'), detail: fc.string(), cause: fc.string() }, { requiredKeys: ['verdict', 'detail'] }),
  close: fc.dictionary(key, json, { maxKeys: 2 }),
};

/**
 * A well-formed value with one thing changed somewhere in it (a value replaced, a
 * key added to an object, a key or item removed), as a JSON line carries it.
 */
function nearMiss(v: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (x: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, [...path, Array.isArray(x) ? Number(k) : k]);
  };
  walk(v, []);
  return fc.tuple(fc.constantFrom(...paths), json, fc.constantFrom('replace', 'add-key', 'remove')).map(([path, value, how]) => {
    const copy = structuredClone(v) as Record<string | number, unknown>;
    if (!path.length) return how === 'replace' ? value : copy;
    const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], copy);
    const last = path[path.length - 1];
    const at = parent[last];
    if (how === 'replace') parent[last] = value;
    else if (how === 'remove') {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
    } else if (at && typeof at === 'object' && !Array.isArray(at)) at.extra = value;
    return JSON.parse(JSON.stringify(copy));
  });
}

describe('the hand checks of hot protocol answers', () => {
  for (const [method, arb] of Object.entries(WELL_FORMED) as [Method, fc.Arbitrary<unknown>][]) {
    it(`${method}: passes every well-formed answer, as zod returns it`, () => {
      fc.assert(
        fc.property(arb, (v) => {
          expect(passesAsIs(method, v)).toBe(true);
          const parsed = RESULTS[method].safeParse(v);
          expect(parsed.success && parsed.data).toEqual(v);
        }),
      );
    });

    it(`${method}: passes nothing zod would refuse or change`, () => {
      fc.assert(
        fc.property(arb.chain(nearMiss), (v) => {
          if (!passesAsIs(method, v)) return;
          const parsed = RESULTS[method].safeParse(v);
          expect(parsed.success).toBe(true);
          expect(parsed.success && parsed.data).toEqual(v);
        }),
        { numRuns: 500 },
      );
    });
  }

  it('refuses the near-misses a careless check would pass', () => {
    expect(passesAsIs('check', { verdict: 'maybe', detail: '' })).toBe(false);
    expect(passesAsIs('check', { verdict: 'pass', detail: '', checkers: {} })).toBe(false);
    expect(passesAsIs('deliver', { completed: true, stepsRun: 1.5 })).toBe(false);
    expect(passesAsIs('deliver', { completed: true, stepsRun: -1 })).toBe(false);
    expect(passesAsIs('readback', { effect: { t: { added: [], updated: [], removed: [], extra: [] } } })).toBe(false);
    expect(passesAsIs('readback', { effect: { t: { added: [{ key: 1, values: {} }], updated: [], removed: [] } } })).toBe(false);
    expect(passesAsIs('deliver', { completed: true, stepsRun: 2 ** 53 })).toBe(false);
    expect(passesAsIs('readback', JSON.parse('{"effect": {"t": {"added": [{"key": "k", "values": {"__proto__": 1}}], "updated": [], "removed": []}}}'))).toBe(false);
    expect(passesAsIs('open', { episode: '' })).toBe(false);
    expect(passesAsIs('close', [])).toBe(false);
    // methods without a hand check always go to zod
    expect(passesAsIs('handshake', { protocol: 3, target: {} })).toBe(false);
  });

  it('takes a response line as ResponseSchema does when it is a plain {id, result}, and leaves the rest to it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), json, (id, result) => {
        const message = { id, result };
        expect(plainResult(message)).toEqual(ResponseSchema.parse(message));
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const plain = plainResult(message);
        if (plain) expect(ResponseSchema.parse(message)).toEqual(plain);
      }),
    );
    expect(plainResult({ id: 1, error: { code: 'x', message: 'y' } })).toBeUndefined();
    expect(plainResult({ id: 1, result: 2, error: { code: 'x', message: 'y' } })).toBeUndefined();
    expect(plainResult({ id: 1 })).toBeUndefined();
    expect(plainResult({ id: true, result: 1 })).toBeUndefined();
  });
});
