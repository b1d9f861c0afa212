// The validated set: every task's clean inputs and each perturbation that passed
// validation, with the reference and its effect on a fresh environment (what an
// agent's episode is compared with). Frozen by the one freeze (an increment,
// protocol/increment.ts): its instances are the manifest's cells, arm `perturb`,
// and what they share per task (clean inputs, references, rejected candidates)
// its extras; a run refuses an increment that changed under it. Rejected
// candidates are kept with their reason, so a reader sees what was tried.
import type { Effect, OpenOptions, Split, Target, Trajectory } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { hashJson } from '../util/hash.ts';
import { InputError } from '../util/errors.ts';
import type { PerturbFamily } from './inputs.ts';
import type { AgentInputs } from '../contract/inputs.ts';
import { PERTURB_OPERATORS, type Perturbation } from './operators.ts';
import { checkStructure, solvability, validationCell } from './validate.ts';
import { ownsCode } from '../target/registry.ts';
import type { InstanceFamily } from './record.ts';
import type { Generator } from './generator.ts';
import { freezeIncrement, loadIncrement, loadManifest, type Increment } from '../protocol/increment.ts';
import { Pool } from '../run/pool.ts';
import { deliverFresh } from '../census/deliver.ts';

/** A task's clean inputs, or one validated perturbation of them. */
export interface Instance extends Omit<Perturbation, 'family'> {
  /** `<task>::clean` or `<task>::<family>#<seed>` */
  id: string;
  task: string;
  family: InstanceFamily;
  seed?: number;
}

/** What the instances of a task share, kept once in the increment's extras (`extras.perturb`). */
export interface PerturbExtras {
  split: Split;
  seeds: number[];
  families: PerturbFamily[];
  rejected: { task: string; family: PerturbFamily; seed: number; reason: string }[];
  /** per task: the reference and what it changes on a fresh environment */
  references: Record<string, { trajectory: Trajectory; effect: Effect }>;
  /** per task: what an agent is shown before any perturbation */
  clean: Record<string, AgentInputs>;
}

/** A frozen set, as read from its increment. */
export interface PerturbSet extends PerturbExtras {
  /** the increment folder and its content hash */
  dir: string;
  hash: string;
  /** the target spec the set was frozen on */
  target: string;
  tasks: string[];
  instances: Instance[];
}

