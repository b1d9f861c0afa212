import { describe, expect, it } from 'vitest';
import { basename, join } from 'node:path';
import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { ledgerPath } from '../../src/run/run.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { BIN, ledgerLines } from '../fixtures/cli.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';

const tmp = useTmp();
/** Ledger lines of scored cells (refusals are all recorded before scoring starts). */
const scored = (out: string) => (existsSync(ledgerPath(out)) ? readFileSync(ledgerPath(out), 'utf8').split('\n').filter((l) => l.includes('"status":"scored"')).length : 0);
const WORKERS = 2;

describe('Ctrl-C while scorers hold batches of slow cells', () => {
  it('stops once each scorer has recorded the cell it was scoring, exits 130 and records the interruption', async () => {
    const root = tmp();
    const out = join(root, 'run');
    const args = ['audit', '--target', TOY, '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', String(WORKERS), '--no-progress', '--time-limit', '5000'];
    // a module target is scored in child processes, each handed up to two batches of 8 cells, every cell 150 ms
    const child = execa('node', [BIN, ...args, '--out', out], { reject: false, env: { ...process.env, TOY_MODE: 'sleepy' } });
    while (scored(out) < 4) await new Promise((r) => setTimeout(r, 2));
    const seen = scored(out);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(130);
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(run.sessions).toMatchObject([{ status: 'interrupted', signal: 'SIGINT' }]);
    const total = readFileSync(join(root, 'm', basename(run.increment.dir), 'manifest.jsonl'), 'utf8').trim().split('\n').length;
    // Lines after the count was read are the cells in flight then and, should they end before the signal
    // lands, the cells taken up next: one per scorer each. Without the stop, every cell already handed out.
    const after = scored(out) - seen;
    expect(after).toBeLessThanOrEqual(2 * WORKERS);
    expect(ledgerLines(out)).toBeLessThan(total);
  });

  it('a Ctrl-C at a terminal reaches the scorer processes too: what it breaks is left for the next session, never recorded as an Error', async () => {
    const root = tmp();
    const out = join(root, 'run');
    const args = ['audit', '--target', TOY, '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', String(WORKERS), '--no-progress', '--time-limit', '5000', '--out', out];
    // its own process group, signalled as a whole, as a terminal does
    const child = execa('node', [BIN, ...args], { reject: false, detached: true, env: { ...process.env, TOY_MODE: 'sleepy' } });
    while (scored(out) < 4) await new Promise((r) => setTimeout(r, 2));
    process.kill(-child.pid!, 'SIGINT');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(130);
    const errors = () => readLedger(ledgerPath(out)).entries.filter((e) => e.verdict?.verdict === 'error');
    expect(errors()).toEqual([]);
    const resumed = await execa('node', [BIN, ...args], { reject: false, env: { ...process.env, TOY_MODE: 'sleepy' } });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(errors()).toEqual([]);
  });
});
