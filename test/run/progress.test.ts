import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { createProgress, progressOutput } from '../../src/run/progress.ts';
import type { LedgerEntry } from '../../src/contract/ledger.ts';
import { cli } from '../fixtures/cli.ts';

const entry = (verdict?: 'pass' | 'fail' | 'error'): LedgerEntry => ({
  cell: 'c',
  status: verdict ? 'scored' : 'refused',
  ...(verdict ? { verdict: { verdict, detail: '' } } : {}),
  at: '',
});

/** A stream that is not a terminal, keeping what was written. */
const pipe = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
};

describe('progress off a terminal', () => {
  afterEach(() => vi.useRealTimers());

  it('writes one line every interval and one at the end, counting from the cells already done', async () => {
    vi.useFakeTimers();
    const { lines, stream } = pipe();
    const p = await createProgress(true, 10, 2, { stream, everySeconds: 10 });
    p.tick(entry('pass'));
    p.tick(entry('fail'));
    vi.advanceTimersByTime(9_999);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lines).toEqual(['scoring 4/10 cells (40%) | 1 pass 1 fail 0 error 0 refused | 10 s elapsed\n']);
    p.tick(entry('error'));
    p.tick(entry());
    vi.advanceTimersByTime(5_000);
    expect(lines).toHaveLength(1);
    p.stop();
    // the refused cell has its own bucket: the buckets add up to the 4 cells this session scored
    expect(lines[1]).toBe('scoring 6/10 cells (60%) | 1 pass 1 fail 1 error 1 refused | 15 s elapsed\n');
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(2);
  });

  it('counts a cell delivered and read back but never graded (a world-reference cell) as ungraded', async () => {
    vi.useFakeTimers();
    const { lines, stream } = pipe();
    const p = await createProgress(true, 3, 0, { stream, everySeconds: 10 });
    p.tick(entry('pass'));
    p.tick({ cell: 'swap:a@world:b', status: 'scored', delivery: { completed: true, stepsRun: 1 }, effect: {}, at: '' });
    p.tick(entry());
    p.stop();
    expect(lines).toEqual(['scoring 3/3 cells (100%) | 1 pass 0 fail 0 error 1 refused 1 ungraded | 0 s elapsed\n']);
  });

  it('grows its total with each cell scored beyond the manifest (a search\'s shrinking), never counting past it', async () => {
    const { lines, stream } = pipe();
    const p = await createProgress(true, 2, 0, { stream, everySeconds: 10 });
    p.tick(entry('pass'));
    p.tick(entry('pass'));
    p.extend();
    p.extend();
    p.tick(entry('fail'));
    p.tick(entry('pass'));
    p.stop();
    expect(lines).toEqual(['scoring 4/4 cells (100%) | 3 pass 1 fail 0 error 0 refused | 0 s elapsed\n']);
  });

  it('writes nothing when disabled', async () => {
    vi.useFakeTimers();
    const { lines, stream } = pipe();
    const p = await createProgress(false, 10, 0, { stream, everySeconds: 1 });
    p.tick(entry('pass'));
    vi.advanceTimersByTime(5_000);
    p.stop();
    expect(lines).toEqual([]);
  });
});

describe('progress in a CI job whose runner gives stderr a terminal', () => {
  it('writes lines, not a bar\'s redraws, when CI is set', async () => {
    const tty = pipe();
    // a terminal, as far as isTTY tells
    const stream = Object.assign(tty.stream, { isTTY: true });
    for (const CI of ['true', '1', 'True']) expect(progressOutput({ CI }, stream).terminal).toBe(false);
    for (const env of [{}, { CI: 'false' }, { CI: '0' }, { CI: '' }]) expect(progressOutput(env, stream).terminal).toBe(true);
    const p = await createProgress(true, 1, 0, progressOutput({ CI: 'true', BLINDSPOT_PROGRESS_SECONDS: '10' }, stream));
    p.tick(entry('pass'));
    p.stop();
    expect(tty.lines).toEqual(['scoring 1/1 cells (100%) | 1 pass 0 fail 0 error 0 refused | 0 s elapsed\n']);
  });
});

describe('the seconds between progress lines (BLINDSPOT_PROGRESS_SECONDS)', () => {
  it('is at most what a timer can wait: 1e10 fired the interval every millisecond, a line each time', () => {
    const { stream } = pipe();
    expect(progressOutput({ BLINDSPOT_PROGRESS_SECONDS: '1e10' }, stream).everySeconds * 1000).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(progressOutput({ BLINDSPOT_PROGRESS_SECONDS: '30' }, stream).everySeconds).toBe(30);
  });

  it('says so, once, when it is no number of seconds, and keeps the default', async () => {
    const out = pipe();
    const output = progressOutput({ BLINDSPOT_PROGRESS_SECONDS: 'abc' }, out.stream);
    expect(output.everySeconds).toBe(10);
    const p = await createProgress(true, 1, 0, output);
    p.tick(entry('pass'));
    p.stop();
    expect(out.lines).toEqual([
      "blindspot: BLINDSPOT_PROGRESS_SECONDS: expected a number of seconds above 0, got 'abc'; a line every 10 s\n",
      'scoring 1/1 cells (100%) | 1 pass 0 fail 0 error 0 refused | 0 s elapsed\n',
    ]);
    expect(progressOutput({ BLINDSPOT_PROGRESS_SECONDS: '30' }, out.stream).warning).toBeUndefined();
    expect(progressOutput({}, out.stream).warning).toBeUndefined();
  });
});

describe('progress of `blindspot run` in CI (stderr not a terminal)', () => {
  let root: string;
  let inc: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'blindspot-test-'));
    const f = await cli(['freeze', '--target', 'apps', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--json']);
    expect(f.code, f.stderr).toBe(0);
    inc = JSON.parse(f.stdout).dir;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const LINE = /^scoring (\d+)\/(\d+) cells \((\d+)%\) \| \d+ pass \d+ fail \d+ error \d+ refused \| \d+ s elapsed$/;
  const progressLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('scoring'));
  const run = (name: string, ...flags: string[]) =>
    cli(['run', inc, '--out', join(root, name), '--workers', '1', ...flags], { BLINDSPOT_PROGRESS_SECONDS: '0.05' });

  it('prints periodic lines while scoring and a last line with every cell', async () => {
    const r = await run('on');
    expect(r.code, r.stderr).toBe(0);
    const lines = progressLines(r.stderr);
    for (const l of lines) expect(l).toMatch(LINE);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const [, done, total, pct] = LINE.exec(lines.at(-1)!)!;
    expect([done, pct]).toEqual([total, '100']);
    // a line written part-way: fewer cells than the total
    expect(lines.some((l) => Number(LINE.exec(l)![1]) < Number(total))).toBe(true);
    expect(r.stderr.split('\n').filter((l) => l && !LINE.test(l))).toEqual([]);
  });

  it.each([['--no-progress'], ['--json']])('prints none with %s', async (flag) => {
    const r = await run(flag.slice(2), flag);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});
