import { describe, expect, it } from 'vitest';
import { analysePerturbRun } from '../../src/perturb/analysis.ts';
import { comparePerturbRuns, pairedDifference } from '../../src/perturb/compare.ts';
import { renderComparisonMarkdown } from '../../src/perturb/render.ts';
import type { EpisodeRecord } from '../../src/perturb/record.ts';
import { task } from './records.ts';

/** An agent's run over 20 tasks, each passing clean, whose one U-missing instance fails on the tasks `fails` picks. */
const run = (agent: string, fails: (i: number) => boolean): EpisodeRecord[] =>
  Array.from({ length: 20 }, (_, i) => task(`t${String(i).padStart(2, '0')}`, true, { 'U-missing': !fails(i) }, { agent })).flat();

const compare = (...runs: EpisodeRecord[][]) =>
  comparePerturbRuns(
    runs.map((rs) => analysePerturbRun(rs, { bootstrap: 0 })),
    { records: runs.flat(), bootstrap: { bootstrap: 500, seed: 3 } },
  );

describe('perturb compare: paired differences between agents', () => {
  it('a difference on most tasks is significant; one on a single task of 20 is not', () => {
    const robust = run('robust', () => false);
    const fragile = run('fragile', (i) => i % 4 !== 0); // fails 15 of 20
    const nearly = run('nearly', (i) => i === 7); // fails 1 of 20
    const c = compare(robust, fragile, nearly);
    expect(c.agents.map((a) => a.agent)).toEqual(['robust', 'nearly', 'fragile']);
    const d = (a: string, b: string) => c.differences!.find((x) => x.a === a && x.b === b)!;
    expect(d('robust', 'fragile')).toMatchObject({ tasks: 20, difference: 75, significant: true });
    expect(d('robust', 'fragile').ci!.lo).toBeGreaterThan(0);
    // the ranking puts nearly below robust, yet the interval [0, 15] includes 0
    expect(d('robust', 'nearly')).toMatchObject({ tasks: 20, difference: 5, significant: false });
    expect(d('robust', 'nearly').ci!.lo).toBe(0);
    expect(c.differences).toHaveLength(3);

    const md = renderComparisonMarkdown(c);
    expect(md).toContain('## Are the differences between agents significant?');
    expect(md).toMatch(/\| robust \| fragile \| 20 \| 75\.0 \[[\d.]+, [\d.]+\] \| yes \|/);
    expect(md).toMatch(/\| robust \| nearly \| 20 \| 5\.0 \[0\.0, [\d.]+\] \| no: the interval includes 0 \|/);
  });

  it('pairs only the tasks both agents ran, and says n/a where a degradation is undefined', () => {
    const a = run('a', () => false);
    const b = run('b', () => true).filter((r) => r.task < 't10');
    expect(pairedDifference({ agent: 'a', records: a }, { agent: 'b', records: b }, { bootstrap: 200 })).toMatchObject({ tasks: 10, difference: 100, significant: true });
    const never = Array.from({ length: 5 }, (_, i) => task(`t0${i}`, false, { 'U-missing': false }, { agent: 'never' })).flat();
    expect(pairedDifference({ agent: 'a', records: a }, { agent: 'never', records: never }, { bootstrap: 200 })).toEqual({ a: 'a', b: 'never', tasks: 5, difference: null, ci: null, significant: null });
  });

  it('without the records, no differences (the analyses alone cannot pair agents)', () => {
    expect(comparePerturbRuns([analysePerturbRun(run('x', () => false), { bootstrap: 0 })]).differences).toBeUndefined();
  });
});
