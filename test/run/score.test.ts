import { describe, expect, it } from 'vitest';
import { scoreCell } from '../../src/run/score.ts';
import { InThreadScorer } from '../../src/run/in-thread.ts';
import { controlCell } from '../../src/grammar/enumerate.ts';
import type { Episode, Target } from '../../src/contract/target.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A target whose episode phases take the given times (ms); only scoreCell's use of it matters here. */
function timedTarget(ms: { deliver: number; readback: number; check: number }): Target {
  const episode: Episode = {
    deliver: async (t) => (await sleep(ms.deliver), { completed: true, stepsRun: t.steps.length }),
    readback: async () => (await sleep(ms.readback), {}),
    check: async () => (await sleep(ms.check), { verdict: 'pass', detail: 'ok' }),
    close: async () => undefined,
  };
  return { episode: async () => episode } as unknown as Target;
}

const cell = controlCell(
  { id: 't1', generator: 'g', variant: 0, split: 'dev', instruction: '', params: {} },
  { task: 't1', steps: [{ call: 'x.y', args: {}, kind: 'write' }] },
);

describe('scoreCell time limit', () => {
  it('gives each phase the whole limit: three phases of 60% each pass under one limit', async () => {
    const entry = await scoreCell(timedTarget({ deliver: 120, readback: 120, check: 120 }), cell, 200);
    expect(entry.delivery).toEqual({ completed: true, stepsRun: 1 });
    expect(entry.readbackError).toBeUndefined();
    expect(entry.verdict).toEqual({ verdict: 'pass', detail: 'ok' });
    expect(entry.ms).toBeGreaterThan(300);
  });

  it.each([
    ['deliver', { deliver: 400, readback: 0, check: 0 }],
    ['readback', { deliver: 0, readback: 400, check: 0 }],
    ['check', { deliver: 0, readback: 0, check: 400 }],
  ] as const)('names the phase that outlasts the limit (%s) and goes on to the next', async (phase, ms) => {
    const entry = await scoreCell(timedTarget(ms), cell, 150);
    if (phase === 'deliver') expect(entry.delivery).toEqual({ completed: false, stepsRun: 0, error: 'delivery timed out after 150 ms' });
    else expect(entry.delivery?.completed).toBe(true);
    expect(entry.readbackError).toBe(phase === 'readback' ? 'readback timed out after 150 ms' : undefined);
    expect(entry.verdict).toEqual(phase === 'check' ? { verdict: 'error', detail: 'checker timed out after 150 ms' } : { verdict: 'pass', detail: 'ok' });
  });
});

describe('the main-thread watchdog', () => {
  it('lets a cell whose phases together outlast twice the limit finish, since each phase has the whole limit', async () => {
    // limit 400: the watchdog fires 800 ms into a phase (checked every 100 ms); the cell takes 3 x 390 ms
    const quick = new InThreadScorer(timedTarget({ deliver: 0, readback: 0, check: 0 }), 400);
    const scorer = new InThreadScorer(timedTarget({ deliver: 390, readback: 390, check: 390 }), 400);
    try {
      await quick.score(cell);
      await sleep(200); // the watchdog threads are up
      const entry = await scorer.score(cell);
      expect(entry.verdict).toEqual({ verdict: 'pass', detail: 'ok' });
      expect(entry.ms).toBeGreaterThan(1100);
    } finally {
      quick.close();
      scorer.close();
    }
  });
});

describe('a watchdog left by a closed scorer', () => {
  it('terminates a synchronous hang of the next scorer at that scorer\'s own limit', async () => {
    const hang: Target = {
      episode: async () => ({
        deliver: async () => {
          for (;;);
        },
        readback: async () => ({}),
        check: async () => ({ verdict: 'pass', detail: 'ok' }),
        close: async () => undefined,
      }),
    } as unknown as Target;
    // the first scorer's limit would let the hang run for a minute
    const first = new InThreadScorer(timedTarget({ deliver: 0, readback: 0, check: 0 }), 30_000);
    await first.score(cell);
    first.close();
    const next = new InThreadScorer(hang, 100);
    try {
      const t0 = performance.now();
      const entry = await next.score(cell);
      expect(entry.verdict?.verdict).toBe('error');
      expect(entry.verdict?.detail).toMatch(/exceeded the time limit \(100 ms\) in a synchronous loop/);
      expect(performance.now() - t0).toBeLessThan(5000);
    } finally {
      next.close();
    }
  });
});
