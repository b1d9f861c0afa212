// The AgentDojo bridge's side of the protocol versions and of worlds, spoken to
// directly over JSON lines (one bridge process for the whole file).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { bridgeCommand, python, REPO_ROOT, SETUP } from '../../../targets/agentdojo/index.ts';
import { ProtocolClient } from '../../../src/target/protocol/client.ts';
import { RemoteError, RESULTS } from '../../../src/target/protocol/messages.ts';
import type { Trajectory } from '../../../src/contract/target.ts';
import { describeWith } from '../../fixtures/requires.ts';

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('AgentDojo bridge: protocol versions and worlds', { timeout: 120_000 }, () => {
  let client: ProtocolClient;
  const handshake = (protocol: number) =>
    client.request('handshake', { protocol, client: 'test', options: { suite: 'banking,slack' } }, 120_000);
  beforeAll(() => {
    client = new ProtocolClient(bridgeCommand(), { cwd: REPO_ROOT });
  });
  afterAll(() => client?.close());

  async function episode<T>(body: (ep: string) => Promise<T>): Promise<T> {
    const { episode: ep } = await client.request('open');
    try {
      return await body(ep);
    } finally {
      await client.request('close', { episode: ep });
    }
  }

  it('refuses protocol 4 and keeps serving; answers 1 without what 2 adds, 2 with it, and 3 with inputs and call', async () => {
    const refused = await handshake(4).catch((e) => e);
    expect(refused).toBeInstanceOf(RemoteError);
    expect(refused.code).toBe('unsupported-protocol');

    const one = await handshake(1);
    expect(one.protocol).toBe(1);
    expect(one.target.semantics).toBeUndefined();
    const oneTasks = (await client.request('tasks')).tasks;
    expect(oneTasks.every((t) => t.world === undefined)).toBe(true);
    const oneRef = (await client.request('reference', { task: 'banking/user_task_11' })).trajectory;
    expect(oneRef.steps.some((s) => s.free || s.domains)).toBe(false);

    const two = await handshake(2);
    expect(two.protocol).toBe(2);
    expect(RESULTS.handshake.parse(two).target.semantics?.tables?.length).toBeGreaterThan(0);
    expect(two.target.corpusHash).toBe(one.target.corpusHash);
    const twoRef = (await client.request('reference', { task: 'banking/user_task_11' })).trajectory;
    expect(twoRef.steps.some((s) => s.domains)).toBe(true);
    // what 3 adds: the capabilities, and the values the prompt states among the task's params
    expect(two.target.capabilities).not.toContain('inputs');
    const stated = (ts: { id: string; params: Record<string, unknown> }[]) => ts.find((t) => t.id === 'banking/user_task_11')!.params;
    expect(stated((await client.request('tasks')).tasks)).not.toHaveProperty('recipient');

    const three = await handshake(3);
    expect(three.protocol).toBe(3);
    expect(three.target.capabilities).toEqual(expect.arrayContaining(['inputs', 'call']));
    // derived from the prompt and the ground truth, both hashed already: frozen increments still verify
    expect(three.target.corpusHash).toBe(one.target.corpusHash);
    expect(stated((await client.request('tasks')).tasks)).toMatchObject({ recipient: 'Apple', subject: 'VAT' });
  });

  it('tasks starting from the same pre-environment share a world; trajectory.world starts the episode there', async () => {
    await handshake(2);
    const tasks = (await client.request('tasks')).tasks;
    const world = (id: string) => tasks.find((t) => t.id === id)!.world!;
    expect(world('banking/user_task_0')).toMatch(/^[0-9a-f]{16}$/);
    // every AgentDojo task of a suite starts from the suite's one environment
    expect(world('banking/user_task_11')).toBe(world('banking/user_task_0'));
    expect(world('slack/user_task_0')).not.toBe(world('banking/user_task_0'));

    const ref = (await client.request('reference', { task: 'banking/user_task_11' })).trajectory as Trajectory;
    const run = (t: Trajectory) =>
      episode(async (ep) => ({
        delivery: await client.request('deliver', { episode: ep, trajectory: t }),
        effect: (await client.request('readback', { episode: ep })).effect,
        verdict: await client.request('check', { episode: ep, task: 'banking/user_task_11' }),
      }));

    const own = await run(ref);
    expect(own.delivery.completed).toBe(true);
    expect(own.verdict.verdict).toBe('pass');
    // another task's world with the same id: the same state, the same effect
    expect(await run({ ...ref, world: 'banking/user_task_3' })).toEqual(own);

    // a slack world: the banking calls find no such tool there, and the banking
    // checker is asked about a slack environment
    const elsewhere = await run({ ...ref, world: 'slack/user_task_0' });
    expect(elsewhere.delivery).toMatchObject({ completed: false, stepsRun: 0 });
    expect(elsewhere.delivery.error).toMatch(/get_most_recent_transactions.*slack world/);
    expect(elsewhere.effect).toEqual({});
    expect(elsewhere.verdict).toMatchObject({ verdict: 'error', detail: expect.stringMatching(/banking checker cannot judge a slack environment/) });

    // the claim alone runs anywhere; the slack world's state is what the episode holds
    const claim = { ...ref, steps: ref.steps.filter((s) => s.kind === 'claim'), world: 'slack/user_task_0' };
    const claimed = await run(claim);
    expect(claimed.delivery.completed).toBe(true);
    expect(claimed.verdict.verdict).toBe('error');

    const unknown = await episode((ep) => client.request('deliver', { episode: ep, trajectory: { ...ref, world: 'banking/user_task_99' } }).catch((e) => e));
    expect(unknown).toBeInstanceOf(RemoteError);
    expect(unknown.code).toBe('unknown-task');
  });
});
