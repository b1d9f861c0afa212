import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { checkerCopy, SHIPPED_APPS_CHECKERS } from '../fixtures/apps-checkers.ts';
import type { Baseline } from '../../src/guard/baseline.ts';

const tmp = useTmp();
const SHIPPED = SHIPPED_APPS_CHECKERS;

/** Rewrites every test case condition of one checker copy. */
function rewriteCases(dir: string, generator: string, prefix: string) {
  const file = join(dir, `${generator}.ts`);
  const text = readFileSync(file, 'utf8');
  const next = text.replace(/t\.case\(('[^']*'),/g, `t.case($1, ${prefix}`);
  expect(next).not.toBe(text);
  writeFileSync(file, next);
}

// One frozen increment and baseline for the whole file: freezing and scoring it is
// most of each test's time. Each test takes its own copy of the baseline (beside
// it, as the increment's path in it is relative), which --update-baseline rewrites.
let shared = '';
beforeAll(async () => {
  shared = mkdtempSync(join(tmpdir(), 'blindspot-guard-'));
  const frozen = await runCli(['freeze', '--target', 'apps', '--mutants', join(shared, 'm'), '--censuses', join(shared, 'c'), '--json']);
  expect(frozen.code, frozen.stderr).toBe(0);
  const incDir = JSON.parse(frozen.stdout).dir as string;
  const r = await runCli(['guard', '--baseline', join(shared, 'baseline.json'), '--increment', incDir, '--update-baseline', '--workers', '2', '--no-progress']);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);
afterAll(() => rmSync(shared, { recursive: true, force: true }));

/** The increment the shared baseline was taken on. */
const incrementDir = () => join(shared, (JSON.parse(readFileSync(join(shared, 'baseline.json'), 'utf8')) as Baseline).increment.dir);

let copies = 0;
function baselined() {
  const baseline = join(shared, `baseline-${++copies}.json`);
  copyFileSync(join(shared, 'baseline.json'), baseline);
  return { baseline, b: JSON.parse(readFileSync(baseline, 'utf8')) as Baseline };
}

describe('blindspot guard', () => {
  it('exits 0 against its own baseline, 1 naming the generator when a checker copy is weakened, and writes JUnit', async () => {
    const root = tmp();
    const { baseline, b } = baselined();
    expect(b.schema).toBe('blindspot.guard-baseline/1');
    expect(Object.keys(b.checkers).sort()).toEqual(readdirSync(SHIPPED).sort());
    // one line per cell: small and reviewable
    expect(Object.values(b.cells).every((o) => typeof o === 'string')).toBe(true);

    const same = await runCli(['guard', '--baseline', baseline, '--workers', '0', '--junit', join(root, 'same.xml')]);
    expect(same.code, same.stderr + same.stdout).toBe(0);
    expect(same.stdout).toMatch(/no regression/);
    expect(readFileSync(join(root, 'same.xml'), 'utf8')).toMatch(/<testsuites name="blindspot guard" tests="\d+" failures="0"/);

    // weaken a checker that currently rejects some confirmed wrong effect: discovered, not hard-coded
    const rejectedCell = Object.entries(b.cells).find(([, o]) => o === 'rejected')![0];
    const generator = rejectedCell.replace(/^fault:[^:]+:/, '').replace(/\/\d+#\d+$/, '');
    const dir = checkerCopy(root);
    rewriteCases(dir, generator, 'true ||');
    const junit = join(root, 'weak.xml');
    const weak = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0', '--junit', junit]);
    expect(weak.code, weak.stderr).toBe(1);
    expect(weak.stdout).toContain(`${generator}.ts (edited)`);
    expect(weak.stdout).toMatch(new RegExp(`REGRESSION\\s+lost rejection: ${generator} \\S+ ${rejectedCell.replace(/[/#]/g, '\\$&')}: rejected -> false-accept`));
    // every regression names the weakened generator and nothing else moved
    const regressions = weak.stdout.split('\n').filter((l) => l.startsWith('REGRESSION'));
    expect(regressions.length).toBeGreaterThan(0);
    for (const l of regressions) expect(l).toContain(generator);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain(`<testcase classname="${generator}" name="${rejectedCell}">`);
    expect(xml).toMatch(/<failure message="lost rejection: rejected -&gt; false-accept"/);
    // the shipped baseline was not rewritten by a failing guard
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toEqual(b);
  }, 180_000);

  it('fails when a control no longer passes, and --update-baseline accepts the new outcomes', async () => {
    const root = tmp();
    const { baseline, b } = baselined();
    const control = Object.keys(b.cells).find((c) => c.startsWith('control:'))!;
    const generator = control.replace(/^control:/, '').replace(/\/\d+$/, '');
    const dir = checkerCopy(root);
    rewriteCases(dir, generator, 'false &&');
    const r = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0', '--json']);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    expect(result.changes).toContainEqual(expect.objectContaining({ cell: control, generator, kind: 'control now fails', before: 'pass', regression: true }));

    const u = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0', '--update-baseline']);
    expect(u.code, u.stderr).toBe(0);
    const again = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0']);
    expect(again.code, again.stdout).toBe(0);
  }, 180_000);

  it('names the line of a checker copy that does not compile, once per changed cell', async () => {
    const root = tmp();
    const { baseline, b } = baselined();
    const rejectedCell = Object.entries(b.cells).find(([, o]) => o === 'rejected')![0];
    const generator = rejectedCell.replace(/^fault:[^:]+:/, '').replace(/\/\d+#\d+$/, '');
    const dir = checkerCopy(root);
    const file = join(dir, `${generator}.ts`);
    const lines = readFileSync(file, 'utf8').split('\n').length;
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport const = ;\n`);
    const r = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0']);
    const line = r.stdout.split('\n').find((l) => l.includes(rejectedCell));
    expect(line, r.stdout).toBeDefined();
    // the compiler's own error and where it is (the built bin's wording: test/cli/dist.test.ts)
    expect(line).toMatch(new RegExp(`rejected -> checker-error  \\(.*Transform failed with 1 error: .*${generator}\\.ts:${lines + 1}:\\d+`));
    expect(line).toMatch(new RegExp(`^changed  ${generator} `));
  }, 180_000);

  it('asks for --update-baseline when there is no baseline yet (exit 2)', async () => {
    const r = await runCli(['guard', '--baseline', join(tmp(), 'none.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no baseline yet; create it with --update-baseline/);
  });

  it('asks for --increment when --update-baseline has no baseline to take it from (exit 2)', async () => {
    const r = await runCli(['guard', '--baseline', join(tmp(), 'none.json'), '--update-baseline']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no baseline yet, so --increment <frozen increment folder> is needed/);
  });
  it('writes --junit and a new --baseline into folders that do not exist yet, creating them', async () => {
    const root = tmp();
    const { baseline } = baselined();
    const junit = join(root, 'nodir', 'x', 'j.xml');
    const r = await runCli(['guard', '--baseline', baseline, '--workers', '0', '--junit', junit]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/no regression/);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="blindspot guard"/);

    const fresh = join(root, 'ci', 'guard', 'baseline.json');
    const u = await runCli(['guard', '--baseline', fresh, '--increment', incrementDir(), '--update-baseline', '--workers', '2', '--no-progress']);
    expect(u.code, u.stderr).toBe(0);
    expect(JSON.parse(readFileSync(fresh, 'utf8')).cells).toEqual(JSON.parse(readFileSync(baseline, 'utf8')).cells);
  }, 180_000);

  it('--update-baseline replaces an empty baseline file, and says so', async () => {
    const baseline = join(tmp(), 'b.json');
    writeFileSync(baseline, '');
    const u = await runCli(['guard', '--baseline', baseline, '--increment', incrementDir(), '--update-baseline', '--workers', '2', '--no-progress']);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stderr).toContain(`${baseline} is empty; --update-baseline replaces it`);
    expect(JSON.parse(readFileSync(baseline, 'utf8')).cells).toEqual(JSON.parse(readFileSync(join(shared, 'baseline.json'), 'utf8')).cells);
  }, 180_000);

  it('re-scores only the cells of the checker that changed and carries every other outcome over (--full re-scores all)', async () => {
    const root = tmp();
    const { baseline, b } = baselined();
    const generatorOf = (cell: string) => cell.replace(/^(control|fault:[^:]+):/, '').replace(/\/\d+(#\d+)?$/, '');
    const rejectedCell = Object.entries(b.cells).find(([, o]) => o === 'rejected')![0];
    const generator = generatorOf(rejectedCell);
    const dir = checkerCopy(root);
    rewriteCases(dir, generator, 'true ||');
    const mine = Object.keys(b.cells).filter((c) => generatorOf(c) === generator);
    expect(mine.length).toBeGreaterThan(1);

    const r = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0', '--json']);
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.checkersChanged).toEqual([`${generator}.ts (edited)`]);
    expect(out.rescored).toBe(mine.length);
    expect(out.carried).toBe(Object.keys(b.cells).length - mine.length);
    expect(out.changes.length).toBeGreaterThan(0);
    expect(out.changes.every((c: { cell: string }) => generatorOf(c.cell) === generator)).toBe(true);

    const full = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '2', '--full', '--json']);
    expect(full.code, full.stderr).toBe(1);
    const all = JSON.parse(full.stdout);
    expect(all.rescored).toBe(Object.keys(b.cells).length);
    expect(all.carried).toBe(0);
    // carrying over changes nothing a full rerun would find
    expect(all.changes).toEqual(out.changes);
    expect(all.summary).toEqual(out.summary);

    const text = await runCli(['guard', '--baseline', baseline, '--workers', '0']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`Re-scored 0 cell\\(s\\); carried ${Object.keys(b.cells).length} outcome\\(s\\) over`));
  }, 240_000);
});
