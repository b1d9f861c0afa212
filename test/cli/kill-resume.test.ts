import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { auditStoppedPartWay, cli, comparable, ledgerLines } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';

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
