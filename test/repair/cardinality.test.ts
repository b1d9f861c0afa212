import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { patchCardinality, cardinalityCase } from '../../src/repair/cardinality.ts';
import { canonicalJson } from '../../src/util/hash.ts';
import { buildResult } from '../../src/repair/result.ts';
import { headline } from '../../src/repair/render.ts';
import { countMismatches, scopeViolations } from '../../src/repair/mechanism.ts';
import type { Classification } from '../../src/classify/classify.ts';
import type { Effect } from '../../src/contract/target.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

// A count-blind checker in the apps style whose params do not say how many rows to add.
const CHECKER = `
export default function check(t: { case(n: string, c: boolean): void }, { diff }: { params: Record<string, unknown>; diff: { added(t: string): { label: string }[] } }) {
  const rows = diff.added('items');
  t.case('some item added', rows.length > 0);
}
`;

async function grade(file: string, params: unknown, rows: number) {
  const mod = (await import(pathToFileURL(file).href)) as { default: (t: unknown, ctx: unknown) => void };
  const failed: string[] = [];
  const diff = { added: (table: string) => (table === 'items' ? Array.from({ length: rows }, () => ({ label: 'x' })) : []) };
  mod.default({ case: (n: string, c: boolean) => c || failed.push(n) }, { params, diff });
  return failed;
}

describe('the cardinality patch', () => {
  it('asserts the reference count of each variant, keyed by params, and fails params it has no count for', async () => {
    const one = { list: 'a', tags: ['x'] };
    const two = { tags: ['x', 'y'], list: 'b' };
    const patched = patchCardinality('items.ts', CHECKER, [
      { key: canonicalJson(one), task: 'items/0', added: { items: 1, other: 3 } },
      { key: canonicalJson(two), task: 'items/1', added: { items: 2 } },
    ], '// copy');
    expect(patched.tables).toEqual(['items']);
    expect(patched.source.startsWith('// copy')).toBe(true);
    const file = join(tmp(), 'items.ts');
    writeFileSync(file, patched.source);
    expect(await grade(file, one, 1)).toEqual([]);
    expect(await grade(file, one, 2)).toEqual([cardinalityCase('items')]);
    // key order in params does not matter: the lookup is by canonical JSON
    expect(await grade(file, { list: 'b', tags: ['x', 'y'] }, 2)).toEqual([]);
    expect(await grade(file, two, 1)).toEqual([cardinalityCase('items')]);
    expect(await grade(file, { list: 'zzz' }, 1)).toEqual([cardinalityCase('items')]);
  });

  it('refuses two tasks with equal params but different reference counts', () => {
    expect(() =>
      patchCardinality('items.ts', CHECKER, [
        { key: '{}', task: 'a', added: { items: 1 } },
        { key: '{}', task: 'b', added: { items: 2 } },
      ], ''),
    ).toThrow(/share params/);
  });

  it('leaves a checker that reads no added rows as it was', () => {
    const src = `export default function check(t: any, { diff }: any) { t.case('x', diff.updated('a').length === 1); }\n`;
    expect(patchCardinality('u.ts', src, [], '//')).toMatchObject({ source: src, tables: [] });
  });
});

describe('mechanisms read from two effects', () => {
  const row = (values: Record<string, unknown>, key = '1') => ({ key, values: values as never });
  const ref: Effect = { items: { added: [row({ label: 'a', note: null })], updated: [], removed: [] } };
  it('count mismatches name the table and both counts', () => {
    const got: Effect = { items: { added: [row({ label: 'a' }), row({ label: 'a' }, '2')], updated: [], removed: [] } };
    expect(countMismatches(ref, got)).toEqual([{ table: 'items', reference: 1, delivered: 2 }]);
    expect(countMismatches(ref, ref)).toEqual([]);
  });
  it('scope violations name tables and fields outside the reference effect', () => {
    const got: Effect = {
      items: { added: [row({ label: 'a', note: 'extra' })], updated: [], removed: [] },
      audit: { added: [row({ x: 1 })], updated: [], removed: [] },
    };
    expect(scopeViolations(ref, got)).toEqual(['audit (table outside the reference effect)', 'items.note (field outside the reference effect)']);
    expect(scopeViolations(ref, ref)).toEqual([]);
  });
});

describe('a repair result', () => {
  it('reports a control the patch breaks instead of hiding it', () => {
    const effect: Effect = { items: { added: [{ key: '1', values: { a: 1 } }], updated: [], removed: [] } };
    const double: Effect = { items: { added: [{ key: '1', values: { a: 1 } }, { key: '2', values: { a: 1 } }], updated: [], removed: [] } };
    const cls: Classification = {
      referenceEffects: { 't/0': effect },
      unscored: [],
      cells: [
        { cell: 'control:t/0', arm: 'control', family: 'control', checker: 't/0', trajectory: 't/0', generator: 't', verdict: 'pass', falseAccept: false, falseReject: false },
        { cell: 'fault:extra:t/0#0', arm: 'fault', family: 'extra', checker: 't/0', trajectory: 't/0', generator: 't', status: 'confirmed', verdict: 'pass', falseAccept: true, falseReject: false },
      ],
    };
    const result = buildResult(
      { patch: 'cardinality', mode: 'regraded', run: { dir: 'r', incrementId: 'i', incrementHash: 'h' }, shipped: { checkerHash: 'c', files: [] }, notes: [] },
      cls,
      new Map([['control:t/0', effect], ['fault:extra:t/0#0', double]]),
      (a, b) => countMismatches(a, b).map((m) => m.table),
      new Map([['control:t/0', { verdict: 'fail' as const }], ['fault:extra:t/0#0', { verdict: 'fail' as const }]]),
    );
    expect(result.flips).toMatchObject([{ cell: 'fault:extra:t/0#0', shipped: 'pass', patched: 'fail', flipped: true }]);
    expect(result.controls).toMatchObject({ total: 1, preserved: 0, broken: [{ cell: 'control:t/0', patched: 'fail' }] });
    expect(headline(result).join('\n')).toMatch(/PATCH BREAKS CONTROLS: control:t\/0 \(fail\)/);
  });
});
