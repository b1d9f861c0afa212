// The search arm on AgentDojo banking: user_task_11's checker reads only the
// amount of the VAT payment, so the same payment to another recipient passes.
// The census never moves the recipient; the search does, shrinks it to a
// one-argument mutant, and the prospective rerun confirms it fresh.
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { python, SETUP } from '../../../targets/agentdojo/index.ts';
import { cli } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { describeWith } from '../../fixtures/requires.ts';

const tmp = useTmp();

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('AgentDojo banking with the search arm', { timeout: 300_000 }, () => {
  it('finds user_task_11 paying another recipient as a minimal mutant, which the rerun reconfirms', async () => {
    const dir = tmp();
    const run = join(dir, 'run');
    const common = ['--mutants', join(dir, 'm'), '--workers', '1', '--no-progress'];
    const audit = await cli(['audit', '--target', 'agentdojo', '--suite', 'banking', '--tasks', 'banking/user_task_11', '--arms', 'faults,search', '--censuses', join(dir, 'c'), '--out', run, ...common]);
    expect(audit.code, audit.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(run, 'report.json'), 'utf8'));
    // the census's wrong-value moves the amount, which the checker does read
    expect(report.falseAccepts.filter((f: { family: string }) => f.family === 'wrong-value')).toEqual([]);
    const recipient = report.search.findings.filter((f: { weakness: string }) => f.weakness === 'send_money.recipient');
    expect(recipient.length).toBeGreaterThan(0);
    for (const f of recipient) {
      expect(f.task).toBe('banking/user_task_11');
      expect(f.minimal.size).toEqual({ edits: 1, steps: 1, args: 1 });
      const pay = f.minimal.steps.find((s: { call: string }) => s.call === 'send_money');
      expect(pay.args.recipient).not.toBe('Apple');
      expect(pay.args.amount).toBe(200.29);
      expect(f.evidence.summary.join(' ')).toMatch(/bank_account\.transactions\.recipient: stored ".+" where the reference stores "US122000000121212121212"/);
    }
    const rerun = await cli(['rerun', '--from', run, '--out', join(dir, 'rerun'), '--json', ...common]);
    expect(rerun.code, rerun.stderr).toBe(0);
    const s = JSON.parse(rerun.stdout);
    expect(s.selected).toBe(report.search.findings.length);
    for (const f of recipient) expect(s.cells.find((c: { cell: string }) => c.cell === f.cell).after).toMatchObject({ verdict: 'pass', status: 'confirmed' });
  });
});
