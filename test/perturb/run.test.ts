import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTarget } from '../../src/target/registry.ts';
import type { Target } from '../../src/contract/target.ts';
import { freezePerturbations, readSet, type PerturbSet } from '../../src/perturb/freeze.ts';
import { runPerturbations } from '../../src/perturb/run.ts';
import { PERTURB_FAMILIES } from '../../src/perturb/inputs.ts';
import { literalAgent, literalRead, replayAgent } from '../../src/agent/builtin.ts';
import { processAgent } from '../../src/agent/process.ts';
import { startGenerator } from '../../src/perturb/generator.ts';
import type { EpisodeRecord } from '../../src/perturb/record.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { checkerCopy } from '../fixtures/apps-checkers.ts';

const tmp = useTmp();
const LIMITS = { steps: 50, timeMs: 30_000 };
const MESSENGER = ['node', 'test/fixtures/agents/messenger.mjs'];

const byFamily = (records: EpisodeRecord[]) => {
  const m = new Map<string, { ok: number; n: number }>();
  for (const r of records) {
    const v = m.get(r.family) ?? { ok: 0, n: 0 };
    v.n++;
    if (r.success) v.ok++;
    m.set(r.family, v);
  }
  return m;
};

describe('literalRead', () => {
  it('reads a value at the same place: unchanged elsewhere, edited inside, gone when swallowed or replaced by a gap', () => {
    const clean = 'Send 25 dollars to Vera Chen today.';
    expect(literalRead(clean, 'Send 25 dollars to Vera Chen today. I had pasta.', 'Vera Chen')).toBe('Vera Chen');
    expect(literalRead(clean, 'Send 25 dollars to Vrea Chen today.', 'Vera Chen')).toBe('Vrea Chen');
    expect(literalRead(clean, 'Send 25 dollars to Vrea Chen today.', '25')).toBe('25');
    expect(literalRead(clean, 'Send 25 dollars to [name omitted] today.', 'Vera Chen')).toBeUndefined();
    expect(literalRead(clean, 'Send money.', 'Vera Chen')).toBeUndefined();
  });
});

