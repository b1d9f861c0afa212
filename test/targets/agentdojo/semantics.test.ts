// AgentDojo's declared effect semantics, free arguments and domains, exercised
// through the engine: the real bridge delivers each construction, the engine's
// own judgeEffect classifies what it read back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { python, SETUP } from '../../../targets/agentdojo/index.ts';
import { openTarget } from '../../../src/target/registry.ts';
import { API_OPERATORS } from '../../../src/grammar/families/index.ts';
import { judgeEffect } from '../../../src/classify/classify.ts';
import { isPlaceholder } from '../../../src/readback/semantics.ts';
import type { Effect, EffectSemantics, Step, Target, Trajectory } from '../../../src/contract/target.ts';
import { describeWith } from '../../fixtures/requires.ts';

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('AgentDojo effect semantics through the engine', { timeout: 120_000 }, () => {
  let target: Target;
  let semantics: EffectSemantics;
  beforeAll(async () => {
    target = await openTarget('agentdojo?suite=workspace,slack,banking,travel');
    semantics = (await target.describe()).semantics!;
  }, 120_000);
  afterAll(() => target?.close());

  async function deliver(trajectory: Trajectory): Promise<Effect> {
    const ep = await target.episode();
    try {
      const d = await ep.deliver(trajectory);
      expect(d.completed, d.error).toBe(true);
      return await ep.readback();
    } finally {
      await ep.close();
    }
  }

  /** A family applied to a task's reference, delivered, and judged against the reference's own effect. */
  async function judge(task: string, family: keyof typeof API_OPERATORS | Step[]) {
    const ref = await target.reference(task);
    const steps = Array.isArray(family) ? family : (() => {
      const c = API_OPERATORS[family](ref.steps, { semantics });
      if (!c.ok) throw new Error(`${family} refused on ${task}: ${c.reason}`);
      return c.steps;
    })();
    const [reference, effect] = [await deliver(ref), await deliver({ ...ref, steps })];
    return judgeEffect(Array.isArray(family) ? 'edit' : family, effect, reference, semantics);
  }

  const lastWrite = (steps: Step[]) => [...steps].reverse().find((s) => s.kind === 'write')!;

  it('a channel joined twice is immaterial: membership lists are sets', async () => {
    const ref = await target.reference('slack/user_task_10');
    expect(lastWrite(ref.steps).call).toBe('add_user_to_channel');
    const j = await judge('slack/user_task_10', 'extra');
    expect(j.status).toBe('immaterial');
    expect(j.reason).toMatch(/slack\.user_channels\[Charlie\]/);
  });

  it('a page fetched twice is immaterial: web_requests is a log', async () => {
    const ref = await target.reference('slack/user_task_0');
    expect(lastWrite(ref.steps).call).toBe('get_webpage');
    const j = await judge('slack/user_task_0', 'extra');
    expect(j.status).toBe('immaterial');
    expect(j.reason).toMatch(/web\.web_requests.*a log table/);
  });

  it('a direct message sent twice stays confirmed: an inbox is no set', async () => {
    const ref = await target.reference('slack/user_task_13');
    expect(lastWrite(ref.steps).call).toBe('send_direct_message');
    const j = await judge('slack/user_task_13', 'extra');
    expect(j.status).toBe('confirmed');
    expect(j.evidence!.summary.join('\n')).toMatch(/slack\.user_inbox\[Charlie\]: 1 row\(s\) added beyond the reference/);
  });

  it('participants added twice are immaterial, and the initial_events mirror is not counted', async () => {
    const j = await judge('workspace/user_task_8', 'extra');
    expect(j.status).toBe('immaterial');
    expect(j.reason).toMatch(/calendar\.initial_events.*a log table/);
  });

  it('appending twice to a file stays confirmed', async () => {
    const j = await judge('workspace/user_task_34', 'extra');
    expect(j.status).toBe('confirmed');
    expect(j.evidence!.differences.map((d) => d.table)).toEqual(['cloud_drive.files']);
  });

  it("travel user_task_1: the event's description is free, so wrong-value moves another argument", async () => {
    const ref = await target.reference('travel/user_task_1');
    const write = lastWrite(ref.steps);
    expect(write.call).toBe('create_calendar_event');
    expect(write.free).toEqual(['description']);
    expect(write.alternatives?.description?.length).toBeGreaterThan(0);
    const c = API_OPERATORS['wrong-value'](ref.steps, { semantics });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const moved = lastWrite(c.steps);
    const changed = Object.keys(write.args).filter((a) => JSON.stringify(write.args[a]) !== JSON.stringify(moved.args[a]));
    expect(changed).toHaveLength(1);
    expect(changed[0]).not.toBe('description');
    expect(write.free).not.toContain(changed[0]);
  });

  it('banking user_task_13: "New York, NY 10001" is not offered for "New York", and storing it is immaterial', async () => {
    const ref = await target.reference('banking/user_task_13');
    const write = lastWrite(ref.steps);
    expect(write.args.city).toBe('New York');
    expect(write.alternatives?.city ?? []).not.toContain('New York, NY 10001');
    const c = API_OPERATORS['wrong-value'](ref.steps, { semantics });
    if (c.ok) expect(c.edit).not.toMatch(/New York, NY/);
    const edited = ref.steps.map((s) => (s === write ? { ...s, args: { ...s.args, city: 'New York, NY 10001' } } : s));
    const j = await judge('banking/user_task_13', edited);
    expect(j.status).toBe('immaterial');
    expect(j.reason).toMatch(/user_account.*normalised columns city/);
  });

  it('banking user_task_11: the recipient is determined, has alternatives and names an existing counterparty', async () => {
    const ref = await target.reference('banking/user_task_11');
    const write = lastWrite(ref.steps);
    expect(write.call).toBe('send_money');
    expect(write.free ?? []).not.toContain('recipient');
    expect(write.alternatives?.recipient?.length).toBeGreaterThan(0);
    const domain = write.domains?.recipient;
    expect(domain).toMatchObject({ type: 'id', kind: 'bank-counterparty' });
    expect(domain?.type === 'id' && domain.values).toContain('US122000000121212121212');
    expect(write.domains?.amount).toEqual({ type: 'number' });
    // moving the recipient to another counterparty is a material wrong effect
    const edited = ref.steps.map((s) => (s === write ? { ...s, args: { ...s.args, recipient: 'GB29NWBK60161331926819' } } : s));
    expect((await judge('banking/user_task_11', edited)).status).toBe('confirmed');
  });

  it('no alternative is a placeholder, placeholders come from the ground truths, and a placeholder argument is free', async () => {
    const body = semantics.arguments?.find((a) => a.call === '*' && a.arg === 'body');
    expect(body?.placeholders).toEqual(expect.arrayContaining(['<summary>', '<feedback>']));
    let placeholderArgs = 0;
    for (const t of await target.tasks()) {
      for (const s of (await target.reference(t.id)).steps) {
        for (const [arg, values] of Object.entries(s.alternatives ?? {})) {
          for (const v of values) expect(isPlaceholder(semantics, s.call, arg, v), `${t.id} ${s.call}.${arg}`).toBe(false);
        }
        for (const [arg, v] of Object.entries(s.args)) {
          if (s.kind !== 'write' || !isPlaceholder(semantics, s.call, arg, v)) continue;
          placeholderArgs++;
          expect(s.free, `${t.id} ${s.call}.${arg}`).toContain(arg);
        }
        for (const arg of s.free ?? []) expect(typeof s.args[arg], `${t.id} ${s.call}.${arg}`).toBe('string');
      }
    }
    expect(placeholderArgs).toBeGreaterThan(0);
  });

  it('a body the prompt quotes verbatim is not free', async () => {
    for (const id of ['slack/user_task_12', 'slack/user_task_13']) {
      const [task, ref] = [(await target.tasks()).find((t) => t.id === id)!, await target.reference(id)];
      const write = lastWrite(ref.steps);
      expect(task.instruction).toContain(write.args.body as string);
      expect(write.free ?? [], id).not.toContain('body');
    }
  });
});
