import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changedValues, describeDifference, diffEffects, isEmptyEffect, writtenTables } from '../../src/readback/compare.ts';
import type { Effect } from '../../src/contract/target.ts';
import { effect, row } from '../fixtures/effects.ts';

const added = (...rows: Record<string, string>[]): Effect => ({ notes: { added: rows.map((values, i) => ({ key: String(i + 1), values })), updated: [], removed: [] } });

describe('diffEffects', () => {
  it('an effect compared with itself, or with a copy of itself, is never a difference', () => {
    fc.assert(fc.property(effect, (e) => diffEffects(e, e).length === 0 && diffEffects(e, structuredClone(e)).length === 0));
  });

  it('what is missing one way is extra the other way', () => {
    fc.assert(
      fc.property(effect, effect, (a, b) => {
        const ab = diffEffects(a, b);
        const ba = diffEffects(b, a);
        expect(ab.map((d) => d.table)).toEqual(ba.map((d) => d.table));
        ab.forEach((d, i) => {
          expect(d.missingAdded).toEqual(expect.arrayContaining(ba[i].extraAdded));
          expect(d.missingAdded).toHaveLength(ba[i].extraAdded.length);
          expect(d.missingRemoved.sort()).toEqual(ba[i].extraRemoved.sort());
        });
      }),
    );
  });

  it('added rows are compared by their values: the keys a database assigns carry no meaning', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (rows) => {
        const rekeyed = rows.map((r, i) => ({ ...r, key: `other-${i}` }));
        return diffEffects({ t: { added: rows, updated: [], removed: [] } }, { t: { added: rekeyed, updated: [], removed: [] } }).length === 0;
      }),
    );
  });

  it('counts duplicates: an extra copy of a reference row is extra', () => {
    const [d] = diffEffects(added({ text: 'hello' }), added({ text: 'hello' }, { text: 'hello' }));
    expect(d).toMatchObject({ table: 'notes', extraAdded: [{ text: 'hello' }], missingAdded: [] });
    expect(describeDifference(d)).toBe('notes: 1 row(s) added beyond the reference');
  });

  it('names every kind of difference, and a table absent on one side counts as empty there', () => {
    const ref: Effect = { t: { added: [{ key: '1', values: { v: 1 } }], updated: [{ key: '9', before: { v: 0 }, after: { v: 1 } }], removed: [{ key: '5', values: {} }] } };
    const [d] = diffEffects(ref, {});
    expect(describeDifference(d)).toBe('t: 1 reference row(s) not added; 1 reference update(s) missing; 1 reference removal(s) missing');
    expect(describeDifference(diffEffects({}, ref)[0])).toBe('t: 1 row(s) added beyond the reference; 1 update(s) the reference does not make; 1 row(s) removed beyond the reference');
  });

  it('an effect with only empty tables writes nothing', () => {
    expect(isEmptyEffect({ a: { added: [], updated: [], removed: [] } })).toBe(true);
    expect(isEmptyEffect(added({ text: 'x' }))).toBe(false);
    expect(writtenTables({ b: added({ x: '1' }).notes, a: { added: [], updated: [], removed: [] } })).toEqual(['b']);
  });

  it('names the column that alone makes several added rows differ, as when two writes are reordered under numbered ids', () => {
    const ref = added({ order_id: '1', sku: 'B200', qty: '5' }, { order_id: '2', sku: 'C300', qty: '5' });
    const [reordered] = diffEffects(ref, added({ order_id: '1', sku: 'C300', qty: '5' }, { order_id: '2', sku: 'B200', qty: '5' }));
    expect(changedValues(reordered)).toEqual(["notes: leaving out notes.order_id or notes.sku, the added rows are the reference's"]);
    expect(changedValues(diffEffects(ref, added({ order_id: '1', sku: 'B200', qty: '6' }, { order_id: '2', sku: 'C300', qty: '7' }))[0])).toEqual([
      "notes: leaving out notes.qty, the added rows are the reference's",
    ]);
    // rows that no one column makes differ name none
    const [moved] = diffEffects(ref, added({ order_id: '1', sku: 'A100', qty: '6' }, { order_id: '2', sku: 'C300', qty: '7' }));
    expect(changedValues(moved)).toEqual([]);
  });
});