interface FreezeOptions {
  /** opened by the caller: tasks, inputs and references are read here; no checker runs on this thread */
  target: Target;
  /** the spec the set records, so a later run reopens the same target */
  spec: string;
  /** the folder the increment is frozen into (as `--mutants` for the fault arm) */
  root: string;
  /** what the validation scorers open the target with (unseal, checker copies), recorded in the increment */
  open?: OpenOptions;
  split: Split;
  seeds: number[];
  families: PerturbFamily[];
  /** only these tasks (ids), when given */
  taskIds?: string[];
  onTask?: (done: number, total: number) => void;
  /** free-form proposals (`--generator`), validated like the operators' */
  generator?: Generator;
  /** validation scorers (default 2) and the time limit of each phase of a validation (default 60 s) */
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

/**
 * Candidates come from the operators (and a generator) on this thread, are
 * checked for structure here, and replayed on the run core's pool (scoreOnPool).
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

  const after = await o.target.describe();
  const structural = candidates.map((c) => checkStructure(clean.get(c.task)!, c.perturbation, info, after, refs.get(c.task)!));
  // the references' effects are observed as the effect census observes them: delivered and read back here, no checker run
  const references: PerturbSet['references'] = {};
  const problems: string[] = [];
  for (const t of tasks) {
    const d = await deliverFresh(o.target, t.id, refs.get(t.id)!.steps).catch((e: Error) => ({ completed: false, error: e.message, effect: undefined }));
    if (d.completed && d.effect) references[t.id] = { trajectory: refs.get(t.id)!, effect: d.effect };
    else problems.push(`${t.id}: ${d.error ?? 'incomplete'}`);
  }
  if (problems.length) throw new InputError(`the references do not deliver on a fresh environment (${problems.join('; ')}); run \`blindspot target check\``);
  const entries = await scoreOnPool(o, candidates.flatMap((c, n) => (structural[n].ok ? [validationCell(`candidate:${n}`, c.task, refs.get(c.task)!.steps)] : [])));
  const verdicts = structural.map((v, n) => (v.ok ? solvability(entries.get(`candidate:${n}`)!) : v));

  const instances: Instance[] = [];
  for (const task of tasks) {
    instances.push({ id: `${task.id}::clean`, task: task.id, family: 'clean', edit: 'none', inputs: clean.get(task.id)! });
    candidates.forEach((c, n) => {
      if (c.task !== task.id) return;
      const v = verdicts[n];
      if (!v.ok) rejected.push({ task: c.task, family: c.perturbation.family, seed: c.seed, reason: `${c.source}${v.reason}` });
      else instances.push({ id: c.id, task: c.task, seed: c.seed, ...c.perturbation });
    });
  }
  const extras: PerturbExtras = { split: o.split, seeds: o.seeds, families: o.families, rejected, references, clean: Object.fromEntries(clean) };
  const generatorOf = new Map(tasks.map((t) => [t.id, t.generator]));
  const frozen = await freezeIncrement({
    root: o.root,
    spec: o.spec,
    target: info,
    selection: { splits: [o.split], tasks: tasks.map((t) => t.id), ...(o.open?.unseal ? { unseal: o.open.unseal } : {}) },
    arms: ['perturb'],
    families: o.families,
    extras: { perturb: extras },
    censuses: [],
    cells: instances.map((i) => instanceCell(i, generatorOf.get(i.task)!, extras.clean[i.task])),
    ...(o.open?.checkerDir ? { checkerDir: o.open.checkerDir } : {}),
  });
  return { ...extras, dir: frozen.dir, hash: frozen.increment.hash, target: o.spec, tasks: tasks.map((t) => t.id), instances };
}

/**
 * Every checker verdict of a freeze (each candidate's solvability) is scored
 * on the run core's pool, off this thread, so a checker that hangs or kills its
 * scorer rejects its candidate, with the reason, instead of ending the freeze.
 */
async function scoreOnPool(o: FreezeOptions, cells: Cell[]): Promise<Map<string, LedgerEntry>> {
  const entries = new Map<string, LedgerEntry>();
  if (!cells.length) return entries;
  const pool = new Pool({ workers: o.workers ?? 2, target: o.spec, open: o.open ?? {}, limitMs: o.deadlineMs ?? 60_000, isolate: !ownsCode(o.spec) }, (e) => entries.set(e.cell, e));
  try {
    pool.add(cells);
    await pool.idle();
  } finally {
    pool.close();
  }
  return entries;
}

/**
 * An instance as a manifest's cell: only the inputs it changes of its task's
 * clean ones (a tool contract is most of an instance, and all but T instances
 * share their task's). The increment's hash covers both, so nothing it proves is lost.
 */
function instanceCell(i: Instance, generator: string, clean: AgentInputs): Cell {
  const changes = Object.fromEntries(Object.entries(i.inputs).filter(([k, v]) => hashJson(v) !== hashJson(clean[k as keyof AgentInputs])));
  return {
    id: i.id,
    arm: 'perturb',
    family: i.family,
    index: i.seed ?? 0,
    checker: i.task,
    trajectory: i.task,
    generator,
    episode: { ...(i.seed === undefined ? {} : { seed: i.seed }), changes, ...(i.toolMap ? { toolMap: i.toolMap } : {}), ...(i.recovery ? { recovery: i.recovery } : {}) },
    construction: { ok: true, steps: [], edit: i.edit },
  };
}

/** The instance a perturbation cell stands for, its inputs whole again. */
export function instanceOf(cell: Cell, extras: Pick<PerturbExtras, 'clean'>): Instance {
  const e = cell.episode!;
  return {
    id: cell.id,
    task: cell.checker,
    family: cell.family as InstanceFamily,
    ...(e.seed === undefined ? {} : { seed: e.seed }),
    edit: cell.construction.ok ? cell.construction.edit : 'none',
    inputs: { ...structuredClone(extras.clean[cell.checker]), ...e.changes },
    ...(e.toolMap ? { toolMap: e.toolMap } : {}),
    ...(e.recovery ? { recovery: e.recovery } : {}),
  };
}

/** The set frozen in an increment folder, verified by the increment's hashes. */
export async function readSet(dir: string): Promise<PerturbSet> {
  const inc = await loadIncrement(dir);
  return setOf(dir, inc, await loadManifest(dir, inc));
}

/** The set of an increment already read with its manifest. */
export function setOf(dir: string, inc: Increment, cells: readonly Cell[]): PerturbSet {
  const extras = inc.extras.perturb as PerturbExtras | undefined;
  if (!inc.arms.includes('perturb') || !extras) throw new InputError(`${dir}: increment ${inc.id} holds no perturbation set (freeze one with \`blindspot perturb\`)`);
  return { ...extras, dir, hash: inc.hash, target: inc.target.spec, tasks: inc.selection.tasks, instances: cells.map((c) => instanceOf(c, extras)) };
}
