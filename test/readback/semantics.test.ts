import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffEffects } from '../../src/readback/compare.ts';
import { immaterialBecause, isPlaceholder, materialEffect, normaliseValue, sameArgument, tableRule } from '../../src/readback/semantics.ts';
import { NORMALISERS, type Effect, type EffectSemantics, type TableSemantics } from '../../src/contract/target.ts';
import type { Json } from '../../src/contract/json.ts';
import { COLUMNS, TABLES, effect, value } from '../fixtures/effects.ts';

/** Declarations a target could make about the fixture's tables and columns. */
const tableSemantics: fc.Arbitrary<TableSemantics> = fc.record(
  {
    table: fc.constantFrom(...TABLES, 'no*', '*'),
    kind: fc.constantFrom('state' as const, 'log' as const),
    set: fc.boolean(),
    setColumns: fc.subarray(COLUMNS),
    ignore: fc.subarray(COLUMNS),
    normalise: fc.dictionary(fc.constantFrom(...COLUMNS), fc.subarray([...NORMALISERS])),
  },
  { requiredKeys: ['table'] },
);
const semantics: fc.Arbitrary<EffectSemantics> = fc.record({ tables: fc.array(tableSemantics, { maxLength: 3 }) });
const differingTables = (a: Effect, b: Effect, s: EffectSemantics) => diffEffects(materialEffect(a, s), materialEffect(b, s)).map((d) => d.table);

describe('material effects', () => {
  it('an effect is never materially different from itself, whatever is declared', () => {
    fc.assert(fc.property(effect, semantics, (e, s) => differingTables(e, structuredClone(e), s).length === 0));
  });

  it('declaring a table a log never adds a difference, and removes that table from the differences', () => {
    fc.assert(
      fc.property(effect, effect, semantics, fc.constantFrom(...TABLES), (a, b, s, table) => {
        const asLog: EffectSemantics = { tables: [{ table, kind: 'log' }, ...(s.tables ?? [])] };
        const before = differingTables(a, b, s);
        const after = differingTables(a, b, asLog);
        expect(after.every((t) => before.includes(t))).toBe(true);
        expect(after).not.toContain(table);
      }),
    );
  });

  it('a set column is blind to order and duplicates', () => {
    const s: EffectSemantics = { tables: [{ table: 'events', setColumns: ['tags'] }] };
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), fc.nat(), (tags, seed) => {
        const shuffled = [...tags].sort(() => ((seed = (seed * 16807) % 2147483647) % 3) - 1);
        const withDuplicates = [...shuffled, tags[seed % tags.length]];
        const of = (t: Json[]): Effect => ({ events: { added: [{ key: '1', values: { a: 'x', tags: t } }], updated: [], removed: [] } });
        return differingTables(of(tags), of(withDuplicates), s).length === 0;
      }),
    );
    // and only that column: the same lists in another column still differ
    const raw = (tags: Json[]): Effect => ({ events: { added: [{ key: '1', values: { b: tags } }], updated: [], removed: [] } });
    expect(differingTables(raw(['x', 'y']), raw(['y', 'x']), s)).toEqual(['events']);
  });

  it('a set table ignores duplicate added rows; a state table counts them', () => {
    const twice: Effect = { notes: { added: [{ key: '1', values: { a: 'x' } }, { key: '2', values: { a: 'x' } }], updated: [], removed: [] } };
    const once: Effect = { notes: { added: [{ key: '1', values: { a: 'x' } }], updated: [], removed: [] } };
    expect(differingTables(once, twice, { tables: [{ table: 'notes', set: true }] })).toEqual([]);
    expect(differingTables(once, twice, { tables: [{ table: 'notes' }] })).toEqual(['notes']);
  });

  it('ignored columns and normalised values are no difference; an update that changes only them is no update', () => {
    const s: EffectSemantics = { tables: [{ table: 'notes', ignore: ['b'], normalise: { a: ['trim', 'casefold'] } }] };
    const of = (a: string, b: string): Effect => ({ notes: { added: [{ key: '1', values: { a, b } }], updated: [{ key: '7', before: { a: 'k', b: '0' }, after: { a: ' K ', b: '1' } }], removed: [] } });
    expect(differingTables(of('Hello ', 'now'), of('hello', 'later'), s)).toEqual([]);
    expect(materialEffect(of('x', 'y'), s).notes.updated).toEqual([]);
    expect(differingTables(of('Hello', 'now'), of('Help', 'now'), s)).toEqual(['notes']);
  });

  it('returns the effect itself when nothing is declared', () => {
    const e: Effect = { t: { added: [], updated: [], removed: [] } };
    expect(materialEffect(e, undefined)).toBe(e);
    expect(materialEffect(e, {})).toBe(e);
  });
});

describe('normalisers', () => {
  it.each([
    ['trim', '  a b ', 'a b'],
    ['casefold', 'New York', 'new york'],
    ['whitespace', ' a \n\t b ', 'a b'],
    ['number', ' 12.50 ', 12.5],
    ['number', 'twelve', 'twelve'],
    ['us-city', 'New York, NY 10001', 'New York'],
    ['us-city', 'Paris, France', 'Paris, France'],
  ] as const)('%s: %j -> %j', (n, input, out) => {
    expect(normaliseValue(input, [n])).toEqual(out);
  });

  it('apply in order, inside lists, and leave other values alone; applying them twice changes nothing more', () => {
    expect(normaliseValue([' A ', 3, null], ['trim', 'casefold'])).toEqual(['a', 3, null]);
    fc.assert(
      fc.property(value, fc.subarray([...NORMALISERS]), (v, how) => {
        const once = normaliseValue(v, how);
        expect(normaliseValue(once, how)).toEqual(once);
      }),
    );
  });
});

describe('declarations', () => {
  const s: EffectSemantics = {
    tables: [
      { table: 'slack.user_inbox[*]', kind: 'log', why: 'mirrors the channels' },
      { table: 'slack.*', set: true, ignore: ['id'] },
    ],
    arguments: [{ call: '*', arg: 'body', placeholders: ['<summary>'] }, { call: 'bank.send', arg: 'city', normalise: ['us-city'] }],
  };

  it('the first declaration whose name or pattern matches applies', () => {
    expect(tableRule(s, 'slack.user_inbox[alice]')?.kind).toBe('log');
    expect(tableRule(s, 'slack.channels')?.set).toBe(true);
    expect(tableRule(s, 'bank.transactions')).toBeUndefined();
  });

  it('says why a difference is immaterial, in the words of the declaration', () => {
    expect(immaterialBecause(s, 'slack.user_inbox[bob]')).toBe('slack.user_inbox[bob]: differs only where the target declares it immaterial (a log table: mirrors the channels)');
    expect(immaterialBecause(s, 'slack.channels')).toBe('slack.channels: differs only where the target declares it immaterial (ignored columns id; a set (duplicate rows are no change))');
  });

  it('placeholders and normalised arguments', () => {
    expect(isPlaceholder(s, 'mail.send', 'body', '<summary>')).toBe(true);
    expect(isPlaceholder(s, 'mail.send', 'body', 'Hi')).toBe(false);
    expect(sameArgument(s, 'bank.send', 'city', 'New York', 'New York, NY 10001')).toBe(true);
    expect(sameArgument(s, 'mail.send', 'city', 'New York', 'New York, NY 10001')).toBe(false);
  });
});
