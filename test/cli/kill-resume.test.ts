import { describe, expect, it } from 'vitest';
import { basename, join, resolve } from 'node:path';
import { execa } from 'execa';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { auditStoppedPartWay, BIN, cli, comparable, ledgerLines, runCli, stoppedAtLedger, stoppedPartWay } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';
import { LOCK_FILE } from '../../src/run/lock.ts';

const tmp = useTmp();

/** An uninterrupted audit of `arms` into root/full; returns the shared arguments and its ledger's line count. */
async function fullAudit(root: string, arms: string[]) {
  const common = ['--target', 'apps', ...arms, '--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses'), '--workers', '1'];
  const full = join(root, 'full');
  expect((await cli(['audit', ...common, '--out', full])).code).toBe(0);
  return { common, full, total: ledgerLines(full) };
}

/** The resumed folder holds every cell once, the uninterrupted run's report, and these session statuses. */
function expectResumedLikeFull(part: string, full: string, total: number, statuses: string[]) {
  const ids = readLedger(ledgerPath(part)).entries.map((e) => e.cell);
  expect(ids.length).toBe(total);
  expect(new Set(ids).size).toBe(total);
  expect(comparable(part)).toEqual(comparable(full));
  const sessions = JSON.parse(readFileSync(join(part, 'run.json'), 'utf8')).sessions.map((s: { status: string }) => s.status);
  expect(sessions).toEqual(statuses);
}

describe.each([
  ['fault arm', ['--arms', 'faults'], 120],
  ['intent-swap grid', ['--arms', 'swap'], 600],
])('%s killed with SIGKILL part-way and run again with the same --out', (_name, arms, killAt) => {
  it('leaves each cell in the ledger exactly once, and the same report as an uninterrupted run', async () => {
    const root = tmp();
    const { common, full, total } = await fullAudit(root, arms);

    const part = join(root, 'part');
    const { result, lines: atKill } = await auditStoppedPartWay(common, part, killAt, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    expect(atKill).toBeLessThan(total);
    const resumed = await cli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/Resuming run/);
    expectResumedLikeFull(part, full, total, ['killed', 'complete']);
  });
});

describe('the fault arm interrupted with Ctrl-C (SIGINT) part-way', () => {
  it('stops scoring promptly, exits 130, records the interruption, and resumes to the same report', async () => {
    const root = tmp();
    const { common, full, total } = await fullAudit(root, ['--arms', 'faults']);

    const part = join(root, 'part');
    const { result, lines } = await auditStoppedPartWay(common, part, 120, 'SIGINT');
    expect(result.exitCode, result.stderr).toBe(130);
    expect(lines).toBeLessThan(total);
    const interrupted = JSON.parse(readFileSync(join(part, 'run.json'), 'utf8')).sessions;
    expect(interrupted).toMatchObject([{ status: 'interrupted', signal: 'SIGINT', scored: lines }]);

    const resumed = await cli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectResumedLikeFull(part, full, total, ['interrupted', 'complete']);
  });
});

describe('a run killed while it wrote a ledger line', () => {
  it('drops the torn line on resume, scores its cell again, and the report says so', async () => {
    const root = tmp();
    const { common, full, total } = await fullAudit(root, ['--arms', 'faults']);
    const part = join(root, 'part');
    const { result } = await auditStoppedPartWay(common, part, 120, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    // what a kill inside the ledger's write(2) leaves: the start of one more line
    appendFileSync(ledgerPath(part), '{"cell":"fault:omit:contacts_add_contact/0#0","status":"sco');
    const resumed = await cli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectResumedLikeFull(part, full, total, ['killed', 'complete']);
    expect(JSON.parse(readFileSync(join(part, 'run.json'), 'utf8')).sessions[1].droppedTornLine).toBe(true);
    expect(readFileSync(join(part, 'report.md'), 'utf8')).toContain('Torn last ledger line (a kill mid-write) dropped when resuming: 1 time(s); its cell was scored again.');
  });
});

describe('a run killed while it wrote its first run.json', () => {
  it('resumes from the folder the kill left (the lock and the temporary file of the write), and removes that file', async () => {
    const root = tmp();
    const { common, full, total } = await fullAudit(root, ['--arms', 'faults']);
    const part = join(root, 'part');
    // what a SIGKILL between the open and the rename of writeFileAtomic leaves: the holder is a pid no process has
    mkdirSync(part);
    writeFileSync(join(part, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'audit' }) + '\n');
    const leftover = `run.json.${2 ** 22 + 1}.0a1b2c3d.tmp`;
    writeFileSync(join(part, leftover), '{\n  "schema": "blindspot.run/1",\n  "id": "pa');
    const resumed = await cli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectResumedLikeFull(part, full, total, ['complete']);
    expect(readdirSync(part)).not.toContain(leftover);
  });
});

