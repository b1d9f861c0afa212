// AgentDojo end to end on its banking suite, through the real Python bridge.
// .ci/run creates the venv (scripts/setup-python.sh) before the tests, so in CI
// this always runs; on a machine without the venv it is skipped with the command.
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { python, SETUP } from '../../../targets/agentdojo/index.ts';
import { cli, runCli } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { describeWith } from '../../fixtures/requires.ts';

const tmp = useTmp();

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('AgentDojo banking through the bridge', { timeout: 180_000 }, () => {
  it('conforms to the target protocol', async () => {
    const r = await runCli(['target', 'check', '--target', 'agentdojo', '--suite', 'banking']);
    expect(r.stdout).toMatch(/16 tasks checked/);
    expect(r.stdout).toMatch(/conforms: every check passed/);
    expect(r.code).toBe(0);
  });

  it('audits: controls pass, and every confirmed false accept carries the environment diff', async () => {
    const dir = tmp();
    const r = await cli([
      'audit', '--target', 'agentdojo', '--suite', 'banking', '--families', 'claim-only,extra-ni',
      '--out', join(dir, 'run'), '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--workers', '1', '--progress', 'false',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'run', 'report.json'), 'utf8'));
    expect(report.controls).toMatchObject({ total: 16, pass: 16 });
    expect(report.falseAccepts.length).toBeGreaterThan(0);
    for (const fa of report.falseAccepts) expect(fa.evidence.differences.length, fa.cell).toBeGreaterThan(0);
    // user_task_5's checker looks for a 50.00 payment that the pre-task history already holds
    const claim = report.falseAccepts.find((f: any) => f.cell === 'fault:claim-only:banking/user_task_5#0');
    expect(claim.evidence.differences[0].table).toBe('bank_account.transactions');
    // the ground truth's payee "Spotify" is read as the account the environment pays Spotify at (semantics.py's payee aliases)
    expect(claim.evidence.differences[0].missingAdded[0]).toMatchObject({ recipient: 'SE3550000000054910000003', amount: 5 });
  });
});
