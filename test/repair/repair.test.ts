import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { runCli, useAppsAudit } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import type { Report } from '../../src/report/build.ts';
import type { RepairResult } from '../../src/repair/result.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';
import { cellId } from '../../src/protocol/cell.ts';
import { scopeViolations } from '../../src/repair/mechanism.ts';

const tmp = useTmp();
const SHIPPED = 'targets/apps/checkers';
const shippedHashes = () =>
  Object.fromEntries(readdirSync(SHIPPED).sort().map((f) => [f, createHash('sha256').update(readFileSync(join(SHIPPED, f))).digest('hex')]));

// One apps audit for the file: each repair writes only its own repair/<patch>/ folder in the run.
const shared = useAppsAudit('blindspot-repair-');
function audit() {
  const run = shared.run();
  return { run, report: JSON.parse(readFileSync(join(run, 'report.json'), 'utf8')) as Report };
}

/** A copy of the shared run at `copy`, without the repairs other tests made in it. */
function unrepaired(run: string, copy: string): string {
  cpSync(run, copy, { recursive: true, filter: (f) => !f.startsWith(join(run, 'repair')) });
  return copy;
}

/** False accepts whose read-back evidence is rows added beyond the reference: the cardinality mechanism. */
const extraRowFalseAccepts = (report: Report) =>
  report.falseAccepts.filter((f) => f.evidence?.differences.some((d) => d.extraAdded.length > d.missingAdded.length)).map((f) => f.cell).sort();

