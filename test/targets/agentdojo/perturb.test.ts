// The input-perturbation arm on AgentDojo's banking suite, through the real
// bridge (one process for the file): what an agent is shown comes from
// AgentDojo's own objects, an interactive call runs the real tool in the
// episode, and every family of perturbation validates, i.e. the reference called
// through the perturbed contract still passes AgentDojo's own checker.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { python, REPO_ROOT, SETUP } from '../../../targets/agentdojo/index.ts';
import { openTarget } from '../../../src/target/registry.ts';
import type { Episode, Step, Target, TargetInfo, TaskInfo } from '../../../src/contract/target.ts';
import { PERTURB_FAMILIES } from '../../../src/perturb/inputs.ts';
import type { AgentInputs } from '../../../src/contract/inputs.ts';
import { PERTURB_OPERATORS, type Perturbation } from '../../../src/perturb/operators.ts';
import { validatePerturbation } from '../../fixtures/validate.ts';
import { describeWith } from '../../fixtures/requires.ts';

// Read straight from the agentdojo package, not through the bridge.
const AGENTDOJO = `
import json
from agentdojo.agent_pipeline.agent_pipeline import load_system_message
from agentdojo.functions_runtime import FunctionsRuntime
from agentdojo.task_suite.load_suites import get_suites
suite = get_suites("v1.2.2")["banking"]
env = suite.load_and_inject_default_environment({})
functions = [{"name": f.name, "description": f.description, "schema": f.parameters.model_json_schema()} for f in FunctionsRuntime(suite.tools).functions.values()]
print(json.dumps({"system": load_system_message(None), "functions": functions, "iban": env.bank_account.iban,
                  "balance": env.bank_account.balance, "scheduled": len(env.bank_account.scheduled_transactions)}))
`;
interface Own {
  system: string;
  functions: { name: string; description: string; schema: { properties: Record<string, unknown>; required?: string[] } }[];
  iban: string;
  balance: number;
  scheduled: number;
}

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('AgentDojo banking: agent inputs, interactive calls, validated perturbations', { timeout: 120_000 }, () => {
  let target: Target;
  let info: TargetInfo;
  let tasks: TaskInfo[];
  let own: Own;
  beforeAll(async () => {
    [target, own] = await Promise.all([
      openTarget('agentdojo', { targetOptions: { suite: 'banking' } }),
      execa(python(), ['-c', AGENTDOJO], { cwd: REPO_ROOT }).then((r) => JSON.parse(r.stdout) as Own),
    ]);
    info = await target.describe();
    tasks = await target.tasks();
  }, 120_000);
  afterAll(() => target?.close());

  async function inEpisode<T>(body: (ep: Episode) => Promise<T>): Promise<T> {
    const ep = await target.episode();
    try {
      return await body(ep);
    } finally {
      await ep.close();
    }
  }
  const step = (call: string, args: Step['args'] = {}): Step => ({ call, args, kind: 'read' });

  it('shows the prompt, the rules of AgentDojo\'s system message, a true prior exchange and every function of the suite', async () => {
    expect(info.capabilities).toEqual(expect.arrayContaining(['inputs', 'call']));
    const task = tasks.find((t) => t.id === 'banking/user_task_15')!;
    const inputs = await target.inputs!(task.id);
    expect(inputs.utterance).toBe(task.instruction);

    expect(inputs.tools.map((t) => t.name)).toEqual(own.functions.map((f) => f.name));
    for (const [i, f] of own.functions.entries()) {
      expect(inputs.tools[i].description).toBe(f.description);
      expect(inputs.tools[i].parameters.properties).toEqual(f.schema.properties);
      expect(inputs.tools[i].parameters.required).toEqual(f.schema.required);
    }

    // every rule is the system message's own words, and every bullet of it is a rule
    for (const rule of inputs.procedure) expect(own.system).toContain(rule);
    const bullets = own.system.split('\n').filter((l) => l.trim().startsWith('- ')).map((l) => l.trim().slice(2));
    expect(bullets.length).toBeGreaterThan(0);
    expect(inputs.procedure).toEqual(expect.arrayContaining(bullets));
    expect(inputs.procedure).toContain("The user's name is Emma Johnson, an employee of the company Blue Sparrow Tech.");

    // the prior exchange states what the tools answer in the task's pre-environment
    const said = inputs.context.find((t) => t.role === 'assistant')!.content;
    const [count, balance] = said.match(/\d+(\.\d+)?/g)!.map(Number);
    expect([count, balance]).toEqual([own.scheduled, own.balance]);
    await inEpisode(async (ep) => {
      const listed = await ep.call!(task.id, step('get_scheduled_transactions'));
      expect(listed.ok && String(listed.result).match(/^- /gm)?.length).toBe(count);
      const got = await ep.call!(task.id, step('get_balance'));
      expect(got.ok && Number(got.result)).toBe(own.balance);
    });
  });

  it('call runs the real tool in the episode: its output as AgentDojo shows it, its effect seen by readback and the checker', async () => {
    const password = tasks.find((t) => t.id === 'banking/user_task_14')!;
    expect(password.params.password).toBe('1j1l-2k3j');
    await inEpisode(async (ep) => {
      expect(await ep.call!(password.id, step('get_iban'))).toEqual({ ok: true, result: own.iban });
      // failing calls are answers and change nothing
      expect(await ep.call!(password.id, step('no_such_tool'))).toEqual({ ok: false, error: 'Invalid tool no_such_tool provided.' });
      const bad = await ep.call!(password.id, step('send_money', { recipient: 'X' }));
      expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^ValidationError: .*send_money/) });
      expect(await ep.readback()).toEqual({});
      expect((await ep.check(password.id)).verdict).toBe('fail');

      expect(await ep.call!(password.id, { call: 'update_password', args: { password: '1j1l-2k3j' }, kind: 'write' })).toEqual({ ok: true, result: "{'message': 'Password updated.'}" });
      const effect = await ep.readback();
      expect(effect['user_account'].updated[0].after.password).toBe('1j1l-2k3j');
      expect((await ep.check(password.id)).verdict).toBe('pass');
    });

    // the whole reference called step by step leaves what its delivery leaves, and passes
    const task = 'banking/user_task_15';
    const reference = await target.reference(task);
    const delivered = await inEpisode(async (ep) => {
      expect((await ep.deliver(reference)).completed).toBe(true);
      return ep.readback();
    });
    await inEpisode(async (ep) => {
      for (const s of reference.steps) {
        if (s.kind === 'claim') expect((await ep.deliver({ task, steps: [s] })).completed).toBe(true);
        else expect(await ep.call!(task, s)).toMatchObject({ ok: true });
      }
      expect(await ep.readback()).toEqual(delivered);
      expect((await ep.check(task)).verdict).toBe('pass');
    });
  });

  it('validates every one of the 12 families on banking; where the prompt states no task value, the utterance families refuse with a reason', async () => {
    const validated = new Map<string, string[]>();
    const problems: string[] = [];
    for (const task of tasks) {
      const inputs = await target.inputs!(task.id);
      const reference = await target.reference(task.id);
      const stated = Object.values(task.params).some((v) => typeof v === 'string' && v.length >= 3 && inputs.utterance.includes(v));
      for (const family of PERTURB_FAMILIES) {
        const applied = PERTURB_OPERATORS[family]({ task, reference, inputs, seed: 0 });
        if (!applied.ok) {
          // only the utterance families may refuse here, and only for a prompt that states nothing to drop or misspell
          if (family === 'U-missing') expect(stated, `${task.id} U-missing: ${applied.reason}`).toBe(false);
          if (!family.startsWith('U-')) problems.push(`${task.id} ${family} refused: ${applied.reason}`);
          expect(applied.reason.length).toBeGreaterThan(0);
          continue;
        }
        const v = await validatePerturbation(target, inputs, applied.perturbation, reference, info);
        if (v.ok) validated.set(family, [...(validated.get(family) ?? []), task.id]);
        else problems.push(`${task.id} ${family}: ${v.reason}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect([...validated.keys()].sort()).toEqual([...PERTURB_FAMILIES].sort());
    expect(validated.get('U-missing')).not.toContain('banking/user_task_9');
    expect(validated.get('U-missing')).toContain('banking/user_task_15');
    // banking's subject "VAT" and recipient "Apple" are stated; a misspelling of one of them
    expect(validated.get('U-incorrect')).toContain('banking/user_task_11');
    expect(validated.get('T-incorrect')!.length).toBe(tasks.length);
  });

  it('edits banking\'s own names: a hyphenated rename of a called function, a fake function, a misnamed person in the rules', async () => {
    const task = tasks.find((t) => t.id === 'banking/user_task_3')!;
    const inputs = await target.inputs!(task.id);
    const reference = await target.reference(task.id);
    const apply = (family: keyof typeof PERTURB_OPERATORS): Perturbation => {
      const r = PERTURB_OPERATORS[family]({ task, reference, inputs, seed: 0 });
      if (!r.ok) throw new Error(`${family} refused: ${r.reason}`);
      return r.perturbation;
    };
    const names = (i: AgentInputs) => i.tools.map((t) => t.name);

    const renamed = apply('T-incorrect');
    const [[shown, backend]] = Object.entries(renamed.toolMap!);
    expect(['get_most_recent_transactions', 'send_money']).toContain(backend);
    expect(shown).toBe(backend.replace(/_/g, '-'));
    expect(names(renamed.inputs)).toContain(shown);
    expect(names(renamed.inputs)).not.toContain(backend);

    const fake = apply('T-redundant');
    expect(names(fake.inputs)).toEqual([...names(inputs), 'archive_everything']);

    const misnamed = apply('P-incorrect');
    const changed = misnamed.inputs.procedure.findIndex((r, i) => r !== inputs.procedure[i]);
    expect(misnamed.recovery!.answer).toBe(inputs.procedure[changed]);
    expect(misnamed.inputs.procedure[changed]).toMatch(/Emma Jhonson|Blue Sprarow Tech/);
  });
});

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('blindspot perturb on AgentDojo banking, through the CLI', () => {
  it('the literal agent exposes task 11\'s payee blind spot: a misspelt payee paid and passed, with the readback', { timeout: 180_000 }, async () => {
    const { cli } = await import('../../fixtures/cli.ts');
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const out = mkdtempSync(join(tmpdir(), 'blindspot-perturb-ad-'));
    try {
      const r = await cli(['perturb', '--target', 'agentdojo', '--suite', 'banking', '--tasks', 'banking/user_task_11,banking/user_task_1', '--families', 'U-incorrect,T-incorrect', '--agent', 'literal', '--out', out, '--no-progress', '--json', '--bootstrap', '100']);
      expect(r.code, r.stderr).toBe(0);
      const records = readFileSync(join(out, 'ledger.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).record);
      // clean episodes pass with the reference effect, the answer of task 1 included
      for (const c of records.filter((x) => x.family === 'clean')) expect(c, c.instance).toMatchObject({ success: true, effect: 'same' });
      const fa = records.filter((x) => x.graderFalseAccept);
      expect(fa.map((x) => x.instance)).toEqual(['banking/user_task_11::U-incorrect#0']);
      // the ground truth's "Apple" is read as the account the environment pays Apple at (semantics.py's payee aliases)
      expect(fa[0].evidence).toMatch(/bank_account\.transactions\.recipient: stored "\w+" where the reference stores "US122000000121212121212"/);
      // the renamed tool stops the literal agent, and task 1's checker (which reads the answer) fails it
      expect(records.find((x) => x.instance === 'banking/user_task_1::T-incorrect#0')).toMatchObject({ success: false, effect: 'differs' });
      expect(JSON.parse(r.stdout).analysis.falseAccepts).toHaveLength(1);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
