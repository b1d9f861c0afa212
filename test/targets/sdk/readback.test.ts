// The SDK's generic readback (python/blindspot_target/readback.py) against a model
// of its documented rules: a map is a table keyed by its keys, a list of records
// is keyed by its id field (declared or detected) or else compared as a multiset,
// a nested record is its own table, and no order of keys or elements matters.
// One Python process answers every generated case.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, NO_PYTHON, PYTHON } from './python.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Row = Record<string, Json>;
type TableEffect = { added: { key: string; values: Json }[]; updated: { key: string; before: Json; after: Json }[]; removed: { key: string; values: Json }[] };
type Effect = Record<string, TableEffect>;

const DRIVER = 'test/fixtures/sdk/readback_driver.py';

const canon = (v: Json): string =>
  Array.isArray(v) ? `[${v.map(canon).join(',')}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}` : JSON.stringify(v);
const byKey = <T extends { key: string }>(xs: T[]) => [...xs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** The Effect of a keyed table, as the rules define it, rows in key order. */
function keyedEffect(before: Record<string, Json>, after: Record<string, Json>): TableEffect {
  return {
    added: byKey(Object.keys(after).filter((k) => !(k in before)).map((key) => ({ key, values: after[key] }))),
    updated: byKey(Object.keys(after).filter((k) => k in before && canon(before[k]) !== canon(after[k])).map((key) => ({ key, before: before[key], after: after[key] }))),
    removed: byKey(Object.keys(before).filter((k) => !(k in after)).map((key) => ({ key, values: before[key] }))),
  };
}

/** Rows of `rows` left once `other` has taken away one equal row for each of its own. */
function minus(rows: Json[], other: Json[]): string[] {
  const left = new Map<string, number>();
  for (const r of other) left.set(canon(r), (left.get(canon(r)) ?? 0) + 1);
  return rows.map(canon).filter((c) => {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    return n === 0;
  });
}

const changed = (t: TableEffect) => t.added.length + t.updated.length + t.removed.length > 0;
const indexBy = (rows: Row[], field: string) => Object.fromEntries(rows.map((r) => [String(r[field]), r]));

// Small value spaces, so generated states share rows, keys and ids often.
const scalar = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 'é', ''), fc.boolean(), fc.constant(null));
const record = fc.dictionary(fc.constantFrom('x', 'y', 'z'), scalar, { maxKeys: 3 });
const withField = (field: string, ids: fc.Arbitrary<Json>) =>
  fc.uniqueArray(fc.tuple(ids, record).map(([id, r]) => ({ ...r, [field]: id }) as Row), { selector: (r) => r[field], maxLength: 5 });

const state = fc.record({
  count: fc.integer({ min: 0, max: 2 }),
  customers: fc.dictionary(fc.constantFrom('c1', 'c2', 'c3', 'c4'), record),
  orders: withField('id', fc.integer({ min: 0, max: 6 })),
  items: withField('sku', fc.constantFrom('s1', 's2', 's3', 's4')),
  notes: fc.array(record, { maxLength: 5 }),
  profile: fc.record({ name: fc.constantFrom('Ada', 'Mei'), address: fc.record({ city: fc.constantFrom('Leeds', 'Cork'), zip: fc.integer({ min: 1, max: 2 }) }) }),
});
type State = typeof state extends fc.Arbitrary<infer S> ? S : never;
const IDS = { items: 'sku' };

/** What the rules say the Effect between two generated states is; multiset rows by value only. */
function expected(b: State, a: State) {
  const keyed: Effect = {
    state: keyedEffect({ self: { count: b.count } }, { self: { count: a.count } }),
    customers: keyedEffect(b.customers, a.customers),
    orders: keyedEffect(indexBy(b.orders, 'id'), indexBy(a.orders, 'id')),
    items: keyedEffect(indexBy(b.items, 'sku'), indexBy(a.items, 'sku')),
    profile: keyedEffect({ self: { name: b.profile.name } }, { self: { name: a.profile.name } }),
    'profile.address': keyedEffect({ self: b.profile.address }, { self: a.profile.address }),
  };
  const notes = { added: minus(a.notes, b.notes).sort(), removed: minus(b.notes, a.notes).sort() };
  return { keyed: Object.fromEntries(Object.entries(keyed).filter(([, t]) => changed(t))), notes };
}

/** The SDK's answer split the same way, keyed tables' rows in key order. */
function observed(effect: Effect) {
  const { notes, ...keyed } = effect;
  const sorted = Object.fromEntries(Object.entries(keyed).map(([name, t]) => [name, { added: byKey(t.added), updated: byKey(t.updated), removed: byKey(t.removed) }]));
  return { keyed: sorted, notes: { added: (notes?.added ?? []).map((r) => canon(r.values)).sort(), removed: (notes?.removed ?? []).map((r) => canon(r.values)).sort() }, noteKeys: notes ? [...notes.added, ...notes.removed].map((r) => r.key) : [], noteUpdates: notes?.updated ?? [] };
}

