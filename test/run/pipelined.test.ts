// The main thread's scorer for a target that serves episodes in order
// (capability pipeline, src/run/pipelined.ts): several cells in flight, each
// timed from when the target starts serving it, and a target process that dies
// serving one cell costs only that cell.
import { describe, expect, it } from 'vitest';
import { Pool } from '../../src/run/pool.ts';
import { openProtocolTarget } from '../../src/target/protocol/target.ts';
import { controlCell } from '../../src/grammar/enumerate.ts';
import type { LedgerEntry } from '../../src/contract/ledger.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { pipeTarget, trajectory } from '../fixtures/protocol/pipe.ts';

const tmp = useTmp();
const cellOf = (text: string, ms = 0) => controlCell({ id: text, generator: 'g', variant: 0, split: 'dev', instruction: '', params: {} }, trajectory(text, ms));

/** The cells' entries as the pool scores them in the main thread, the target's request log, and its restarts. */
async function score(texts: string[], opts: { pipeline: boolean; ms?: number; limitMs: number }) {
  const server = pipeTarget('on', tmp());
  const target = (await openProtocolTarget(server.command, {})) as Awaited<ReturnType<typeof openProtocolTarget>> & { restarts: number };
  const entries: LedgerEntry[] = [];
  const cells = texts.map((t) => cellOf(t, opts.ms));
  const textOf = new Map(cells.map((c, i) => [c.id, texts[i]]));
  try {
    const pool = new Pool({ workers: 1, target: 'protocol', open: {}, limitMs: opts.limitMs, local: target, pipeline: opts.pipeline }, (e) => entries.push(e));
    pool.add(cells);
    await pool.idle();
    pool.close();
  } finally {
    await target.close();
  }
  const waiting = server.log().map((l) => Number(l.split(' ')[1]));
  return { entries, order: entries.map((e) => textOf.get(e.cell)), byCell: new Map(entries.map((e) => [textOf.get(e.cell)!, e])), maxWaiting: Math.max(...waiting), restarts: target.restarts };
}

const texts = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('the pipelined scorer', { timeout: 30_000 }, () => {
  it('keeps several cells in flight, and times each from when the target starts serving it', async () => {
    // each cell takes the target about 120 ms (deliver, readback and close 40 ms each); the limit is 150 ms a phase:
    // a cell timed from when it was sent would wait up to 3 x 120 ms behind the ones ahead, and time out
    const piped = await score(texts, { pipeline: true, ms: 40, limitMs: 150 });
    expect(piped.entries.map((e) => e.verdict?.verdict)).toEqual(texts.map(() => 'pass'));
    expect(piped.order).toEqual(texts);
    // a cell's time runs from its serving to its verdict (deliver and readback: about 80 ms), not from its queueing
    for (const e of piped.entries) expect(e.ms!).toBeLessThan(150);
    // more than one episode's requests (5 each) waited at the target at once
    expect(piped.maxWaiting).toBeGreaterThanOrEqual(10);
    // one cell at a time: at most its own requests and the close of the one before it
    const single = await score(texts, { pipeline: false, ms: 0, limitMs: 1000 });
    expect(single.maxWaiting).toBeLessThanOrEqual(5);
  });

  it('scores again the cells queued behind one whose delivery killed the target; only that one is an Error', async () => {
    const cells = ['a', 'b', 'crash', 'c', 'd', 'e', 'f'];
    const r = await score(cells, { pipeline: true, limitMs: 2000 });
    expect(r.entries).toHaveLength(cells.length);
    const crash = r.byCell.get('crash')!;
    expect(crash.delivery?.completed).toBe(false);
    expect(crash.verdict?.verdict).toBe('error');
    expect(crash.delivery?.error).toMatch(/exited|died/);
    for (const t of cells.filter((c) => c !== 'crash')) expect(r.byCell.get(t)?.verdict?.verdict, t).toBe('pass');
    expect(r.restarts).toBe(1);
  });
});
