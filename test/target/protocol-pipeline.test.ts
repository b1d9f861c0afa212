// The capability `pipeline` (docs/protocol.md): an episode's requests go out
// without waiting for the answers before them, the target serves them in order,
// and the engine still takes deliver, readback and check one after another.
import { describe, expect, it } from 'vitest';
import { openProtocolTarget } from '../../src/target/protocol/target.ts';
import { scoreCell } from '../../src/run/score.ts';
import { controlCell } from '../../src/grammar/enumerate.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { pipeTarget, trajectory } from '../fixtures/protocol/pipe.ts';

const tmp = useTmp();
const server = (pipeline: 'on' | 'off') => pipeTarget(pipeline, tmp());

type Opened = Awaited<ReturnType<typeof openProtocolTarget>>;

/** What `work` got from a fresh server in `mode`, and the server's request log once it has shut down. */
async function spoken(mode: 'on' | 'off', work: (target: Opened) => Promise<unknown[]>): Promise<{ answers: unknown[]; log: string[] }> {
  const s = server(mode);
  const target = await openProtocolTarget(s.command, {});
  let answers: unknown[];
  try {
    answers = await work(target);
  } finally {
    await target.close();
  }
  return { answers, log: s.log() };
}

/** One cell as the engine scores it: deliver, readback, check, close. */
async function cell(target: Opened, text: string, checker: string, plan = {}, ms = 0): Promise<unknown[]> {
  const ep = await target.episode(plan);
  const answers = [await ep.deliver(trajectory(text, ms)), await ep.readback(), await ep.check(checker)];
  await ep.close();
  return answers;
}

describe('a target declaring pipeline', { timeout: 30_000 }, () => {
  it('gets an episode\'s readback with its delivery, and answers as a target spoken to one request at a time', async () => {
    const work = async (target: Opened) => [...(await cell(target, 'a', 'a')), ...(await cell(target, 'b', 'a'))];
    const off = await spoken('off', work);
    const on = await spoken('on', work);
    expect(off.log.every((l) => l.endsWith(' 0'))).toBe(true);
    // each episode's readback was read while its delivery was still owed (the open goes out
    // a moment before them, and may or may not be answered by then)
    const readbacks = on.log.filter((l) => l.startsWith('readback '));
    expect(readbacks).toHaveLength(2);
    expect(readbacks.every((l) => Number(l.split(' ')[1]) >= 1)).toBe(true);
    expect(on.answers).toEqual(off.answers);
    expect(on.answers[4]).toEqual({ notes: { added: [{ key: '1', values: { text: 'b' } }], updated: [], removed: [] } });
    expect(on.answers[5]).toMatchObject({ verdict: 'fail' });
  });

  it('sends the check the plan names with the delivery, after its readback, and answers as if asked after it', async () => {
    const work = async (target: Opened) => [
      ...(await cell(target, 'a', 'a', { check: 'a' }, 50)),
      ...(await cell(target, 'b', 'a', { check: 'a' }, 50)),
      // a check of another task than the plan's is asked when the engine asks it (the planned one goes unread)
      ...(await cell(target, 'b', 'b', { check: 'a' })),
    ];
    const off = await spoken('off', work);
    const on = await spoken('on', work);
    // each planned check was read while its episode's delivery and readback were still owed
    const checks = on.log.filter((l) => l.startsWith('check '));
    expect(checks.slice(0, 2).every((l) => Number(l.split(' ')[1]) >= 2)).toBe(true);
    expect(on.answers).toEqual(off.answers);
    expect(on.answers.map((a) => (a as { verdict?: string }).verdict).filter(Boolean)).toEqual(['pass', 'fail', 'pass']);
    // the target met every episode's requests in the engine's order: readback before check
    const methods = (log: string[]) => log.map((l) => l.split(' ')[0]);
    const episode = ['open', 'deliver', 'readback', 'check', 'close'];
    expect(methods(off.log)).toEqual(['handshake', ...episode, ...episode, ...episode, 'shutdown']);
    expect(methods(on.log)).toEqual(['handshake', ...episode, ...episode, 'open', 'deliver', 'readback', 'check', 'check', 'close', 'shutdown']);
  });

  it('times each request from the answer before it: a readback queued behind a slow delivery is not charged for it; close is not waited for', async () => {
    // deliver and readback take 300 ms each, the limit is 450 ms: timed from their send, the readback would miss it
    const target = await openProtocolTarget(server('on').command, {}, { timeoutMs: 450 });
    try {
      const ep = await target.episode();
      expect(await ep.deliver(trajectory('a', 300))).toEqual({ completed: true, stepsRun: 1 });
      expect(await ep.readback()).toEqual({ notes: { added: [{ key: '1', values: { text: 'a' } }], updated: [], removed: [] } });
      // its close takes 300 ms too, and nothing waits for its answer
      const t0 = performance.now();
      await ep.close();
      expect(performance.now() - t0).toBeLessThan(150);
      const next = await target.episode();
      expect(await next.deliver(trajectory('b'))).toEqual({ completed: true, stepsRun: 1 });
      expect(await next.check('b')).toMatchObject({ verdict: 'pass' });
      await next.close();
    } finally {
      await target.close();
    }
  });

  it('kills the child when the engine gives up on a cell whose delivery is still owed, and serves the next cell on a new one', async () => {
    const target = (await openProtocolTarget(server('on').command, {})) as Awaited<ReturnType<typeof openProtocolTarget>> & { restarts: number };
    try {
      const slow = controlCell({ id: 'a', generator: 'g', variant: 0, split: 'dev', instruction: '', params: {} }, trajectory('a', 5000));
      const t0 = performance.now();
      const entry = await scoreCell(target, slow, 200);
      expect(entry.delivery).toMatchObject({ completed: false, error: 'delivery timed out after 200 ms' });
      expect(performance.now() - t0).toBeLessThan(3000);
      const ep = await target.episode();
      expect(await ep.deliver(trajectory('b'))).toEqual({ completed: true, stepsRun: 1 });
      expect(await ep.check('b')).toMatchObject({ verdict: 'pass' });
      await ep.close();
      expect(target.restarts).toBe(1);
    } finally {
      await target.close();
    }
  });
});