describe('paired perturbation runs on apps', () => {
  let target: Target;
  let set: PerturbSet;
  // the set every test shares outlives each test's temporary folders
  const root = mkdtempSync(join(tmpdir(), 'blindspot-set-'));
  beforeAll(async () => {
    target = await openTarget('apps');
    set = await freezePerturbations({ target, spec: 'apps', root, split: 'dev', seeds: [0], families: PERTURB_FAMILIES });
  }, 60_000);
  afterAll(async () => {
    await target.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('freezes a content-hashed set with every family validated and each rejection reasoned', async () => {
    const families = new Set(set.instances.map((i) => i.family));
    expect([...families].sort()).toEqual(['clean', ...PERTURB_FAMILIES].sort());
    expect(set.instances.filter((i) => i.family === 'clean')).toHaveLength(set.tasks.length);
    for (const r of set.rejected) expect(r.reason).toMatch(/\w{4,}/);
    // frozen as an increment whose cells keep only what they change, it comes back whole, and much smaller
    expect(await readSet(set.dir)).toEqual(set);
    const frozen = ['increment.json', 'manifest.jsonl'].reduce((n, f) => n + readFileSync(join(set.dir, f), 'utf8').length, 0);
    expect(frozen).toBeLessThan(JSON.stringify(set).length / 2);
    // every perturbed instance differs from its clean inputs; every missing one says what to ask
    for (const i of set.instances.filter((x) => x.family !== 'clean')) {
      expect(i.inputs).not.toEqual(set.instances.find((c) => c.id === `${i.task}::clean`)!.inputs);
      if (i.family === 'U-missing') expect(i.recovery?.answer).toBeTruthy();
    }
  });

  it('replay succeeds on every instance (0% degradation); literal degrades on misspelt values and renamed tools only', async () => {
    const replay = await runPerturbations({ out: tmp(), set, agent: replayAgent(), workers: 2, limits: LIMITS, progress: false });
    expect(replay.records).toHaveLength(set.instances.length);
    expect(replay.records.filter((r) => !r.success).map((r) => `${r.instance}: ${r.detail}`)).toEqual([]);
    expect(replay.records.every((r) => r.effect === 'same')).toBe(true);

    const literal = await runPerturbations({ out: tmp(), set, agent: literalAgent(), workers: 2, limits: LIMITS, progress: false });
    const f = byFamily(literal.records);
    expect(f.get('clean')!.ok).toBe(f.get('clean')!.n);
    expect(f.get('T-incorrect')!.ok).toBe(0);
    expect(f.get('U-incorrect')!.ok).toBeLessThan(f.get('U-incorrect')!.n);
    // asked for what the utterance no longer states, and got it from the recovery annotation
    expect(f.get('U-missing')!.ok).toBe(f.get('U-missing')!.n);
    // (where a reference argument carries the removed value; a value only the instruction mentions is never needed)
    const argsOf = (task: string) => JSON.stringify(set.references[task].trajectory.steps.map((s) => s.args));
    const needs = set.instances.filter((i) => i.family === 'U-missing' && argsOf(i.task).includes(JSON.stringify(i.recovery!.answer).slice(1, -1)));
    expect(needs.length).toBeGreaterThan(0);
    for (const i of needs) expect(literal.records.find((r) => r.instance === i.id)!.asked, i.id).toBeGreaterThan(0);
    // a failed literal episode is failed because its effect is wrong, not by accident of the harness
    for (const r of literal.records.filter((x) => !x.success)) expect(r.effect).toBe('differs');
  }, 60_000);

  it('a process agent exploiting a planted weak checker is caught: its perturbed Pass has a wrong read-back effect', async () => {
    const root = tmp();
    const dir = checkerCopy(root);
    const file = join(dir, 'messages_send_message.ts');
    // the planted weakness: the body case no longer compares the body
    const weak = readFileSync(file, 'utf8').replace(/ && m\.body === params\.body/, '');
    expect(weak).not.toBe(readFileSync(file, 'utf8'));
    writeFileSync(file, weak);
    const tasks = (await target.tasks()).filter((t) => t.generator === 'messages_send_message' && t.split === 'dev').map((t) => t.id);
    const planted = await openTarget('apps', { checkerDir: dir });
    const grid = await freezePerturbations({ target: planted, spec: 'apps', root, open: { checkerDir: dir }, split: 'dev', seeds: [0, 1, 2, 3], families: ['U-incorrect'], taskIds: tasks });
    await planted.close();
    const bodyEdits = grid.instances.filter((i) => /body/.test(i.edit));
    expect(bodyEdits.length).toBeGreaterThan(0);

    const caught = await runPerturbations({ out: join(root, 'weak'), set: grid, agent: processAgent(MESSENGER), workers: 2, limits: LIMITS, progress: false });
    const fa = caught.records.filter((r) => r.graderFalseAccept);
    expect(fa.map((r) => r.instance).sort()).toEqual(bodyEdits.map((i) => i.id).sort());
    for (const r of fa) {
      expect(r.verdict).toBe('pass');
      expect(r.evidence).toMatch(/messages/);
      expect(r.usage?.inputTokens).toBeGreaterThan(0);
    }
    // the clean episodes of the same agent pass with the reference effect: it is the perturbation the checker misses
    expect(caught.records.filter((r) => r.family === 'clean').every((r) => r.success && r.effect === 'same')).toBe(true);

    // under the pristine checker the same episodes fail
    const pristine = await freezePerturbations({ target, spec: 'apps', root, split: 'dev', seeds: [0, 1, 2, 3], families: ['U-incorrect'], taskIds: tasks });
    const honest = await runPerturbations({ out: join(root, 'pristine'), set: pristine, agent: processAgent(MESSENGER), workers: 2, limits: LIMITS, progress: false });
    expect(honest.records.filter((r) => r.graderFalseAccept)).toEqual([]);
    expect(honest.records.filter((r) => /body/.test(grid.instances.find((i) => i.id === r.instance)?.edit ?? '')).every((r) => !r.success)).toBe(true);
  }, 60_000);

  it('records an agent that breaks the protocol or crashes as the agent\'s error, and grades the episode as it stands', async () => {
    const root = tmp();
    const one = await freezePerturbations({ target, spec: 'apps', root, split: 'dev', seeds: [0], families: [], taskIds: ['messages_send_message/0'] });
    const bad = join(root, 'bad.mjs');
    writeFileSync(bad, "process.stdin.once('data', () => process.stdout.write(JSON.stringify({ type: 'call', args: {} }) + '\\n'));\n");
    const [r] = (await runPerturbations({ out: join(root, 'a'), set: one, agent: processAgent(['node', bad]), workers: 1, limits: LIMITS, progress: false })).records;
    expect(r.agentError).toMatch(/call: field tool: expected a tool name/);
    expect(r).toMatchObject({ success: false, effect: 'differs', graderFalseAccept: false });
    const crash = join(root, 'crash.mjs');
    writeFileSync(crash, "process.stderr.write('out of memory\\n'); process.exit(3);\n");
    const [c] = (await runPerturbations({ out: join(root, 'b'), set: one, agent: processAgent(['node', crash]), workers: 1, limits: LIMITS, progress: false })).records;
    expect(c.agentError).toMatch(/exited with code 3.*out of memory/);
    const stuck = join(root, 'stuck.mjs');
    writeFileSync(stuck, 'setInterval(() => {}, 1000);\n');
    const [s] = (await runPerturbations({ out: join(root, 'c'), set: one, agent: processAgent(['node', stuck]), workers: 1, limits: { steps: 5, timeMs: 500 }, progress: false })).records;
    expect(s.agentError).toMatch(/time limit/);
  }, 30_000);

  it('a checker that hangs in a synchronous loop, or exits its thread, costs its own episodes as Errors, never the run or a Pass', async () => {
    const root = tmp();
    const dir = checkerCopy(root);
    const file = (g: string) => join(dir, `${g}.ts`);
    writeFileSync(file('messages_send_message'), readFileSync(file('messages_send_message'), 'utf8').replace('const sent =', 'while (Date.now() > 0) {}\n  const sent ='));
    writeFileSync(file('todo_create_todo'), readFileSync(file('todo_create_todo'), 'utf8').replace(/export default function check\(([^)]*)\)[^{]*\{/, (m) => `${m}\n  process.exit(7);`));
    const planted = await openTarget('apps', { checkerDir: dir });
    const tasks = (await planted.tasks()).filter((t) => t.split === 'dev' && ['messages_send_message', 'todo_create_todo', 'venmo_send_money'].includes(t.generator)).map((t) => t.id);
    const s = await freezePerturbations({ target: planted, spec: 'apps', root, open: { checkerDir: dir }, split: 'dev', seeds: [0], families: ['U-redundant'], taskIds: tasks, deadlineMs: 1500 });
    // the hanging and the exiting checkers reject their candidates, with the reason, and the freeze goes on
    const lost = s.rejected.filter((r) => r.family === 'U-redundant').map((r) => `${r.task.split('/')[0]}: ${r.reason}`);
    expect(lost.filter((r) => r.startsWith('messages_send_message')).every((r) => /not accepted \(error: cell exceeded the time limit \(1500 ms\); worker terminated while scoring this cell\)/.test(r))).toBe(true);
    expect(lost.filter((r) => r.startsWith('todo_create_todo')).every((r) => /not accepted \(error: worker exited with code 7 while scoring this cell\)/.test(r))).toBe(true);
    expect(lost).toHaveLength(6);
    await planted.close();
    const { records } = await runPerturbations({ out: join(root, 'r'), set: s, agent: replayAgent(), workers: 2, limits: { steps: 20, timeMs: 1000 }, limitMs: 1000, progress: false });
    expect(records).toHaveLength(s.instances.length);
    for (const r of records) {
      if (r.task.startsWith('messages_send_message')) expect(r).toMatchObject({ verdict: 'error', success: false, detail: expect.stringMatching(/^the episode cell exceeded the time limit \(1000 ms\); worker terminated while scoring this cell$/) });
      else if (r.task.startsWith('todo_create_todo')) expect(r).toMatchObject({ verdict: 'error', success: false, detail: expect.stringMatching(/^the episode worker exited with code 7 while scoring this cell$/) });
      else expect(r).toMatchObject({ verdict: 'pass', effect: 'same' });
    }
  }, 60_000);

  it('a generator\'s proposals are validated like the operators\': the valid one admitted, the others rejected with their reason', async () => {
    const root = tmp();
    const gen = join(root, 'gen.mjs');
    writeFileSync(
      gen,
      `import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  const { inputs } = JSON.parse(line);
  const u = { ...inputs, utterance: inputs.utterance + ' Thanks a lot!' };
  const two = { ...u, procedure: [...inputs.procedure, 'Be brief.'] };
  const needed = inputs.tools.find((t) => t.name === 'messages.send_message').name;
  const gone = { ...inputs, tools: inputs.tools.filter((t) => t.name !== needed) };
  process.stdout.write(JSON.stringify({ proposals: [
    { family: 'U-redundant', edit: 'thanks', inputs: u },
    { family: 'U-redundant', edit: 'thanks and a rule', inputs: two },
    { family: 'T-missing', edit: 'send_message removed', inputs: gone },
  ] }) + '\\n');
}
`,
    );
    const generator = startGenerator(['node', gen]);
    const g = await freezePerturbations({ target, spec: 'apps', root, split: 'dev', seeds: [0], families: ['U-redundant', 'T-missing'], taskIds: ['messages_send_message/0'], generator });
    await generator.close();
    expect(g.instances.find((i) => i.id === 'messages_send_message/0::U-redundant#g0')?.edit).toBe('thanks');
    const reasons = g.rejected.filter((r) => r.reason.startsWith('generator proposal')).map((r) => r.reason);
    expect(reasons).toEqual([
      'generator proposal: changes 2 targets (U, P), not exactly one',
      'generator proposal: unsolvable: the reference needs messages.send_message, which the perturbed contract does not offer',
    ]);
  }, 30_000);
});