const shuffled = <T>(xs: T[], seed: number): T[] => xs.map((x, i) => ({ x, k: (i * 7919 + seed * 104729) % 1009 })).sort((p, q) => p.k - q.k).map((p) => p.x);
const reordered = (s: State, seed: number): State => ({
  ...s,
  customers: Object.fromEntries(shuffled(Object.entries(s.customers), seed).map(([k, r]) => [k, Object.fromEntries(shuffled(Object.entries(r), seed + 1))])),
  orders: shuffled(s.orders, seed),
  items: shuffled(s.items, seed + 2),
  notes: shuffled(s.notes, seed + 3),
});

describe.skipIf(!PYTHON)(`SDK generic readback${NO_PYTHON}`, () => {
  let py: ReturnType<typeof jsonLines>;
  beforeAll(() => {
    py = jsonLines(DRIVER);
  });
  afterAll(() => py?.close());
  const effectOf = async (before: unknown, after: unknown, extra: Record<string, unknown> = {}): Promise<Effect> => {
    const answer = await py.ask({ before, after, ...extra });
    if (answer.error) throw new Error(answer.error);
    return answer.effect;
  };

  it('maps, lists with a detected or declared id, multisets and nested records: added, updated and removed rows as the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(state, state, async (b, a) => {
        const got = observed(await effectOf(b, a, { ids: IDS }));
        const want = expected(b, a);
        expect(got.keyed).toEqual(want.keyed);
        expect(got.notes).toEqual(want.notes);
        // rows without identity are never "updated", and carry surrogate keys
        expect(got.noteUpdates).toEqual([]);
        for (const k of got.noteKeys) expect(k).toMatch(/^#\d+$/);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of map keys, record fields or list elements', async () => {
    await fc.assert(
      fc.asyncProperty(state, state, fc.nat(50), async (b, a, seed) => {
        expect(await effectOf(reordered(b, seed), reordered(a, seed + 5), { ids: IDS })).toEqual(await effectOf(b, a, { ids: IDS }));
      }),
      { numRuns: 200 },
    );
  });

  it('reads no change from a state and itself', async () => {
    await fc.assert(
      fc.asyncProperty(state, async (s) => {
        expect(await effectOf(s, s, { ids: IDS })).toEqual({});
      }),
      { numRuns: 100 },
    );
  });

  it('without the declaration, a list keyed by an undetected field is a multiset', async () => {
    const b = { items: [{ sku: 's1', n: 1 }] };
    const a = { items: [{ sku: 's1', n: 2 }] };
    expect(await effectOf(b, a, { ids: IDS })).toEqual({ items: { added: [], updated: [{ key: 's1', before: b.items[0], after: a.items[0] }], removed: [] } });
    expect(await effectOf(b, a)).toEqual({ items: { added: [{ key: '#0', values: a.items[0] }], updated: [], removed: [{ key: '#0', values: b.items[0] }] } });
  });

  it('an id field that repeats does not key the list', async () => {
    const twice = [{ id: 1, x: 'a' }, { id: 1, x: 'b' }];
    expect(await effectOf({ orders: [] }, { orders: twice })).toEqual({
      orders: { added: [{ key: '#0', values: twice[0] }, { key: '#1', values: twice[1] }], updated: [], removed: [] },
    });
  });

  it('lists of scalars, maps of lists and declared maps and records', async () => {
    expect(await effectOf({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ tags: { added: [{ key: '#1', values: { value: 'b' } }], updated: [], removed: [] } });
    expect(await effectOf({ inbox: { ada: [{ text: 'hi' }], mei: [] } }, { inbox: { ada: [{ text: 'hi' }], mei: [{ text: 'yo' }] } })).toEqual({
      'inbox[mei]': { added: [{ key: '#0', values: { text: 'yo' } }], updated: [], removed: [] },
    });
    // detected as a record (scalar values), declared a map: one row per key
    expect(await effectOf({ stock: { s1: 3, s2: 5 } }, { stock: { s1: 3, s2: 4 } }, { maps: ['stock'] })).toEqual({
      stock: { added: [], updated: [{ key: 's2', before: { value: 5 }, after: { value: 4 } }], removed: [] },
    });
    expect(await effectOf({ stock: { s1: 3, s2: 5 } }, { stock: { s1: 3, s2: 4 } })).toEqual({
      stock: { added: [], updated: [{ key: 'self', before: { s1: 3, s2: 5 }, after: { s1: 3, s2: 4 } }], removed: [] },
    });
    // detected as a map (object values), declared a record: its parts are its own tables
    expect(await effectOf({ settings: { billing: { cur: 'EUR' } } }, { settings: { billing: { cur: 'GBP' } } }, { records: ['settings'] })).toEqual({
      'settings.billing': { added: [], updated: [{ key: 'self', before: { cur: 'EUR' }, after: { cur: 'GBP' } }], removed: [] },
    });
  });

  it('refuses a snapshot that is not a JSON object', async () => {
    expect((await py.ask({ before: [1], after: [2] })).error).toMatch(/a snapshot is a JSON object/);
  });
});
