import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { LOCK_FILE } from '../../src/run/lock.ts';
import fc from 'fast-check';
import { runCli, comparable, stoppedPartWay } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { parseShard, shardAssignment, shardCells } from '../../src/run/shard.ts';
import type { Cell } from '../../src/contract/cell.ts';

// The committed increment of the README's default audit (apps, faults + floor + swap).
const INC = 'mutants/apps-9fd7de1dc930';
const tmp = useTmp();

const cellsOf = (sizes: number[]): Cell[] =>
  sizes.flatMap((n, t) =>
    Array.from({ length: n }, (_, i) => ({ id: `c${t}-${i}`, arm: 'fault', family: 'omit', index: i, checker: `task${t}`, trajectory: `task${t}`, generator: 'g', construction: { ok: false, reason: '' } }) as Cell),
  );

describe('shard assignment', () => {
  it('puts every cell in exactly one shard, whole tasks at a time, and keeps shards within one task of each other', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (sizes, n) => {
        const cells = cellsOf(sizes);
        const shares = Array.from({ length: n }, (_, i) => shardCells(cells, { index: i + 1, total: n }));
        expect(shares.flat().map((c) => c.id).sort()).toEqual(cells.map((c) => c.id).sort());
        const of = shardAssignment(cells, n);
        for (const [i, share] of shares.entries()) for (const c of share) expect(of.get(c.checker)).toBe(i + 1);
        const loads = shares.map((s) => s.length);
        expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(Math.max(...sizes));
        // the same manifest in another order gives the same assignment
        expect(shardAssignment([...cells].reverse(), n)).toEqual(of);
      }),
    );
  });

  it('refuses a malformed --shard', () => {
    for (const bad of ['0/3', '4/3', '1/0', '2', 'a/b', '1/3/2']) expect(() => parseShard(bad)).toThrow(/--shard: expected i\/n/);
    expect(parseShard(' 2/3 ')).toEqual({ index: 2, total: 3 });
    // the assignment of 1e8 shards overflowed the stack: an internal error, not a line
    expect(() => parseShard('1/100000000')).toThrow(/^--shard: expected at most 10000 shards, got '1\/100000000'$/);
    expect(parseShard('10000/10000')).toEqual({ index: 10000, total: 10000 });
  });
});

