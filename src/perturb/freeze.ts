// The validated set: every task's clean inputs and each perturbation that passed
// validation, with the reference and its effect on a fresh environment (what an
// agent's episode is compared with). Frozen like an increment: content-hashed,
// and a run refuses to continue on a set that changed under it. Rejected
// candidates are kept with their reason, so a reader sees what was tried.
import type { Effect, OpenOptions, Split, Target, TaskInfo, Trajectory } from '../contract/target.ts';
import { hashJson } from '../util/hash.ts';
import { InputError } from '../util/errors.ts';
import type { PerturbFamily } from './inputs.ts';
import type { AgentInputs } from '../contract/inputs.ts';
import { PERTURB_OPERATORS, type Perturbation } from './operators.ts';
import type { Validation } from './validate.ts';
import { runSupervised } from './supervise.ts';
import { besideModule } from '../util/install.ts';
import { ownsCode } from '../target/registry.ts';
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
  /** opened by the caller: tasks, inputs and references are read here; no checker runs on this thread */
  target: Target;
  /** the spec the set records, so a later run reopens the same target */
  spec: string;
  /** what the validation threads open the target with (unseal, checker copies, target options) */
  open?: OpenOptions;
  split: Split;
  seeds: number[];
  families: PerturbFamily[];
  /** only these tasks (ids), when given */
  taskIds?: string[];
  onTask?: (done: number, total: number) => void;
  /** free-form proposals (`--generator`), validated like the operators' */
  generator?: Generator;
  /** validation threads (default 2) and how long one validation may take before its thread is stopped (default 60 s) */
  workers?: number;
  deadlineMs?: number;
}

interface Candidate {
  id: string;
  task: string;
  seed: number;
  source: string;
  perturbation: Perturbation;
}

export type ValidationJob = { kind: 'reference'; reference: Trajectory } | { kind: 'validate'; clean: AgentInputs; perturbation: Perturbation; reference: Trajectory };
export type ValidationResult = { effect: Effect } | { error: string } | Validation;

/**
 * Candidates come from the operators (and a generator) on this thread; every
 * delivery and every checker verdict (the references' effects, each
 * candidate's solvability) runs on supervised worker threads, so a checker
 * that hangs rejects its candidate, with the reason, instead of hanging the freeze.
 */
