import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEachFresh } from '../../src/census/deliver.ts';
import { takeEffectCensus } from '../../src/census/effects.ts';
import { takeIdempotenceCensus } from '../../src/census/idempotence.ts';
import { openProtocolTarget } from '../../src/target/protocol/target.ts';
import type { Target, Trajectory } from '../../src/contract/target.ts';
import { PROTOCOL_TOY } from '../fixtures/tmp.ts';

/** The target with its episodes counted: a census of a pipelining target opens none of them one by one. */
function counted(target: Target) {
  const opened = { n: 0 };
  return { opened, target: { ...target, episode: (plan?: Parameters<Target['episode']>[0]) => (opened.n++, target.episode(plan)) } as Target };
}

// The same toy target spoken to one request at a time and pipelined: a census
// observes the same either way, the pipelined one in one round trip (every
// episode's requests sent before the first answer).
describe('census deliveries of a pipelining protocol target', () => {
  let plain: Target;
  let pipelined: Target;
  beforeAll(async () => {
    plain = await openProtocolTarget([process.execPath, PROTOCOL_TOY, '--protocol', '3'], {});
    pipelined = await openProtocolTarget([process.execPath, PROTOCOL_TOY, '--protocol', '3', '--pipeline', 'honest'], {});
  });
  afterAll(async () => {
    await plain.close();
    await pipelined.close();
  });

  it('measure the same idempotence and effect censuses, without opening an episode one by one', async () => {
    const tasks = ['notes/0', 'notes/1'];
    for (const take of [takeIdempotenceCensus, takeEffectCensus]) {
      const one = counted(plain);
      const all = counted(pipelined);
      const [a, b] = [await take(one.target, tasks), await take(all.target, tasks)];
      expect(b).toEqual(a);
      expect(one.opened.n).toBeGreaterThan(0);
      expect(all.opened.n).toBe(0);
    }
  });

  it('observe a delivery that fails among others as its own result, and the deliveries after it as usual', async () => {
    const jobs: Trajectory[] = [
      { task: 'notes/0', steps: [{ call: 'notes.add', args: { text: 'hello' }, kind: 'write' }] },
      // the toy cannot deliver a trajectory without steps: its deliver answers an error
      { task: 'notes/0' } as Trajectory,
      { task: 'notes/1', steps: [{ call: 'notes.add', args: { text: 'bye' }, kind: 'write' }] },
    ];
    const [a, b] = [await deliverEachFresh(plain, jobs), await deliverEachFresh(pipelined, jobs)];
    expect(b).toEqual(a);
    expect(a.map((o) => o.completed)).toEqual([true, false, true]);
    expect(a[1].error).toMatch(/not iterable/);
    // the failure leaves nothing behind: the next delivery observes what it observes alone
    expect(b[2]).toEqual((await deliverEachFresh(pipelined, [jobs[2]]))[0]);
  });
});