describe('blindspot repair on a fresh apps audit', () => {
  it('cardinality flips every extra-row false accept to Fail, keeps every control at Pass, and leaves the shipped checkers byte-identical', async () => {
    const before = shippedHashes();
    const { run, report } = audit();
    const expected = extraRowFalseAccepts(report);
    expect(expected.length).toBeGreaterThan(0);

    const r = await runCli(['repair', run, '--patch', 'cardinality', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as RepairResult;
    expect(result.patch).toBe('cardinality');
    expect(result.mode).toBe('regraded');
    // one flips entry per targeted false accept, every one of them now Fail
    expect(result.flips.map((f) => f.cell).sort()).toEqual(expect.arrayContaining(expected));
    for (const f of result.flips) {
      expect(f).toMatchObject({ shipped: 'pass', patched: 'fail', flipped: true });
      // every targeted generator's copy asserts a count
      expect(f.checkerPatched).toBe(true);
      expect(f.generator).toBe(report.falseAccepts.find((x) => x.cell === f.cell)!.generator);
    }
    expect(result.controls.total).toBe(report.controls.total);
    expect(result.controls.preserved).toBe(result.controls.total);
    expect(result.degenerate.broken).toEqual([]);
    expect(result.otherChanges.filter((c) => c.patched === 'pass' && c.shipped !== 'pass')).toEqual([]);

    // only the implicated checkers were patched, in copies under the run folder
    const implicated = [...new Set(result.flips.map((f) => f.generator))].sort();
    expect(result.copies!.patched.map((p) => p.path.split('/').pop()!.replace(/\.ts$/, '')).sort()).toEqual(implicated);
    const copyDir = join(run, 'repair', 'cardinality', 'checkers');
    for (const file of readdirSync(SHIPPED)) {
      const copy = readFileSync(join(copyDir, file), 'utf8');
      const shipped = readFileSync(join(SHIPPED, file), 'utf8');
      if (implicated.includes(file.replace(/\.ts$/, ''))) {
        expect(copy).not.toBe(shipped);
        expect(copy).toContain('blindspot cardinality');
      } else expect(copy).toBe(shipped);
    }
    expect(shippedHashes()).toEqual(before);
    expect(result.shipped.files.every((f) => f.unchanged)).toBe(true);

    // the regrade is an ordinary run folder whose report shows no false accept and no false reject
    const regrade = JSON.parse(readFileSync(join(run, result.regrade!.runDir, 'report.json'), 'utf8')) as Report;
    expect(regrade.controls.pass).toBe(regrade.controls.total);
    expect(regrade.falseAccepts.filter((f) => expected.includes(f.cell))).toEqual([]);

    const md = readFileSync(join(run, 'repair', 'cardinality', 'repair.md'), 'utf8');
    expect(md).toContain(`Controls preserved ${result.controls.total}/${result.controls.total}`);
    // what was patched, readable in repair.md itself: a diff of each implicated checker against its copy
    for (const g of implicated) expect(md).toContain(`--- a/${SHIPPED}/${g}.ts\n+++ b/${SHIPPED}/${g}.ts\n`);
    expect(md).toMatch(/^\+ {2}t\.case\("blindspot cardinality: added rows in /m);
  }, 120_000);

  it('count-guard reports the same extra-row false accepts as would-catch without rerunning; scope-guard targets only out-of-scope writes', async () => {
    const { run, report } = audit();
    const expected = extraRowFalseAccepts(report);
    const count = JSON.parse((await runCli(['repair', run, '--patch', 'count-guard', '--json'])).stdout) as RepairResult;
    expect(count.mode).toBe('would-catch');
    expect(count.regrade).toBeUndefined();
    expect(count.flips.map((f) => f.cell).sort()).toEqual(expect.arrayContaining(expected));
    expect(count.flips.every((f) => f.patched === 'fail')).toBe(true);
    expect(count.controls.preserved).toBe(count.controls.total);

    const scope = JSON.parse((await runCli(['repair', run, '--patch', 'scope-guard', '--json'])).stdout) as RepairResult;
    // targeted: exactly the false accepts that write outside their task's reference effect, from the ledger
    const effects = new Map(readLedger(ledgerPath(run)).entries.map((e) => [e.cell, e.effect]));
    const outOfScope = report.falseAccepts
      .filter((f) => scopeViolations(effects.get(cellId('control', 'control', f.task, f.task))!, effects.get(f.cell)!).length)
      .map((f) => f.cell);
    expect(scope.flips.map((f) => f.cell).sort()).toEqual(outOfScope.sort());
    expect(scope.untargeted.map((f) => f.cell).sort()).toEqual(report.falseAccepts.map((f) => f.cell).filter((c) => !outOfScope.includes(c)).sort());
    for (const f of scope.flips) expect(f.mechanism.join(' ')).toMatch(/outside the reference effect/);
  }, 120_000);

  it('counts apart the targeted false accepts a maintainer dismissed, and says the patch fails them', async () => {
    const run = unrepaired(audit().run, join(tmp(), 'r'));
    const triage = join(tmp(), 'triage.json');
    const cell = extraRowFalseAccepts(audit().report)[0];
    const marked = await runCli(['triage', run, '--cell', cell, '--dismiss', 'the second row repeats the first', '--triage', triage]);
    expect(marked.code, marked.stderr).toBe(0);
    const r = await runCli(['repair', run, '--patch', 'count-guard', '--triage', triage, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as RepairResult;
    expect(result.triage).toMatchObject({ file: triage });
    // the mark holds for the construction: every cell that delivers the same steps (an extra and an extra-ni may) carries it
    const marks = result.flips.filter((f) => f.triage);
    expect(marks.map((f) => f.cell)).toContain(cell);
    expect(marks.length).toBeLessThan(result.flips.length);
    for (const f of marks) expect(f).toMatchObject({ flipped: true, triage: { status: 'dismissed', reason: 'the second row repeats the first' } });
    const n = marks.length;
    const human = await runCli(['repair', run, '--patch', 'count-guard', '--triage', triage]);
    expect(human.stdout).toMatch(new RegExp(`Dismissed by triage \\(${triage}\\): ${n} of the ${result.flips.length} targeted; the patch fails ${n} of them: check that none is work the benchmark accepts`));
    const md = readFileSync(join(run, 'repair', 'count-guard', 'repair.md'), 'utf8');
    expect(md).toMatch(new RegExp(`Dismissed by triage ${n}, failed by the patch ${n}, by generator`));
    expect(readFileSync(join(run, 'repair', 'count-guard', 'flips.csv'), 'utf8')).toMatch(new RegExp(`^${cell.replace(/[#/]/g, '.')},.*,dismissed$`, 'm'));
  });

  it('shows the regrade\'s progress on stderr, as every scoring command does; none with --no-progress or --json', async () => {
    const { run } = audit();
    const shown = await runCli(['repair', run, '--patch', 'cardinality']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stderr).toMatch(/^scoring (\d+)\/\1 cells \(100%\)/m);
    for (const off of ['--no-progress', '--json']) {
      const r = await runCli(['repair', run, '--patch', 'cardinality', off]);
      expect(r).toMatchObject({ code: 0, stderr: '' });
    }
  }, 120_000);

  it('a repair run again resumes its regrade (the same copies freeze the same increment) instead of scoring every cell again, and says it reused it', async () => {
    // a copy: the tests before this one regraded the shared run already
    const run = unrepaired(audit().run, join(tmp(), 'run'));
    const said: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await runCli(['repair', run, '--patch', 'cardinality', '--no-progress', '--mutants', join(shared.root(), 'm')]);
      expect(r.code).toBe(0);
      said.push(r.stdout.split('\n').find((l) => l.startsWith('Regrade: '))!);
    }
    const sessions = (JSON.parse(readFileSync(join(run, 'repair', 'cardinality', 'regrade', 'run.json'), 'utf8')) as { sessions: { alreadyScored: number; scored: number }[] }).sessions;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.at(-1)).toMatchObject({ alreadyScored: sessions[0].scored, scored: 0 });
    // as audit says "Resuming run" of a finished run it scores nothing of: the session is recorded, and the user told
    const result = JSON.parse(readFileSync(join(run, 'repair', 'cardinality', 'result.json'), 'utf8')) as RepairResult;
    const where = `${join(run, result.regrade!.runDir)} (increment ${result.regrade!.incrementId})`;
    expect(said).toEqual([
      `Regrade: scored ${sessions[0].scored} cells into ${where}.`,
      `Regrade: reused ${where}: its ${sessions[0].scored} cells were scored by an earlier repair on the same copies; none was scored again.`,
    ]);
  }, 120_000);

  it('freezes the regrade of the same run to the same increment wherever the run folder lies, and names the copies where they are after a move', async () => {
    const { run } = audit();
    const root = tmp();
    const regradeOf = async (copy: string) => {
      const r = await runCli(['repair', copy, '--patch', 'cardinality', '--json', '--mutants', join(shared.root(), 'm')]);
      expect(r.code, r.stderr).toBe(0);
      const { regrade } = JSON.parse(r.stdout) as RepairResult;
      return { id: regrade!.incrementId, increment: JSON.parse(readFileSync(join(copy, regrade!.incrementDir, 'increment.json'), 'utf8')) };
    };
    const [near, far] = [join(root, 'a', 'run'), join(root, 'b', 'deeper', 'run')];
    for (const copy of [near, far]) unrepaired(run, copy);
    const [a, b] = [await regradeOf(near), await regradeOf(far)];
    // the copies' paths differ, as the reports quoting them need; what was graded does not
    expect(a.increment.target.checkerFiles[0].path).not.toBe(b.increment.target.checkerFiles[0].path);
    expect(b.id).toBe(a.id);

    const moved = join(root, 'c', 'run');
    mkdirSync(join(root, 'c'));
    renameSync(near, moved);
    const again = await regradeOf(moved);
    expect(again.id).toBe(a.id);
    expect(again.increment.target.copiesPrefix).toBe(join(moved, 'repair', 'cardinality', 'checkers'));
    expect(again.increment.target.checkerFiles.map((f: { path: string }) => f.path)).toEqual(
      a.increment.target.checkerFiles.map((f: { path: string }) => f.path.replace(near, moved)),
    );
  }, 120_000);

  it('refuses, writing nothing, a run with no false accept the cardinality patch could act on', async () => {
    const dir = tmp();
    const run = join(dir, 'run');
    const a = await runCli(['audit', '--target', 'apps', '--arms', 'faults', '--families', 'omit', '--out', run, '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--no-progress']);
    expect(a.code, a.stderr).toBe(0);
    const r = await runCli(['repair', run, '--patch', 'cardinality']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/has no confirmed false accept whose readback shows a row count other than the reference's \(it has no confirmed false accept\); the cardinality patch would change no checker/);
    expect(existsSync(join(run, 'repair'))).toBe(false);
  }, 120_000);

  it('refuses a run folder that does not exist, with exit 2', async () => {
    const r = await runCli(['repair', join(tmp(), 'nope'), '--patch', 'cardinality']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/run\.json: not found/);
  });
});
