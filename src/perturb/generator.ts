// A pluggable generator of free-form perturbations (an LLM script a user
// supplies, say): one process for the whole freeze, one JSON line in per task,
// one JSON line out with its proposals. The generator is trusted with nothing:
// each proposal goes through the same validation as the built-in operators, and
// a malformed answer is refused with the field that is wrong.
import type { TaskInfo } from '../contract/target.ts';
import { ProtocolError } from '../util/errors.ts';
import { isObject, parseJsonLine } from '../util/json-file.ts';
import { startLineProcess } from '../util/line-process.ts';
import { PERTURB_FAMILIES, type PerturbFamily } from './inputs.ts';
import type { AgentInputs } from '../contract/inputs.ts';
import type { Perturbation } from './operators.ts';

export interface Generator {
  propose(task: TaskInfo, inputs: AgentInputs): Promise<Perturbation[]>;
  close(): Promise<void>;
}

/** One proposal, checked field by field (validation judges its content afterwards). */
function parseProposal(v: unknown, where: string): Perturbation {
  if (!isObject(v)) throw new ProtocolError(`${where}: expected an object`);
  if (!PERTURB_FAMILIES.includes(v.family as PerturbFamily)) throw new ProtocolError(`${where}: field family: expected one of ${PERTURB_FAMILIES.join(', ')}, got ${JSON.stringify(v.family)}`);
  if (typeof v.edit !== 'string' || !v.edit) throw new ProtocolError(`${where}: field edit: expected a description of the edit`);
  const i = v.inputs as Record<string, unknown>;
  if (!isObject(i) || typeof i.utterance !== 'string' || !Array.isArray(i.procedure) || !Array.isArray(i.context) || !Array.isArray(i.tools)) {
    throw new ProtocolError(`${where}: field inputs: expected {utterance, procedure[], context[], tools[]} (the whole perturbed inputs)`);
  }
  if (v.toolMap !== undefined && (!isObject(v.toolMap) || Object.values(v.toolMap).some((x) => typeof x !== 'string'))) throw new ProtocolError(`${where}: field toolMap: expected {shown name: backend name}`);
  const r = v.recovery as Record<string, unknown> | undefined;
  if (r !== undefined && (!isObject(r) || typeof r.ask !== 'string' || typeof r.answer !== 'string')) throw new ProtocolError(`${where}: field recovery: expected {ask, answer}`);
  return {
    family: v.family as PerturbFamily,
    edit: v.edit,
    inputs: i as unknown as AgentInputs,
    ...(v.toolMap ? { toolMap: v.toolMap as Record<string, string> } : {}),
    ...(r ? { recovery: r as { ask: string; answer: string } } : {}),
  };
}

export function startGenerator(command: string[], timeoutMs = 120_000): Generator {
  const child = startLineProcess(command, '--generator');
  return {
    async propose(task, inputs) {
      child.send({ task, inputs, families: PERTURB_FAMILIES });
      const line = await child.next(`answering task ${task.id}`, timeoutMs);
      const v = parseJsonLine(line, `--generator, task ${task.id}`);
      if (!isObject(v) || !Array.isArray(v.proposals)) throw new ProtocolError(`--generator, task ${task.id}: field proposals: expected an array`);
      return v.proposals.map((p, k) => parseProposal(p, `--generator, task ${task.id}, proposal ${k}`));
    },
    close: () => child.close(),
  };
}
