// The validated set: every task's clean inputs and each perturbation that passed
// validation, with the reference and its effect on a fresh environment (what an
// agent's episode is compared with). Frozen like an increment: content-hashed,
// and a run refuses to continue on a set that changed under it. Rejected
// candidates are kept with their reason, so a reader sees what was tried.
import type { Effect, Split, Target, TaskInfo, Trajectory } from '../target/types.ts';
import { hashJson } from '../util/hash.ts';
import { InputError } from '../util/errors.ts';
import type { AgentInputs, PerturbFamily } from './inputs.ts';
import { PERTURB_OPERATORS, type Perturbation } from './operators.ts';
import { validatePerturbation } from './validate.ts';
import type { InstanceFamily } from './record.ts';
import type { Generator } from './generator.ts';

export const PERTURB_SET_SCHEMA = 'blindspot.perturbations/1';

export interface Instance {
  /** `<task>::clean` or `<task>::<family>#<seed>` */
  id: string;
  task: string;
  family: InstanceFamily;
  seed?: number;
  edit: string;
  inputs: AgentInputs;
  toolMap?: Record<string, string>;
  recovery?: { ask: string; answer: string };
}

export interface PerturbSet {
  schema: typeof PERTURB_SET_SCHEMA;
  target: string;
  targetName: string;
  targetVersion: string;
  checkerHash: string;
  corpusHash: string;
  split: Split;
  seeds: number[];
  families: PerturbFamily[];
  tasks: TaskInfo[];
  instances: Instance[];
  rejected: { task: string; family: PerturbFamily; seed: number; reason: string }[];
  /** per task: the reference and what it changes on a fresh environment */
  references: Record<string, { trajectory: Trajectory; effect: Effect }>;
  /** sha256 of everything above */
  hash: string;
}

export interface FreezeOptions {
  target: Target;
  /** the spec the set records, so a later run reopens the same target */
  spec: string;
  split: Split;
  seeds: number[];
  families: PerturbFamily[];
  /** only these tasks (ids), when given */
  taskIds?: string[];
  onTask?: (done: number, total: number) => void;
  /** free-form proposals (`--generator`), validated like the operators' */
  generator?: Generator;
}

export async function freezePerturbations(o: FreezeOptions): Promise<PerturbSet> {
  if (!o.target.inputs) throw new InputError(`--target: ${o.spec} does not describe what an agent is shown (no inputs()), so it cannot be perturbed`);
  const info = await o.target.describe();
  let tasks = (await o.target.tasks()).filter((t) => t.split === o.split);
  if (o.taskIds) {
    const unknown = o.taskIds.filter((id) => !tasks.some((t) => t.id === id));
    if (unknown.length) throw new InputError(`--task: no ${o.split} task ${unknown.join(', ')}`);
    tasks = tasks.filter((t) => o.taskIds!.includes(t.id));
  }
  if (!tasks.length) throw new InputError(`--split: the target has no ${o.split} task`);
  const instances: Instance[] = [];
  const rejected: PerturbSet['rejected'] = [];
  const references: PerturbSet['references'] = {};
  for (const [n, task] of tasks.entries()) {
    const inputs = await o.target.inputs(task.id);
    const reference = await o.target.reference(task.id);
    references[task.id] = { trajectory: reference, effect: await referenceEffect(o.target, reference) };
    instances.push({ id: `${task.id}::clean`, task: task.id, family: 'clean', edit: 'none', inputs });
    const admit = async (p: Perturbation, id: string, seed: number, source: string) => {
      // two seeds (or a seed and a proposal) may land on the same edit: one instance, not two
      if (instances.some((i) => i.task === task.id && i.family === p.family && hashJson(i.inputs) === hashJson(p.inputs))) return;
      const v = await validatePerturbation(o.target, inputs, p, reference, info);
      if (!v.ok) {
        rejected.push({ task: task.id, family: p.family, seed, reason: `${source}${v.reason}` });
        return;
      }
      instances.push({ id, task: task.id, family: p.family, seed, edit: p.edit, inputs: p.inputs, ...(p.toolMap ? { toolMap: p.toolMap } : {}), ...(p.recovery ? { recovery: p.recovery } : {}) });
    };
    for (const family of o.families) {
      for (const seed of o.seeds) {
        const applied = PERTURB_OPERATORS[family]({ task, reference, inputs, seed });
        if (applied.ok) await admit(applied.perturbation, `${task.id}::${family}#${seed}`, seed, '');
        else rejected.push({ task: task.id, family, seed, reason: `not applicable: ${applied.reason}` });
      }
    }
    const proposals = o.generator ? await o.generator.propose(task, inputs) : [];
    for (const [k, p] of proposals.entries()) {
      if (o.families.includes(p.family)) await admit(p, `${task.id}::${p.family}#g${k}`, k, 'generator proposal: ');
    }
    o.onTask?.(n + 1, tasks.length);
  }
  const body = {
    schema: PERTURB_SET_SCHEMA,
    target: o.spec,
    targetName: info.name,
    targetVersion: info.version,
    checkerHash: info.checkerHash,
    corpusHash: info.corpusHash,
    split: o.split,
    seeds: o.seeds,
    families: o.families,
    tasks,
    instances,
    rejected,
    references,
  } as const;
  return { ...body, hash: hashJson(body) };
}

async function referenceEffect(target: Target, reference: Trajectory): Promise<Effect> {
  const episode = await target.episode();
  try {
    const d = await episode.deliver(reference);
    if (!d.completed) throw new InputError(`${reference.task}: the reference does not deliver on a fresh environment (${d.error ?? 'incomplete'}); run \`blindspot target check\``);
    return await episode.readback();
  } finally {
    await episode.close();
  }
}

/** A set read from disk: its hash must still cover its content. */
export function verifyPerturbSet(set: PerturbSet, file: string): PerturbSet {
  if (set?.schema !== PERTURB_SET_SCHEMA) throw new InputError(`${file}: field schema: expected ${PERTURB_SET_SCHEMA}, got ${JSON.stringify(set?.schema)}`);
  const { hash, ...body } = set;
  if (hashJson(body) !== hash) throw new InputError(`${file}: the content no longer matches its hash ${hash.slice(0, 12)} (edited after it was frozen); freeze a new set`);
  return set;
}

