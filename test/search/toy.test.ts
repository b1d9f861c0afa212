import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { freeze } from '../../src/freeze/freeze.ts';
import { runIncrement, ledgerPath } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { auditStoppedPartWay, runCli } from '../fixtures/cli.ts';

const tmp = useTmp();
const SEARCH_TOY = 'test/fixtures/search-toy.ts';

afterEach(() => {
  delete process.env.SEARCH_TOY_STRICT;
});

async function searchAudit(root: string, name = 'run', stopAfter?: number) {
  const f = await freeze({ target: SEARCH_TOY, arms: ['faults', 'search'], search: { budget: 64, seed: 0 }, splits: ['dev'], mutantsDir: join(root, 'mutants'), censusDir: join(root, 'censuses') });
  const runDir = join(root, name);
  const res = await runIncrement({ incrementDir: f.dir, runDir, workers: 1, limitMs: 2000, stopAfter });
  return { f, runDir, res };
}

/** What identifies a finding independent of a run: task, minimal steps, weakness. */
const findingsOf = (r: Awaited<ReturnType<typeof writeReport>>['report']) =>
  r.search!.findings.map((x) => ({ task: x.task, weakness: x.weakness, steps: x.minimal.steps, size: x.minimal.size, tried: x.tried, shrinks: x.shrinks })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('search arm on a toy whose checkers the census cannot fault', () => {
  it('finds all four weaknesses as minimal mutants, none of which the census reaches', async () => {
    const { runDir, res } = await searchAudit(tmp());
    expect(res.status).toBe('complete');
    const { report } = await writeReport(runDir);
    expect(report.controls.pass).toBe(4);
    // the paper's census confirms no false accept on any of these checkers
    expect(report.falseAccepts).toEqual([]);
    const s = report.search!;
    expect(s.complete).toBe(true);
    const of = (task: string) => s.findings.filter((f) => f.task === task);
    // pair/0: only exchanging values between the two writes fools it
    expect(of('pair/0').length).toBeGreaterThan(0);
    expect(of('pair/0').every((f) => f.operators.includes('exchange') && f.minimal.size.edits === 1)).toBe(true);
    // memo/0: the argument with no listed alternative, moved to a generated value
    const memo = of('memo/0').filter((f) => f.weakness === 'pay.memo');
    expect(memo.length).toBeGreaterThan(0);
    for (const f of memo) expect(f.minimal.steps[0].args.memo).not.toBe('rent');
    // limit/0: only values larger than the reference's pass
    expect(of('limit/0').length).toBeGreaterThan(0);
    for (const f of of('limit/0')) expect(Number(f.minimal.steps[0].args.value)).toBeGreaterThan(100);
    // scope/0: a write outside the task's table
    expect(of('scope/0').map((f) => f.weakness)).toEqual(['out-of-scope set_limit']);
    // every finding is minimal: no smaller plan of it was a finding, and its evidence is a confirmed wrong effect
    for (const f of s.findings) {
      expect(f.stop).toBe('minimal');
      expect(f.evidence.summary.length).toBeGreaterThan(0);
    }
    expect(report.search).toMatchObject({ plans: expect.any(Number), cells: expect.any(Number) });
    expect(s.cells).toBeGreaterThanOrEqual(s.plans);
  });

  it('reports nothing against strict checkers of the same toy', async () => {
    process.env.SEARCH_TOY_STRICT = '1';
    const { runDir, res } = await searchAudit(tmp());
    expect(res.status).toBe('complete');
    const { report } = await writeReport(runDir);
    expect(report.controls.pass).toBe(4);
    expect(report.search!.plans).toBeGreaterThan(200);
    expect(report.search!.findings).toEqual([]);
    expect(report.falseAccepts).toEqual([]);
  });

  it('resumes a search stopped while shrinking to the same findings, never scoring a cell twice', async () => {
    const root = tmp();
    const full = await searchAudit(root, 'full');
    const fullReport = (await writeReport(full.runDir)).report;
    const manifestCells = full.f.increment.manifest.cells;
    const derived = readLedger(ledgerPath(full.runDir)).entries.filter((e) => e.derived).length;
    expect(derived).toBeGreaterThan(0);
    // stop after the first derived cell: the run is part-way through shrinking
    const part = await searchAudit(root, 'part', manifestCells + 1);
    expect(part.res.status).toBe('interrupted');
    expect((await writeReport(part.runDir)).report.search!.complete).toBe(false);
    const resumed = await runIncrement({ incrementDir: part.f.dir, runDir: part.runDir, workers: 1, limitMs: 2000 });
    expect(resumed.status).toBe('complete');
    const ids = readLedger(ledgerPath(part.runDir)).entries.map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(manifestCells + derived);
    expect(findingsOf((await writeReport(part.runDir)).report)).toEqual(findingsOf(fullReport));
  });

  it('resumes a search killed with SIGKILL mid-exploration to the same findings', async () => {
    const root = tmp();
    const common = ['--target', SEARCH_TOY, '--arms', 'search', '--budget', '64', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1', '--no-progress'];
    const full = join(root, 'full');
    expect((await runCli(['audit', ...common, '--out', full])).code).toBe(0);
    const part = join(root, 'part');
    const { result } = await auditStoppedPartWay(common, part, 60, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    const resumed = await runCli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const read = (d: string) => JSON.parse(readFileSync(join(d, 'report.json'), 'utf8'));
    expect(findingsOf(read(part))).toEqual(findingsOf(read(full)));
    const ids = readLedger(ledgerPath(part)).entries.map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);

    // the prospective rerun freezes the minimal mutants as ordinary cells and confirms each on fresh environments
    const rerun = await runCli(['rerun', '--from', full, '--out', join(root, 'rerun'), '--mutants', join(root, 'm'), '--workers', '1', '--json', '--no-progress']);
    expect(rerun.code, rerun.stderr).toBe(0);
    const summary = JSON.parse(rerun.stdout);
    expect(summary.selected).toBe(read(full).search.findings.length);
    expect(summary.falseAcceptsReconfirmed).toBe(summary.selected);
  });
});
