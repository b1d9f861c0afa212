import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calibrate, CALIBRATION } from '../../src/run/time-limit.ts';
import type { LedgerEntry } from '../../src/contract/ledger.ts';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();
const entry = (ms: number, verdict: 'pass' | 'fail' | 'error' = 'pass'): LedgerEntry => ({ cell: `control:t${ms}`, status: 'scored', verdict: { verdict, detail: '' }, ms, at: '' });

describe('calibrated time limit', () => {
  it('is a multiple of the slowest control, never below the floor, and ignores controls that errored', () => {
    expect(calibrate([entry(3), entry(40)])).toEqual({ ms: CALIBRATION.floorMs, source: 'calibrated', slowestControlMs: 40, controls: 2 });
    expect(calibrate([entry(1200), entry(2500, 'fail'), entry(59_000, 'error')])).toEqual({ ms: 25_000, source: 'calibrated', slowestControlMs: 2500, controls: 2 });
    expect(calibrate([entry(60_000, 'error')])).toEqual({ ms: CALIBRATION.floorMs, source: 'default' });
    expect(calibrate([])).toEqual({ ms: CALIBRATION.floorMs, source: 'default' });
  });

  it('is measured on the run\'s controls when --time-limit is absent, recorded in run.json and the report; the flag overrides', async () => {
    const root = tmp();
    const common = ['--target', 'apps', '--arms', 'faults', '--families', 'omit', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1', '--no-progress'];
    const a = await runCli(['audit', ...common, '--out', join(root, 'a')]);
    expect(a.code, a.stderr).toBe(0);
    const limit = JSON.parse(readFileSync(join(root, 'a', 'run.json'), 'utf8')).sessions[0].timeLimit;
    expect(limit.source).toBe('calibrated');
    expect(limit.controls).toBe(JSON.parse(readFileSync(join(root, 'a', 'report.json'), 'utf8')).controls.total);
    expect(limit.ms).toBe(Math.max(CALIBRATION.floorMs, Math.ceil(CALIBRATION.multiple * limit.slowestControlMs)));
    expect(readFileSync(join(root, 'a', 'report.md'), 'utf8')).toMatch(/Per-cell time limit: \d+ ms \(10 x the slowest of \d+ controls/);

    const b = await runCli(['audit', ...common, '--out', join(root, 'b'), '--time-limit', '4321']);
    expect(b.code, b.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'b', 'run.json'), 'utf8')).sessions[0].timeLimit).toEqual({ ms: 4321, source: 'flag' });
  }, 60_000);
});
