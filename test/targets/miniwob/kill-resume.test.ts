// Kill a miniwob audit part-way with SIGKILL, run it again with the same --out:
// every cell is in the ledger once, the findings equal an uninterrupted run's,
// and no Chromium and no task server (both live in the CLI's process tree) is left.
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditStoppedPartWay, cli, ledgerLines } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { labelledLeft } from '../../fixtures/processes.ts';
import { describeWith, hasChromium } from '../../fixtures/requires.ts';
import { readLedger } from '../../../src/run/ledger.ts';
import { ledgerPath } from '../../../src/run/run.ts';
import { SETUP, VENV } from '../../../targets/miniwob/package.ts';

const tmp = useTmp();
const LABEL = 'BLINDSPOT_MINIWOB_KILL_TEST';
const describeMiniwob = describeWith('the miniwob venv and Chromium', hasChromium && existsSync(VENV), SETUP);

/** What an equal run must reproduce: the tables and the findings (details carry time-discounted rewards, which vary). */
const findings = (run: string) => {
  const r = JSON.parse(readFileSync(join(run, 'report.json'), 'utf8'));
  return { controls: r.controls, flow: r.flow, checkers: r.checkers, falseAccepts: r.falseAccepts.map((f: { cell: string; checkers: unknown }) => [f.cell, f.checkers]) };
};

describeMiniwob('miniwob audit killed part-way', () => {
  it('resumes to each cell once, the same findings, and nothing left running', { timeout: 240_000 }, async () => {
    const root = tmp();
    const common = ['--target', 'miniwob', '--target-option', 'seeds=0', '--tasks', 'click-checkboxes-soft', 'form-sequence-2', 'click-button',
      '--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses'), '--workers', '2', '--no-progress'];
    const full = join(root, 'full');
    const env = { [LABEL]: root };
    const done = await cli(['audit', ...common, '--out', full], env);
    expect(done.code, done.stderr).toBe(0);
    const total = ledgerLines(full);

    const part = join(root, 'part');
    const { result, lines } = await auditStoppedPartWay(common, part, 6, 'SIGKILL', env);
    expect(result.signal).toBe('SIGKILL');
    expect(lines).toBeLessThan(total);
    expect(await labelledLeft(LABEL, root)).toEqual([]);

    const resumed = await cli(['audit', ...common, '--out', part], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const ids = readLedger(ledgerPath(part)).entries.map((e) => e.cell);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(findings(part)).toEqual(findings(full));
    expect(findings(full).falseAccepts.length).toBeGreaterThan(0);
    expect(await labelledLeft(LABEL, root)).toEqual([]);
  });
});