describe('run --shard and merge (CLI)', () => {
  it('three shards, one SIGKILLed and resumed, each copied elsewhere, merge into the tables of the unsharded run', async () => {
    const root = tmp();
    const single = join(root, 'single');
    const r = await runCli(['run', INC, '--out', single, '--workers', '1', '--no-progress']);
    expect(r.code, r.stderr).toBe(0);

    for (const i of [1, 3]) {
      const s = await runCli(['run', INC, '--shard', `${i}/3`, '--out', join(root, `s${i}`), '--workers', '1', '--no-progress']);
      expect(s.code, s.stderr).toBe(0);
      expect(s.stdout).toMatch(new RegExp(`Shard ${i}/3: scored \\d+ cells`));
    }
    const { result } = await stoppedPartWay(['run', INC, '--shard', '2/3', '--workers', '1', '--no-progress'], join(root, 's2'), 100, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    const resumed = await runCli(['run', INC, '--shard', '2/3', '--out', join(root, 's2'), '--workers', '1', '--no-progress']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/already in the ledger/);

    // a shard is not a whole run: its report is refused, naming merge
    const rep = await runCli(['report', join(root, 's1')]);
    expect(rep.code).toBe(2);
    expect(rep.stderr).toMatch(/shard 1\/3 .*blindspot merge/);

    // as CI artifacts travel: each shard downloaded into another folder
    for (const i of [1, 2, 3]) cpSync(join(root, `s${i}`), join(root, 'artifacts', `shard-${i}`), { recursive: true });
    const shards = [3, 1, 2].map((i) => join(root, 'artifacts', `shard-${i}`));
    const m = await runCli(['merge', ...shards, '--out', join(root, 'merged'), '--mutants', 'mutants']);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/Merged 3 shards of increment apps-9fd7de1dc930/);

    const merged = comparable(join(root, 'merged'));
    const whole = comparable(single);
    for (const table of ['flow', 'falseAccepts', 'floor', 'swap', 'cells'] as const) expect(merged[table], table).toEqual(whole[table]);
    expect(readFileSync(join(root, 'merged', 'cells.csv'), 'utf8')).toBe(readFileSync(join(single, 'cells.csv'), 'utf8'));
    // the merged run is a run like any other: it reports again, from a copy too
    cpSync(join(root, 'merged'), join(root, 'moved', 'merged'), { recursive: true });
    const again = await runCli(['report', join(root, 'moved', 'merged'), '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).flow).toEqual(whole.flow);

    // refusals, one clear line each
    const missing = await runCli(['merge', shards[1], shards[2], '--out', join(root, 'm2')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/shard 3\/3 missing \(given: 1\/3, 2\/3\)/);
    const twice = await runCli(['merge', ...shards, join(root, 's1'), '--out', join(root, 'm3')]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/shard 1\/3 is given twice/);
    const notEmpty = await runCli(['merge', ...shards, '--out', join(root, 'merged')]);
    expect(notEmpty.code).toBe(2);
    expect(notEmpty.stderr).toMatch(/is not empty/);

    // a shard folder relabelled as another shard holds cells outside that shard's share
    const relabelled = join(root, 'artifacts', 'shard-2');
    const run = JSON.parse(readFileSync(join(relabelled, 'run.json'), 'utf8'));
    const s1 = JSON.parse(readFileSync(join(shards[1], 'run.json'), 'utf8'));
    writeFileSync(join(shards[1], 'run.json'), JSON.stringify({ ...s1, shard: run.shard }));
    writeFileSync(join(relabelled, 'run.json'), JSON.stringify({ ...run, shard: s1.shard }));
    const swapped = await runCli(['merge', ...shards, '--out', join(root, 'm4')]);
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toMatch(/ledger\.jsonl:1: cell \S+ is not in shard \d\/3's share of the manifest/);
  }, 240_000);

  it('shards copied to another folder on the same machine merge without --mutants: run.json keeps where the increment was frozen', async () => {
    const root = tmp();
    // run from a folder of its own, so that no ./mutants holds a copy
    const cwd = join(root, 'work');
    mkdirSync(cwd);
    const f = await runCli(['freeze', '--target', 'apps', '--families', 'omit', '--arms', 'faults', '--mutants', join(root, 'frozen'), '--censuses', join(root, 'c'), '--json'], {}, cwd);
    expect(f.code, f.stderr).toBe(0);
    const inc = JSON.parse(f.stdout).dir as string;
    for (const i of [1, 2]) {
      const s = await runCli(['run', inc, '--shard', `${i}/2`, '--out', join(root, `s${i}`), '--workers', '1', '--no-progress'], {}, cwd);
      expect(s.code, s.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(root, `s${i}`, 'run.json'), 'utf8')).increment).toMatchObject({ dir: '../frozen/' + inc.split('/').pop(), abs: inc });
    }
    // one level deeper: the relative path no longer leads to the increment
    for (const i of [1, 2]) cpSync(join(root, `s${i}`), join(root, 'copies', 'ci', `shard-${i}`), { recursive: true });
    const m = await runCli(['merge', join(root, 'copies', 'ci', 'shard-1'), join(root, 'copies', 'ci', 'shard-2'), '--out', join(root, 'merged')], {}, cwd);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/Merged 2 shards/);
    // the hash decides: an increment no longer where it was frozen is looked for, and refused when nowhere
    renameSync(inc, `${inc}-gone`);
    const lost = await runCli(['report', join(root, 'merged')], {}, cwd);
    expect(lost.code).toBe(2);
    expect(lost.stderr).toMatch(/is in none of/);
  }, 120_000);

  it('refuses shards of different increments', async () => {
    const root = tmp();
    const a = await runCli(['run', INC, '--shard', '1/2', '--out', join(root, 'a'), '--workers', '1', '--no-progress']);
    expect(a.code, a.stderr).toBe(0);
    const f = await runCli(['freeze', '--target', 'apps', '--families', 'omit', '--arms', 'faults', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--json']);
    expect(f.code, f.stderr).toBe(0);
    const other = JSON.parse(f.stdout).dir;
    const b = await runCli(['run', other, '--shard', '2/2', '--out', join(root, 'b'), '--workers', '1', '--no-progress']);
    expect(b.code, b.stderr).toBe(0);
    const m = await runCli(['merge', join(root, 'a'), join(root, 'b'), '--out', join(root, 'm')]);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/shards of different increments cannot be merged/);
    // resuming a shard folder as another shard is refused too
    const wrong = await runCli(['run', INC, '--shard', '2/2', '--out', join(root, 'a'), '--workers', '1', '--no-progress']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/this folder scores shard 1\/2, not shard 2\/2/);
  }, 120_000);

  it('a merge killed before its run.json is made again by the same command; a finished one is refused, naming report', async () => {
    const root = tmp();
    const f = await runCli(['freeze', '--target', 'apps', '--families', 'omit', '--arms', 'faults', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--json']);
    expect(f.code, f.stderr).toBe(0);
    const inc = JSON.parse(f.stdout).dir as string;
    const shards = [1, 2].map((i) => join(root, `s${i}`));
    for (const [i, dir] of shards.entries()) expect((await runCli(['run', inc, '--shard', `${i + 1}/2`, '--out', dir, '--workers', '1', '--no-progress'])).code).toBe(0);
    const whole = join(root, 'whole');
    expect((await runCli(['merge', ...shards, '--out', whole])).code).toBe(0);

    // what a SIGKILL between the merged ledger and its run.json leaves: part of the ledger, and the killed merge's lock
    const part = join(root, 'part');
    mkdirSync(part);
    writeFileSync(join(part, 'ledger.jsonl'), readFileSync(join(whole, 'ledger.jsonl'), 'utf8').slice(0, 1000));
    writeFileSync(join(part, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'merge' }) + '\n');
    const again = await runCli(['merge', ...shards, '--out', part]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/held a merge killed before it finished .*; merged again/);
    expect(readFileSync(join(part, 'ledger.jsonl'), 'utf8')).toBe(readFileSync(join(whole, 'ledger.jsonl'), 'utf8'));
    expect(comparable(part)).toEqual(comparable(whole));

    const twice = await runCli(['merge', ...shards, '--out', part]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/is not empty: it holds this merge of these shards already; `blindspot report .*part` writes its report again/);
  }, 120_000);
});
