import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import { freeze } from '../../src/freeze/freeze.ts';
import { runIncrement } from '../../src/run/run.ts';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('blindspot rerun', { timeout: 120_000 }, () => {
  it('prints the reason of every confirmation, answer findings included', async () => {
    const root = tmp();
    const f = await freeze({ target: 'test/fixtures/answer-toy.ts', arms: ['search'], search: { budget: 32, seed: 0 }, splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
    const source = join(root, 'run');
    expect((await runIncrement({ incrementDir: f.dir, runDir: source, workers: 1, limitMs: 2000 })).status).toBe('complete');
    const r = await runCli(['rerun', '--from', source, '--out', join(root, 'rerun'), '--mutants', join(root, 'm'), '--workers', '1', '--no-progress']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => / -> /.test(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/: pass -> pass, confirmed: \S/);
    // count/0's checker never reads its answer: a finding confirmed by the answer alone says how the answer differs
    const answers = lines.filter((l) => l.includes('count/0') && l.includes('answer'));
    expect(answers).not.toEqual([]);
    for (const l of answers) expect(l).toMatch(/confirmed: answer: delivered .* where the reference answers "4"$/);
  });

  it('refuses cells of an arm with no wrong effect of its own to reconfirm, before freezing anything', async () => {
    const root = tmp();
    const f = await freeze({ target: 'apps', arms: ['faults', 'floor'], splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
    const source = join(root, 'run');
    expect((await runIncrement({ incrementDir: f.dir, runDir: source, workers: 1 })).status).toBe('complete');
    const before = readdirSync(join(root, 'm'));
    const r = await runCli(['rerun', '--from', source, '--where', 'arm=floor', '--out', join(root, 'rerun'), '--mutants', join(root, 'm'), '--no-progress']);
    expect(r.code).toBe(2);
    // it printed 'fail -> fail, undefined' for every floor cell (and crashed after scoring a swap selection)
    expect(r.stderr).toBe('blindspot: --where arm=floor: selects cells of the floor arm; rerun reconfirms fault and search cells, whose wrong effects its report classifies (add arm=fault to --where, or audit again with --arms floor)');
    expect(existsSync(join(root, 'rerun'))).toBe(false);
    expect(readdirSync(join(root, 'm'))).toEqual(before);
  });
});
