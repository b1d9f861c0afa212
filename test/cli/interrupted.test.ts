// guard, repair and rerun read every cell's verdict once their run ends. A run
// that a signal stopped part-way is stood in for by runIncrement's stopAfter (the
// state a Ctrl-C leaves: the session recorded as interrupted, the rest unscored),
// so the commands run in this process, with no timing to race.
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonError, runCli, useAppsAudit } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const stop = vi.hoisted(() => ({ after: undefined as number | undefined }));
vi.mock('../../src/run/run.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/run/run.ts')>();
  return { ...real, runIncrement: (o: Parameters<typeof real.runIncrement>[0]) => real.runIncrement(stop.after === undefined ? o : { ...o, stopAfter: stop.after }) };
});

const tmp = useTmp();
const audit = useAppsAudit('blindspot-interrupted-');
const quiet = ['--workers', '0', '--no-progress'];

/** `args` run with every scoring session stopped after its first cell. */
async function stopped(args: string[]) {
  stop.after = 1;
  try {
    return await runCli(args);
  } finally {
    stop.after = undefined;
  }
}

describe('a command that compares every cell, interrupted part-way: exit 130 and one line saying so', { timeout: 120_000 }, () => {
  it('guard: not exit 2 (bad input); the baseline is left as it was', async () => {
    const root = tmp();
    const baseline = join(root, 'baseline.json');
    const increment = JSON.parse(readFileSync(join(audit.run(), 'run.json'), 'utf8')).increment.abs as string;
    expect((await runCli(['guard', '--baseline', baseline, '--increment', increment, '--update-baseline', ...quiet])).code).toBe(0);
    const before = readFileSync(baseline, 'utf8');
    for (const more of [[], ['--update-baseline']]) {
      const r = await stopped(['guard', '--baseline', baseline, '--full', ...more, ...quiet, '--json']);
      // no result document: the interruption's, and nothing else
      expect(r.code).toBe(130);
      expect(jsonError(r)).toMatchObject({ kind: 'interrupted' });
      expect(r.stderr).toMatch(/^blindspot: guard interrupted: \d+ of \d+ cells scored; nothing compared or written; run the same command again$/);
    }
    expect(readFileSync(baseline, 'utf8')).toBe(before);
  });

  it('rerun: not exit 0 over the cells it scored; the same command with --out resumes it', async () => {
    const out = join(tmp(), 'rerun');
    const args = ['rerun', '--from', audit.run(), '--where', 'family=extra', '--out', out, '--mutants', join(audit.root(), 'm'), ...quiet];
    const r = await stopped(args);
    expect(r).toMatchObject({ code: 130, stdout: '' });
    expect(r.stderr).toMatch(/^blindspot: rerun interrupted: \d+ of 96 cells scored; run again with --out \S+ to resume it$/);
    expect(r.stderr.endsWith(`--out ${out} to resume it`)).toBe(true);
    const resumed = await runCli(args);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/^Froze 48 selected cell\(s\)/);
    expect(resumed.stdout).toMatch(/Verdicts reproduced: 48\/48\./);
  });

  it('repair: not exit 0 with flips over the cells its regrade scored', async () => {
    const r = await stopped(['repair', audit.run(), '--patch', 'cardinality', '--workers', '0', '--json']);
    expect(r.code).toBe(130);
    expect(jsonError(r)).toMatchObject({ kind: 'interrupted' });
    expect(r.stderr).toMatch(/^blindspot: repair:cardinality interrupted: \d+ of \d+ cells scored; nothing compared or written; run the same command again$/);
  });
});
