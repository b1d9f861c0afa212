// csvTable writes what csv-stringify's object mode writes with a header: same
// header, same order, same quoting and casting of every value.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { csvTable } from '../../src/report/csv.ts';

const cell = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant('a,"b"\nc'));
// keys as the reports name columns: words, with what a perturbation type or family may hold
const key = fc.stringMatching(/^[a-z][a-z0-9_.\- ]{0,12}$/);

describe('csvTable', () => {
  it('writes the bytes csv-stringify writes for object rows with header: true', () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 6 }), fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { maxLength: 8 }), (keys, values) => {
        const rows = values.map((v) => Object.fromEntries(keys.map((k, i) => [k, v[i]])));
        if (rows.length) expect(csvTable(rows)).toBe(stringify(rows, { header: true }));
        expect(csvTable(rows, keys)).toBe(stringify(rows, { header: true, columns: keys }));
        // a subset of the columns, in another order
        const some = [...keys].reverse().slice(0, Math.max(1, keys.length - 1));
        expect(csvTable(rows, some)).toBe(stringify(rows, { header: true, columns: some }));
      }),
    );
  });

  it('writes nothing for no rows and no columns, and the header alone for no rows', () => {
    expect(csvTable([])).toBe(stringify([], { header: true }));
    expect(csvTable([], ['a', 'b'])).toBe('a,b\n');
  });
});
