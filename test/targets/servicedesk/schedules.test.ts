// The servicedesk target's validation schedules and WorkArena's catalog rules,
// through the target's own episodes (fresh context, delivery, readback, the
// shipped-style validator), no CLI: per-step validation ends an episode at the
// first validation that is done; a select edited out of scope is caught after
// its own step but not when it shares the submit's step; a text field's change
// fires on blur during the submit click and escapes both; textarea variables
// pass with extra text and fail without the requested text; full records give
// every form template extra-field candidates.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openServicedesk, parseSchedules, type ServicedeskTarget } from '../../../targets/servicedesk/target.ts';
import type { Step, Trajectory } from '../../../src/contract/target.ts';
import { describeWithChromium } from '../../fixtures/requires.ts';
import { optionMatches, textareaMatches } from '../../../targets/servicedesk/validators/catalog.ts';

const fill = (field: string, label: string, value: string): Step => ({ call: 'form.fill', args: { field, label, value }, kind: 'write' });

/** The task's reference with `step` put in place of (or before) its submit. */
async function variant(t: ServicedeskTarget, task: string, at: (steps: Step[], submit: number) => Step[]): Promise<Trajectory> {
  const ref = await t.reference(task);
  return { task, steps: at(ref.steps, ref.steps.findIndex((s) => s.call === 'form.submit')) };
}

async function score(t: ServicedeskTarget, trajectory: Trajectory) {
  const ep = await t.episode();
  try {
    const delivery = await ep.deliver(trajectory);
    const effect = await ep.readback();
    const verdict = await ep.check(trajectory.task);
    return { delivery, effect, verdict };
  } finally {
    await ep.close();
  }
}

it('parses the schedule option and names what it expects', () => {
  expect(parseSchedules(undefined)).toEqual(['final']);
  expect(parseSchedules('per-step,final')).toEqual(['final', 'per-step']);
  expect(() => parseSchedules('each-step')).toThrow(/expected final, per-step or both/);
  expect(() => parseSchedules('final,final')).toThrow(/got 'final,final'/);
});

it('matches radio and checkbox values by WorkArena\'s heuristic and textareas by substring', () => {
  expect(optionMatches('Space Grey', 'space_grey')).toBe(true);
  expect(optionMatches('true', 'false')).toBe(false);
  expect(textareaMatches('Slack', 'slack, Jira')).toBe(true);
  expect(textareaMatches('Slack, Trello', 'Slack')).toBe(false);
});