describe('the report of a run killed part-way, before it is resumed', () => {
  it('calls the killed session killed, not running', async () => {
    const root = tmp();
    const common = ['--target', 'apps', '--arms', 'faults', '--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses'), '--workers', '1'];
    const part = join(root, 'part');
    const { result } = await auditStoppedPartWay(common, part, 120, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    const report = await runCli(['report', part]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/^Run `part` \(killed, \d+ cells not yet scored\)/m);
    const run = JSON.parse(readFileSync(join(part, 'report.json'), 'utf8')).run;
    expect(run.status).toBe('killed');
    expect(run.sessions.map((s: { status: string }) => s.status)).toEqual(['killed']);
    expect(run.sessions[0].scored).toBe(readLedger(ledgerPath(part)).entries.length);
    expect(readFileSync(join(part, 'report.md'), 'utf8')).not.toMatch(/running/);
    // the resume records the session as the report called it, with the cells it left in the ledger
    const resumed = await cli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const [killed, complete] = JSON.parse(readFileSync(join(part, 'run.json'), 'utf8')).sessions;
    expect([killed.status, complete.status]).toEqual(['killed', 'complete']);
    expect(killed.scored).toBeGreaterThanOrEqual(120 - 1);
    expect(killed.alreadyScored + killed.scored).toBe(complete.alreadyScored);
  });
});

