// The BFCL bridge spoken to directly over JSON lines (one bridge process for the
// file): readback is scoped to turns, a call added to a turn whose ground truth
// is empty meets the checker as the package grades it, and a bridge that dies
// mid-cell costs that cell only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bridgeCommand, python, REPO_ROOT, SETUP } from '../../../targets/bfcl/index.ts';
import { ProtocolClient } from '../../../src/target/protocol/client.ts';
import type { Effect, Step, Trajectory } from '../../../src/contract/target.ts';
import { cli } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { describeWith } from '../../fixtures/requires.ts';

const tmp = useTmp();
const DYING = join(REPO_ROOT, 'test', 'fixtures', 'bfcl', 'dying_bridge.py');

describeWith(`the BFCL venv (${python()})`, existsSync(python()), SETUP)('BFCL bridge', { timeout: 180_000 }, () => {
  let client: ProtocolClient;
  beforeAll(async () => {
    client = new ProtocolClient(bridgeCommand(), { cwd: REPO_ROOT });
    await client.request('handshake', { protocol: 2, client: 'test', options: { suite: 'base,miss_func' } }, 120_000);
  });
  afterAll(() => client?.close());

  const reference = async (task: string) => (await client.request('reference', { task })).trajectory as Trajectory;
  async function run(trajectory: Trajectory, checker = trajectory.task) {
    const { episode } = await client.request('open');
    try {
      return {
        delivery: await client.request('deliver', { episode, trajectory }),
        effect: (await client.request('readback', { episode })).effect as Effect,
        verdict: await client.request('check', { episode, task: checker }),
      };
    } finally {
      await client.request('close', { episode });
    }
  }
  const turnOf = (table: string) => Number(/^turn(\d+)\//.exec(table)?.[1]);
  const tablesOfTurn = (effect: Effect, turn: number) => Object.fromEntries(Object.entries(effect).filter(([t]) => turnOf(t) === turn));

  it('conforms to the target protocol on every category', async () => {
    const r = await cli(['target', 'check', '--target', 'bfcl', '--suite', 'all']);
    expect(r.stdout).toMatch(/800 tasks checked/);
    expect(r.stdout).toMatch(/conforms: every check passed/);
    expect(r.code).toBe(0);
  });

  it('keeps each ground-truth call in its turn, and reads back each turn on its own', async () => {
    const ref = await reference('multi_turn_base_0');
    // base_0's ground truth has four turns; the mv of turn 3 moves previous_report.pdf
    expect([...new Set(ref.steps.map((s) => s.turn))]).toEqual([0, 1, 2, 3]);
    const own = await run(ref);
    expect(own.delivery).toEqual({ completed: true, stepsRun: ref.steps.length });
    expect(own.verdict.verdict).toBe('pass');
    expect(Object.keys(own.effect).every((t) => Number.isInteger(turnOf(t)))).toBe(true);

    const mv = ref.steps.findIndex((s) => s.turn === 3 && s.call === 'GorillaFileSystem.mv');
    const dropped = await run({ ...ref, steps: ref.steps.filter((_, i) => i !== mv) });
    expect(dropped.verdict).toMatchObject({ verdict: 'fail', cause: 'multi_turn:instance_state_mismatch' });
    // turns 0 to 2 read back exactly as the reference's; turn 3 lacks the move
    for (const turn of [0, 1, 2]) expect(tablesOfTurn(dropped.effect, turn)).toEqual(tablesOfTurn(own.effect, turn));
    expect(tablesOfTurn(dropped.effect, 3)).not.toEqual(tablesOfTurn(own.effect, 3));
    expect(Object.keys(own.effect).filter((t) => turnOf(t) === 3 && t.includes('[previous_report.pdf]')).length).toBeGreaterThan(0);
    expect(Object.keys(dropped.effect).filter((t) => t.includes('[previous_report.pdf]'))).toEqual([]);
  });

  it('reads back private attributes the state checker skips: the working directory', async () => {
    const ref = await reference('multi_turn_base_0');
    const own = await run(ref);
    const cwd = own.effect['turn0/GorillaFileSystem'].updated[0];
    expect(cwd.before).toMatchObject({ _current_dir: { $ref: 'GorillaFileSystem.root' } });
    expect(cwd.after).toMatchObject({ _current_dir: { $ref: 'GorillaFileSystem.root.contents[document]' } });
  });

  it('a call added to a turn whose ground truth is empty: executed, never judged in that turn, judged by the next turn\'s state', async () => {
    const ref = await reference('multi_turn_miss_func_0');
    const empty = 2;
    expect(ref.steps.some((s) => s.turn === empty)).toBe(false);
    const at = ref.steps.findIndex((s) => s.turn === empty + 1);
    const insert = (step: Step) => ({ ...ref, steps: [...ref.steps.slice(0, at), step, ...ref.steps.slice(at)] });

    // a read: nothing changes; eval_runner never calls multi_turn_irrelevance_checker, so it passes
    const read = await run(insert({ call: 'GorillaFileSystem.ls', args: {}, kind: 'read', turn: empty }));
    expect(read.verdict.verdict).toBe('pass');
    expect(tablesOfTurn(read.effect, empty)).toEqual({});

    // a write: the turn itself is not judged, the next turn's state check sees the extra file
    const write = await run(insert({ call: 'GorillaFileSystem.touch', args: { file_name: 'stray.txt' }, kind: 'write', turn: empty }));
    expect(write.verdict).toMatchObject({ verdict: 'fail', cause: 'multi_turn:instance_state_mismatch' });
    expect(Object.keys(tablesOfTurn(write.effect, empty)).some((t) => t.endsWith('[stray.txt]'))).toBe(true);
  });

  it('a call outside every turn of the checker\'s ground truth fails as the runner\'s force-terminated check', async () => {
    const ref = await reference('multi_turn_base_1');
    const last = ref.steps[ref.steps.length - 1];
    const r = await run({ ...ref, steps: [...ref.steps, { ...last, turn: (last.turn ?? 0) + 1 }] });
    expect(r.verdict).toMatchObject({ verdict: 'fail', cause: 'multi_turn:force_terminated' });
  });

  it('a bridge that dies mid-cell leaves that cell incomplete, and the run goes on with a new bridge', async () => {
    const dir = tmp();
    const marker = join(dir, 'die');
    writeFileSync(marker, '');
    const r = await cli([
      'audit', '--target', 'protocol', '--target-option', `command=${python()} ${DYING} ${marker}`,
      '--tasks', 'multi_turn_base_0', 'multi_turn_base_1', '--families', 'omit,extra', '--arms', 'faults',
      '--out', join(dir, 'run'), '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--workers', '1', '--progress', 'false', '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const ledger = readFileSync(join(dir, 'run', 'ledger.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    // 2 controls + 2 tasks x 2 families, each scored once
    expect(ledger).toHaveLength(6);
    const lost = ledger.filter((e) => e.delivery?.completed === false);
    expect(lost).toHaveLength(1);
    expect(lost[0].delivery.error).toMatch(/exited with code 3/);
    expect(lost[0].verdict.verdict).toBe('error');
    const rest = ledger.filter((e) => e !== lost[0]);
    expect(rest.every((e) => e.delivery.completed && e.verdict.verdict !== 'error')).toBe(true);
  });
});
