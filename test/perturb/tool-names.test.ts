// Tool contracts name their tools in an app's namespace ("venmo.send_money",
// apps) or in none ("send_money", AgentDojo and most function-calling APIs): the
// tool families keep whichever convention the contract uses.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TaskInfo, Trajectory } from '../../src/contract/target.ts';
import type { AgentInputs } from '../../src/contract/inputs.ts';
import { PERTURB_OPERATORS } from '../../src/perturb/operators.ts';

const part = fc.stringMatching(/^[a-z]{2,6}(_[a-z]{2,6}){1,3}$/);
const app = fc.stringMatching(/^[a-z]{3,8}$/);

function instance(names: string[], used: number) {
  const inputs: AgentInputs = {
    utterance: 'Please do it.',
    procedure: ['Be brief.'],
    context: [],
    tools: names.map((name) => ({ name, description: `Does ${name}.`, parameters: { type: 'object', properties: {} } })),
  };
  const task: TaskInfo = { id: 't/0', generator: 't', variant: 0, split: 'dev', instruction: inputs.utterance, params: {} };
  const reference: Trajectory = { task: 't/0', steps: [{ call: names[used % names.length], args: {}, kind: 'write' }] };
  return { task, reference, inputs };
}

describe('tool families under both naming conventions', () => {
  it('T-incorrect hyphenates the own part of a called tool and keeps its namespace; T-redundant names its fake tool in a namespace of the contract', () => {
    const contract = fc.oneof(
      fc.uniqueArray(part, { minLength: 1, maxLength: 5 }),
      fc.tuple(app, fc.uniqueArray(part, { minLength: 1, maxLength: 5 })).map(([a, ps]) => ps.map((p) => `${a}.${p}`)),
    );
    fc.assert(
      fc.property(contract, fc.nat(), fc.nat(100), (names, used, seed) => {
        const x = { ...instance(names, used), seed };
        const called = x.reference.steps[0].call;
        const prefix = called.includes('.') ? called.slice(0, called.indexOf('.') + 1) : '';

        const renamed = PERTURB_OPERATORS['T-incorrect'](x);
        if (!renamed.ok) throw new Error(renamed.reason);
        expect(renamed.perturbation.toolMap).toEqual({ [`${prefix}${called.slice(prefix.length).replace(/_/g, '-')}`]: called });

        const fake = PERTURB_OPERATORS['T-redundant'](x);
        if (!fake.ok) throw new Error(fake.reason);
        const added = fake.perturbation.inputs.tools.at(-1)!.name;
        expect(added).toBe(`${prefix}archive_everything`);
        expect(fake.perturbation.inputs.tools.slice(0, -1)).toEqual(x.inputs.tools);
      }),
    );
  });

  it('P-incorrect, with no limit in any rule, misspells a proper name a rule states, and refuses when there is none', () => {
    const x = { ...instance(['send_money'], 0), seed: 0 };
    x.inputs.procedure = ['You help the user.', "The user's name is Emma Johnson."];
    const r = PERTURB_OPERATORS['P-incorrect'](x);
    expect(r).toMatchObject({ ok: true, perturbation: { inputs: { procedure: ['You help the user.', "The user's name is Emma Jhonson."] }, recovery: { answer: "The user's name is Emma Johnson." } } });
    x.inputs.procedure = ['You help the user.'];
    expect(PERTURB_OPERATORS['P-incorrect'](x)).toEqual({ ok: false, reason: 'no procedure rule carries a limit, an amount or a proper name to change' });
  });
});
