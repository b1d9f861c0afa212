// What the SDK's Benchmark answers for an author's five functions, beyond
// conformance: versions 1-3 (1 without what 2 adds), world ids from the initial
// state, deliveries in another task's world, rejected steps, and checks on an
// episode nothing was delivered to. Driven on the refund-desk example.
import { afterEach, describe, expect, it } from 'vitest';
import { jsonLines, NO_PYTHON, PYTHON } from './python.ts';

const ADAPTER = 'examples/refund-desk/adapter.py';

describe.skipIf(!PYTHON)(`blindspot_target.Benchmark${NO_PYTHON}`, () => {
  let py: ReturnType<typeof jsonLines> | undefined;
  let id = 0;
  afterEach(() => py?.close());
  const ask = (method: string, params: Record<string, unknown> = {}) => py!.ask({ id: ++id, method, params });
  const start = async (protocol: number) => {
    py = jsonLines(ADAPTER);
    return ask('handshake', { protocol, client: 'test', options: {} });
  };

  it('refuses protocol 4 and keeps serving; under 1 leaves out semantics, worlds and free arguments', async () => {
    expect((await start(4)).error).toEqual({ code: 'unsupported-protocol', message: 'this bridge speaks protocol 1 and 2 and 3, not 4' });
    const hello = await ask('handshake', { protocol: 1, client: 'test', options: {} });
    expect(hello.result.protocol).toBe(1);
    expect(hello.result.target.semantics).toBeUndefined();
    const { tasks } = (await ask('tasks')).result;
    expect(tasks.map((t: { id: string }) => t.id)).toEqual(['refund-damaged', 'refund-full', 'move-house', 'cancel-order']);
    for (const t of tasks) expect(t.world).toBeUndefined();
    const { steps } = (await ask('reference', { task: 'refund-damaged' })).result.trajectory;
    expect(steps.map((s: { call: string }) => s.call)).toEqual(['get_order', 'refund', 'reply']);
    for (const s of steps) expect(s.free).toBeUndefined();
    expect((await ask('handshake', { protocol: 2, client: 'test', options: { suite: 'x' } })).error).toEqual({ code: 'invalid-params', message: 'unknown target option(s) suite (known: )' });
  });

  it('under 2 and 3 declares semantics, one world for tasks that start alike, and free arguments', async () => {
    const hello = await start(3);
    expect(hello.result.protocol).toBe(3);
    expect(hello.result.target.semantics).toEqual({ tables: [{ table: 'refunds', ignore: ['at'], why: 'desk.refund stamps each refund with the wall clock' }] });
    expect(hello.result.target.checkerFiles.map((f: { path: string }) => f.path)).toEqual(['refund-desk/checker.py', 'refund-desk/desk.py']);
    const { tasks } = (await ask('tasks')).result;
    expect(new Set(tasks.map((t: { world: string }) => t.world)).size).toBe(1);
    expect(tasks[0].world).toMatch(/^[0-9a-f]{16}$/);
    const refund = (await ask('reference', { task: 'refund-damaged' })).result.trajectory.steps[1];
    expect(refund).toMatchObject({ call: 'refund', kind: 'write', free: ['note'], alternatives: { order_id: ['o2', 'o3', 'o4'], amount: [12.5, 5] } });
  });

  it('delivers in another task\'s world, stops at a rejected step, and grades an untouched episode', async () => {
    await start(3);
    const steps = (await ask('reference', { task: 'move-house' })).result.trajectory.steps;
    const e1 = (await ask('open')).result.episode;
    expect((await ask('deliver', { episode: e1, trajectory: { task: 'move-house', steps, world: 'cancel-order' } })).result).toEqual({ completed: true, stepsRun: 2 });
    expect((await ask('readback', { episode: e1 })).result.effect).toEqual({
      customers: { added: [], updated: [{ key: 'c3', before: { name: 'Mei Chen', address: '88 Canal Road, Utrecht' }, after: { name: 'Mei Chen', address: '5 Dam Square, Amsterdam' } }], removed: [] },
    });
    expect((await ask('deliver', { episode: e1, trajectory: { task: 'move-house', steps } })).error.code).toBe('invalid-params');
    expect((await ask('deliver', { episode: e1, trajectory: { task: 'move-house', steps, world: 'nope' } })).error).toEqual({ code: 'unknown-task', message: 'unknown task nope' });

    const e2 = (await ask('open')).result.episode;
    const twice = [{ call: 'cancel_order', args: { order_id: 'o4' }, kind: 'write' }, { call: 'cancel_order', args: { order_id: 'o4' }, kind: 'write' }];
    expect((await ask('deliver', { episode: e2, trajectory: { task: 'cancel-order', steps: twice } })).result).toEqual({
      completed: false, stepsRun: 1, error: 'step 1 cancel_order: DeskError: order o4 is cancelled, only processing orders can be cancelled',
    });
    expect((await ask('check', { episode: e2, task: 'cancel-order' })).result.verdict).toBe('pass');

    const e3 = (await ask('open')).result.episode;
    expect((await ask('readback', { episode: e3 })).result.effect).toEqual({});
    expect((await ask('check', { episode: e3, task: 'refund-damaged' })).result).toEqual({ verdict: 'fail', detail: 'order o1 is delivered' });
    expect((await ask('close', { episode: e3 })).result).toEqual({});
    expect((await ask('check', { episode: e3, task: 'refund-damaged' })).error.code).toBe('unknown-episode');
  });

  it('declares pipeline: opens an episode under the id the client names, and refuses one in use or malformed', async () => {
    expect((await start(3)).result.target.capabilities).toContain('pipeline');
    expect((await ask('open', { episode: 'p1' })).result).toEqual({ episode: 'p1' });
    expect((await ask('open', { episode: 'p1' })).error).toEqual({ code: 'invalid-params', message: 'episode: expected a new id, got "p1"' });
    expect((await ask('open', { episode: 7 })).error).toEqual({ code: 'invalid-params', message: 'episode: expected a new id, got 7' });
    expect((await ask('readback', { episode: 'p1' })).result.effect).toEqual({});
    expect((await ask('close', { episode: 'p1' })).result).toEqual({});
    // closed, its id may be named again; without one the bridge names it
    expect((await ask('open', { episode: 'p1' })).result).toEqual({ episode: 'p1' });
    expect((await ask('open')).result.episode).toMatch(/^e\d+$/);
  });
});