export async function freezePerturbations(o: FreezeOptions): Promise<PerturbSet> {
  if (!o.target.inputs) throw new InputError(`--target: ${o.spec} does not describe what an agent is shown (no inputs()), so it cannot be perturbed`);
  const info = await o.target.describe();
  let tasks = (await o.target.tasks()).filter((t) => t.split === o.split);
  if (o.taskIds) {
    const unknown = o.taskIds.filter((id) => !tasks.some((t) => t.id === id));
    if (unknown.length) throw new InputError(`--tasks: no ${o.split} task ${unknown.join(', ')}`);
    tasks = tasks.filter((t) => o.taskIds!.includes(t.id));
  }
  if (!tasks.length) throw new InputError(`--split: the target has no ${o.split} task`);
  const clean = new Map<string, AgentInputs>();
  const refs = new Map<string, Trajectory>();
  const candidates: Candidate[] = [];
  const rejected: PerturbSet['rejected'] = [];
  for (const [n, task] of tasks.entries()) {
    const inputs = await o.target.inputs(task.id);
    const reference = await o.target.reference(task.id);
    clean.set(task.id, inputs);
    refs.set(task.id, reference);
    const seen = new Set<string>();
    const propose = (p: Perturbation, id: string, seed: number, source: string) => {
      // two seeds (or a seed and a proposal) may land on the same edit: one candidate, not two
      const key = `${p.family}\u0000${hashJson(p.inputs)}`;
      if (seen.has(key)) return;
      seen.add(key);
      candidates.push({ id, task: task.id, seed, source, perturbation: p });
    };
    for (const family of o.families) {
      for (const seed of o.seeds) {
        const applied = PERTURB_OPERATORS[family]({ task, reference, inputs, seed });
        if (applied.ok) propose(applied.perturbation, `${task.id}::${family}#${seed}`, seed, '');
        else rejected.push({ task: task.id, family, seed, reason: `not applicable: ${applied.reason}` });
      }
    }
    const proposals = o.generator ? await o.generator.propose(task, inputs) : [];
    for (const [k, p] of proposals.entries()) if (o.families.includes(p.family)) propose(p, `${task.id}::${p.family}#g${k}`, k, 'generator proposal: ');
    o.onTask?.(n + 1, tasks.length);
  }

  type Job = ValidationJob & { n: number };
  const jobs: Job[] = [
    ...tasks.map((t, n) => ({ kind: 'reference' as const, reference: refs.get(t.id)!, n: -1 - n })),
    ...candidates.map((c, n) => ({ kind: 'validate' as const, clean: clean.get(c.task)!, perturbation: c.perturbation, reference: refs.get(c.task)!, n })),
  ];
  const effects = new Map<string, Effect>();
  const verdicts = new Map<number, Validation>();
  const problems: string[] = [];
  await runSupervised<Job, ValidationResult>({
    module: besideModule(import.meta.url, 'validate-worker'),
    init: { spec: o.spec, open: o.open ?? {}, info },
    jobs,
    workers: o.workers ?? 2,
    deadlineMs: o.deadlineMs ?? 60_000,
    isolate: !ownsCode(o.spec),
    onResult: (job, r) => {
      if (job.kind === 'validate') verdicts.set(job.n, r as Validation);
      else if ('effect' in r) effects.set(job.reference.task, r.effect);
      else problems.push(`${job.reference.task}: ${'error' in r ? r.error : 'no effect'}`);
    },
    onLost: (job, why) => {
      if (job.kind === 'validate') verdicts.set(job.n, { ok: false, reason: `validation ${why}` });
      else problems.push(`${job.reference.task}: delivering the reference ${why}`);
    },
  });
  if (problems.length) throw new InputError(`the references do not deliver on a fresh environment (${problems.join('; ')}); run \`blindspot target check\``);

  const instances: Instance[] = [];
  const references: PerturbSet['references'] = {};
  for (const task of tasks) {
    references[task.id] = { trajectory: refs.get(task.id)!, effect: effects.get(task.id)! };
    instances.push({ id: `${task.id}::clean`, task: task.id, family: 'clean', edit: 'none', inputs: clean.get(task.id)! });
    candidates.forEach((c, n) => {
      if (c.task !== task.id) return;
      const v = verdicts.get(n)!;
      const p = c.perturbation;
      if (!v.ok) rejected.push({ task: c.task, family: p.family, seed: c.seed, reason: `${c.source}${v.reason}` });
      else instances.push({ id: c.id, task: c.task, family: p.family, seed: c.seed, edit: p.edit, inputs: p.inputs, ...(p.toolMap ? { toolMap: p.toolMap } : {}), ...(p.recovery ? { recovery: p.recovery } : {}) });
    });
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

/** A set read from disk: its hash must still cover its content. */
export function verifyPerturbSet(set: PerturbSet, file: string): PerturbSet {
  if (set?.schema !== PERTURB_SET_SCHEMA) throw new InputError(`${file}: field schema: expected ${PERTURB_SET_SCHEMA}, got ${JSON.stringify(set?.schema)}`);
  const { hash, ...body } = set;
  if (hashJson(body) !== hash) throw new InputError(`${file}: the content no longer matches its hash ${hash.slice(0, 12)} (edited after it was frozen); freeze a new set`);
  return set;
}


/**
 * On disk and between threads a perturbed instance keeps only the inputs it
 * changes (a tool contract is most of an instance, and all but T instances
 * share their task's); the hash covers the whole inputs, so packing changes nothing it proves.
 */
export type PackedInstance = Omit<Instance, 'inputs'> & ({ inputs: AgentInputs } | { changes: Partial<AgentInputs> });
export type PackedSet = Omit<PerturbSet, 'instances'> & { instances: PackedInstance[]; packed: true };

export function packSet(set: PerturbSet): PackedSet {
  const clean = new Map(set.instances.filter((i) => i.family === 'clean').map((i) => [i.task, i.inputs]));
  const instances = set.instances.map((i): PackedInstance => {
    const base = clean.get(i.task);
    if (i.family === 'clean' || !base) return i;
    const { inputs, ...rest } = i;
    const changes = Object.fromEntries(Object.entries(inputs).filter(([k, v]) => hashJson(v) !== hashJson(base[k as keyof AgentInputs])));
    return { ...rest, changes };
  });
  return { ...set, instances, packed: true };
}

export function unpackSet(v: PerturbSet | PackedSet): PerturbSet {
  if (!('packed' in v)) return v;
  const { packed: _, ...set } = v;
  const clean = new Map(set.instances.flatMap((i) => (i.family === 'clean' && 'inputs' in i ? [[i.task, i.inputs] as const] : [])));
  const instances = set.instances.map((i): Instance => {
    if ('inputs' in i) return i;
    const { changes, ...rest } = i;
    return { ...rest, inputs: { ...structuredClone(clean.get(i.task)!), ...changes } };
  });
  return { ...set, instances };
}