describe('a rerun interrupted with Ctrl-C (SIGINT) part-way', () => {
  it('exits 130 naming the --out that resumes it, writes no rerun.json from part of the cells, and resumes to the uninterrupted rerun.json', async () => {
    const root = tmp();
    const { full } = await fullAudit(root, ['--arms', 'faults']);
    const args = ['rerun', '--from', full, '--where', 'arm=fault', '--mutants', join(root, 'mutants'), '--workers', '1', '--no-progress'];
    const whole = join(root, 'whole');
    expect((await cli([...args, '--out', whole])).code).toBe(0);
    const summary = (dir: string) => ({ ...JSON.parse(readFileSync(join(dir, 'rerun.json'), 'utf8')), runDir: undefined });

    const part = join(root, 'part');
    const { result } = await stoppedPartWay(args, part, 100, 'SIGINT');
    expect(result.exitCode, result.stderr).toBe(130);
    expect(result.stderr).toMatch(/rerun interrupted: \d+ of \d+ cells scored; run again with --out \S+part to resume it/);
    expect(existsSync(join(part, 'rerun.json'))).toBe(false);

    const resumed = await cli([...args, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resumed the rerun in \S+part: \d+ cell\(s\) were scored by an earlier session/);
    expect(summary(part)).toEqual(summary(whole));
  });
});

describe('a repair interrupted with Ctrl-C (SIGINT) during its regrade', () => {
  it('exits 130 and writes no result from the part-scored regrade; the same command then completes as an uninterrupted repair', async () => {
    const root = tmp();
    const { full } = await fullAudit(root, ['--arms', 'faults']);
    const part = join(root, 'part');
    cpSync(full, part, { recursive: true });
    const repair = (run: string) => ['repair', run, '--patch', 'cardinality', '--mutants', join(root, 'mutants')];
    const whole = await cli(repair(full));
    expect(whole.code, whole.stderr).toBe(0);
    const verdictLine = (stdout: string) => stdout.split('\n').find((l) => l.startsWith('cardinality: '));

    const out = join(part, 'repair', 'cardinality');
    const { result: stopped } = await stoppedAtLedger(repair(part), join(out, 'regrade'), 100, 'SIGINT');
    expect(stopped.exitCode, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(/repair:cardinality interrupted: \d+ of \d+ cells scored; nothing compared or written/);
    expect(existsSync(join(out, 'result.json'))).toBe(false);

    const again = await cli(repair(part));
    expect(again.code, again.stderr).toBe(0);
    expect(verdictLine(again.stdout)).toBe(verdictLine(whole.stdout));
  });
});

describe('a guard interrupted with SIGTERM (a cancelled CI job) part-way', () => {
  it('exits 130, not 2 (bad input), compares nothing, and the same command resumes its --out to the uninterrupted verdict', async () => {
    const root = tmp();
    const { full } = await fullAudit(root, ['--arms', 'faults']);
    const increment = JSON.parse(readFileSync(join(full, 'run.json'), 'utf8')).increment.abs as string;
    const baseline = join(root, 'baseline.json');
    const guard = ['guard', '--baseline', baseline, '--increment', increment, '--full', '--workers', '1', '--no-progress'];
    expect((await cli([...guard, '--update-baseline'])).code).toBe(0);

    const out = join(root, 'guarded');
    const { result: stopped } = await stoppedAtLedger([...guard, '--out', out], join(out, 'run'), 100, 'SIGTERM');
    expect(stopped.exitCode, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(/guard interrupted: \d+ of \d+ cells scored; nothing compared or written/);

    const again = await cli([...guard, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/guard: no regression against/);
  });
});

describe('a guard without --out killed with SIGKILL part-way', () => {
  it('leaves its temporary folder, which the next guard removes; a folder named for a live process is kept, one for a dead process without a lock removed', async () => {
    const root = tmp();
    const { full } = await fullAudit(root, ['--arms', 'faults']);
    const increment = JSON.parse(readFileSync(join(full, 'run.json'), 'utf8')).increment.abs as string;
    const guard = ['guard', '--baseline', join(root, 'baseline.json'), '--increment', increment, '--full', '--workers', '1', '--no-progress'];
    // the guards' temporary folders go here, where no other test's guard sweeps
    const temp = join(root, 'tmp');
    mkdirSync(temp);
    const env = { TMPDIR: temp };
    const folders = () => readdirSync(temp).filter((n) => n.startsWith('blindspot-guard-'));
    expect((await cli([...guard, '--update-baseline'], env)).code).toBe(0);
    expect(folders()).toEqual([]);

    const { result } = await stoppedAtLedger(guard, () => folders().map((f) => join(temp, f, 'run'))[0], 100, 'SIGKILL', env);
    expect(result.signal).toBe('SIGKILL');
    const [killed, ...others] = folders();
    expect(others).toEqual([]);
    expect(readdirSync(join(temp, killed)).sort()).toEqual(['mutants', 'run', LOCK_FILE]);

    // named as a guard names its own, by a process that is alive: its guard may still be running
    const sleeper = execa('sleep', ['60'], { reject: false });
    const live = `blindspot-guard-${sleeper.pid}-live`;
    mkdirSync(join(temp, live));
    // and by one that ended before it took its lock
    const ended = execa('true');
    await ended;
    mkdirSync(join(temp, `blindspot-guard-${ended.pid}-gone`));
    try {
      const again = await cli(guard, env);
      expect(again.code, again.stderr).toBe(0);
      expect(folders()).toEqual([live]);
    } finally {
      sleeper.kill();
      await sleeper;
    }
  });
});

describe('an audit into a default run folder, killed part-way', () => {
  it('names the folder before scoring, so the same command with that --out resumes it', async () => {
    const root = tmp();
    const cwd = join(root, 'work');
    mkdirSync(cwd);
    const common = ['--target', 'apps', '--arms', 'faults', '--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses'), '--workers', '1', '--no-progress'];
    const child = execa('node', [resolve(BIN), 'audit', ...common], { cwd, reject: false });
    let named: string | undefined;
    child.stdout!.on('data', (b: Buffer) => void (named ??= /^Run folder: (\S+) \(if the run is stopped, the same command with --out \1 resumes it\)$/m.exec(String(b))?.[1]));
    while (!named || ledgerLines(join(cwd, named)) < 120) {
      if (child.exitCode !== null) throw new Error(`the audit finished before it could be stopped:\n${(await child).stderr}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    child.kill('SIGKILL');
    expect((await child).signal).toBe('SIGKILL');
    const resumed = await cli(['audit', ...common, '--out', named], {}, cwd);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/Resuming run/);
    expect(readdirSync(join(cwd, 'reports'))).toEqual([basename(named)]);
  });
});