describeWithChromium()('servicedesk validation schedules', () => {
  let t: ServicedeskTarget;
  beforeAll(async () => {
    t = await openServicedesk({ targetOptions: { validate: 'final,per-step' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every task under both schedules and refuses an unknown one', async () => {
    const ids = (await t.tasks()).map((x) => x.id);
    expect(ids).toContain('create_incident/0');
    expect(ids).toContain('create_incident/0@per-step');
    expect(ids.length % 2).toBe(0);
    await expect(openServicedesk({ targetOptions: { validate: 'sometimes' } })).rejects.toThrow(/--target-option validate: expected/);
  });

  it('sets swap pairs across schedules apart from the rungs', async () => {
    const byId = new Map((await t.tasks()).map((x) => [x.id, x]));
    const [i, j, k] = ['create_incident/0', 'create_incident/0@per-step', 'create_incident/1'].map((id) => byId.get(id)!);
    expect(t.rungOverride!(i, j)).toEqual({ rung: 'cross-schedule', reason: 'checker under final, trajectory of create_incident/0 under per-step: run the swap arm with one schedule' });
    expect(t.rungOverride!(i, k)).toBeUndefined();
  });

  it('ends a per-step episode at the first validation that is done: a select changed out of scope, before submit', async () => {
    const extra = fill('contact_type', 'Channel', 'Phone');
    const per = await score(t, await variant(t, 'create_incident/0@per-step', (s, i) => [...s.slice(0, i), extra, ...s.slice(i)]));
    expect(per.delivery.completed).toBe(true);
    expect(per.delivery.ended).toMatch(/after step 6 \(form\.fill\): Some fields outside of the task scope have been changed/);
    expect(per.delivery.stepsRun).toBe(6);
    expect(per.effect).toEqual({}); // the submit was never taken
    expect(per.verdict.verdict).toBe('fail');
    // the same trajectory validated once at the end passes, with the out-of-scope value stored
    const fin = await score(t, await variant(t, 'create_incident/0', (s, i) => [...s.slice(0, i), extra, ...s.slice(i)]));
    expect(fin.delivery.ended).toBeUndefined();
    expect(fin.verdict.verdict).toBe('pass');
    expect(fin.effect.incident.added[0].values.contact_type).toBe('phone');
  });

  it('lets the same select through per-step validation when it is filled in the submit\'s step', async () => {
    const both: Step = { call: 'form.fill_submit', args: { field: 'contact_type', label: 'Channel', value: 'Phone' }, kind: 'write' };
    const r = await score(t, await variant(t, 'create_incident/0@per-step', (s, i) => [...s.slice(0, i), both, ...s.slice(i + 1)]));
    expect(r.verdict.verdict).toBe('pass');
    expect(r.effect.incident.added[0].values.contact_type).toBe('phone');
  });

  it('lets a text field edited just before submit through per-step validation: its change fires on blur, on the page the submit leaves', async () => {
    const extra = fill('cmdb_ci', 'Configuration item', 'MacBook-RB-014');
    const r = await score(t, await variant(t, 'create_incident/0@per-step', (s, i) => [...s.slice(0, i), extra, ...s.slice(i)]));
    // the success after the submit is what ends it: the claim step is never taken
    expect(r.delivery.ended).toMatch(/after step 7 \(form\.submit\): The record was successfully created/);
    expect(r.verdict.verdict).toBe('pass');
    expect(r.effect.incident.added[0].values.cmdb_ci).toBe('MacBook-RB-014');
  });

  it('passes a catalog textarea holding the requested text and more, and fails one that lost part of it', async () => {
    const task = 'order_standard_laptop/0';
    const ref = await t.reference(task);
    const requested = String(ref.steps.find((s) => s.args.field === 'additional_software')!.args.value);
    const withText = (value: string) => ({ task, steps: ref.steps.map((s) => (s.args.field === 'additional_software' ? { ...s, args: { ...s.args, value } } : s)) });
    const more = await score(t, withText(`${requested}, Jira`));
    expect(more.verdict).toMatchObject({ verdict: 'pass' });
    const stored = more.effect.sc_item_option.added.map((r) => r.values).find((v) => v.item_option === 'additional_software');
    expect(stored?.value).toBe(`${requested}, Jira`);
    const less = await score(t, withText(requested.split(',')[0]));
    expect(less.verdict.verdict).toBe('fail');
    expect(less.verdict.detail).toMatch(/The requested Additional software requirements is incorrect/);
  });

  it('edits a record set up for the episode: the reference passes; a cleared out-of-scope text field passes too, under both schedules', async () => {
    for (const task of ['edit_incident/0', 'edit_incident/0@per-step']) {
      const ok = await score(t, await t.reference(task));
      expect([task, ok.verdict.verdict]).toEqual([task, 'pass']);
      const [row] = ok.effect.incident.added;
      expect(row.values).toMatchObject({ assigned_to: expect.any(String), short_description: 'Outlook crashes when opening attachments', description: expect.stringMatching(/^Since the last update/) });
      const cleared = await score(t, await variant(t, task, (s, i) => [...s.slice(0, i), fill('description', 'Description', ''), ...s.slice(i)]));
      expect([task, cleared.verdict.verdict]).toEqual([task, 'pass']);
      expect(cleared.effect.incident.added[0].values.description).toBe('');
    }
    // another user's assignee means the edit was not made: not done under per-step, fail at the end
    const wrong = await score(t, await variant(t, 'edit_incident/0@per-step', (s) => s.map((x) => (x.args.field === 'assigned_to' ? { ...x, args: { ...x.args, value: 'Fred Luddy' } } : x))));
    expect(wrong.delivery.ended).toBeUndefined();
    expect(wrong.verdict).toMatchObject({ verdict: 'fail', detail: 'The field "Assigned to" has the wrong value.' });
  });

  it('finds extra-field candidates in every form template, from full records', async () => {
    const forms = (await t.tasks()).filter((x) => x.generator.startsWith('create_') && !x.id.includes('@'));
    const censuses = await t.censuses!(forms.map((x) => x.id));
    const cands = censuses.find((c) => c.kind === 'extra-field-candidates') as any;
    const perTemplate = new Map<string, number>();
    for (const e of cands.tasks) perTemplate.set(e.template, Math.max(perTemplate.get(e.template) ?? 0, e.candidates.length));
    expect([...perTemplate.keys()].sort()).toEqual(['create_change_request', 'create_hardware_asset', 'create_incident', 'create_problem']);
    for (const [template, n] of perTemplate) expect([template, n >= 5]).toEqual([template, true]);
    const defaults = censuses.find((c) => c.kind === 'form-defaults') as any;
    for (const f of defaults.templates) expect(f.fields.length).toBeGreaterThanOrEqual(25);
  }, 60_000);
});
