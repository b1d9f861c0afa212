import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openTarget } from '../../src/target/registry.ts';
import type { Target, TargetInfo, TaskInfo, Trajectory } from '../../src/contract/target.ts';
import { changedTargets, PERTURB_FAMILIES } from '../../src/perturb/inputs.ts';
import { PERTURB_OPERATORS, type Perturbation } from '../../src/perturb/operators.ts';
import { checkStructure } from '../../src/perturb/validate.ts';
import { validatePerturbation } from '../fixtures/validate.ts';

const word = fc.stringMatching(/^[A-Za-z]{4,9}$/);
const inputsArb = fc.record({
  utterance: fc.array(word, { minLength: 3, maxLength: 12 }).map((ws) => ws.join(' ')),
  procedure: fc.array(fc.tuple(word, fc.nat(999)).map(([w, n]) => `${w} ${n} times.`), { maxLength: 4 }),
  context: fc.array(fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: fc.tuple(word, fc.nat(99)).map(([w, n]) => `${w} ${n}`) }), { maxLength: 4 }),
  tools: fc.uniqueArray(fc.tuple(word, word).map(([a, b]) => `${a.toLowerCase()}.${b.toLowerCase()}_x`), { minLength: 1, maxLength: 6 }).map((names) =>
    names.map((name) => ({ name, description: `Does ${name}.`, parameters: { type: 'object' as const, properties: {} } })),
  ),
});

describe('perturbation operators', () => {
  it('each either says why it does not apply, or changes exactly its declared target, deterministically, leaving the clean inputs alone', () => {
    fc.assert(
      fc.property(inputsArb, fc.nat(1000), fc.nat(), (inputs, seed, k) => {
        const param = inputs.utterance.split(' ')[k % inputs.utterance.split(' ').length];
        const task: TaskInfo = { id: 't/0', generator: 't', variant: 0, split: 'dev', instruction: inputs.utterance, params: { name: param } };
        const used = inputs.tools[k % inputs.tools.length].name;
        const reference: Trajectory = { task: 't/0', steps: [{ call: used, args: {}, kind: 'write' }, { call: 'answer', args: {}, kind: 'claim' }] };
        const before = structuredClone(inputs);
        for (const family of PERTURB_FAMILIES) {
          const applied = PERTURB_OPERATORS[family]({ task, reference, inputs, seed });
          expect(inputs).toEqual(before);
          if (!applied.ok) {
            expect(applied.reason.length).toBeGreaterThan(0);
            continue;
          }
          expect(changedTargets(inputs, applied.perturbation.inputs)).toEqual([family[0]]);
          expect(PERTURB_OPERATORS[family]({ task, reference, inputs, seed })).toEqual(applied);
          // the tool the reference uses is never removed
          const names = applied.perturbation.inputs.tools.map((t) => applied.perturbation.toolMap?.[t.name] ?? t.name);
          expect(names).toContain(used);
        }
      }),
    );
  });
});

describe('validation on the apps target', () => {
  let target: Target;
  let info: TargetInfo;
  let tasks: TaskInfo[];
  beforeAll(async () => {
    target = await openTarget('apps');
    info = await target.describe();
    tasks = (await target.tasks()).filter((t) => t.split === 'dev');
  });
  afterAll(() => target.close());

  it('validates every one of the 12 families on the dev tasks, each solvable by replaying the reference through the perturbed contract', async () => {
    const validated = new Map<string, number>();
    const rejected: string[] = [];
    for (const task of tasks) {
      const inputs = await target.inputs!(task.id);
      expect(inputs.utterance).toBe(task.instruction);
      const reference = await target.reference(task.id);
      for (const family of PERTURB_FAMILIES) {
        const applied = PERTURB_OPERATORS[family]({ task, reference, inputs, seed: 0 });
        if (!applied.ok) continue;
        const v = await validatePerturbation(target, inputs, applied.perturbation, reference, info);
        if (v.ok) validated.set(family, (validated.get(family) ?? 0) + 1);
        else rejected.push(`${task.id} ${family}: ${v.reason}`);
      }
    }
    expect([...validated.keys()].sort(), rejected.join('\n')).toEqual([...PERTURB_FAMILIES].sort());
    expect(rejected, rejected.join('\n')).toEqual([]);
  }, 60_000);

  it('rejects, with a reason, two targets changed, a changed checker, missing information without recovery, and an unsolvable contract', async () => {
    const task = tasks.find((t) => t.generator === 'venmo_request_payment')!;
    const inputs = await target.inputs!(task.id);
    const reference = await target.reference(task.id);
    const redundant = (PERTURB_OPERATORS['U-redundant']({ task, reference, inputs, seed: 0 }) as { perturbation: Perturbation }).perturbation;

    const both: Perturbation = { ...redundant, inputs: { ...redundant.inputs, procedure: [...redundant.inputs.procedure, 'extra rule'] } };
    expect(checkStructure(inputs, both, info, info, reference)).toEqual({ ok: false, reason: 'changes 2 targets (U, P), not exactly one' });

    const otherChecker = { ...info, checkerHash: '0'.repeat(64) };
    expect(checkStructure(inputs, redundant, info, otherChecker, reference)).toMatchObject({ ok: false, reason: expect.stringMatching(/^the checker changed/) });

    const missing = (PERTURB_OPERATORS['U-missing']({ task, reference, inputs, seed: 0 }) as { perturbation: Perturbation }).perturbation;
    expect(checkStructure(inputs, { ...missing, recovery: undefined }, info, info, reference)).toMatchObject({ ok: false, reason: expect.stringMatching(/no recovery annotation/) });

    const needed = reference.steps.find((s) => s.kind === 'write')!.call;
    const gone: Perturbation = { family: 'T-missing', edit: `removed ${needed}`, inputs: { ...inputs, tools: inputs.tools.filter((t) => t.name !== needed) } };
    expect(await validatePerturbation(target, inputs, gone, reference, info)).toEqual({ ok: false, reason: `unsolvable: the reference needs ${needed}, which the perturbed contract does not offer` });

    // a rename pointed at another backend leaves the call the reference needs without a tool
    const renamed = PERTURB_OPERATORS['T-incorrect']({ task, reference, inputs, seed: 0 }) as { perturbation: Perturbation };
    const [shown] = Object.keys(renamed.perturbation.toolMap!);
    const meant = renamed.perturbation.toolMap![shown];
    expect(meant).not.toBe('venmo.send_money');
    const wrongBackend: Perturbation = { ...renamed.perturbation, toolMap: { [shown]: 'venmo.send_money' } };
    expect(await validatePerturbation(target, inputs, wrongBackend, reference, info)).toEqual({ ok: false, reason: `unsolvable: the reference needs ${meant}, which the perturbed contract does not offer` });
  });
});

