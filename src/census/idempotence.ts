// Idempotence census: for each task, whether repeating its last write changes
// what the task's own delivery leaves behind. Measured per task, never declared
// per endpoint: one endpoint can overwrite in one task and append in another, so
// extra-ni's eligibility is the repeat's evidence in that task's delivery.
import type { EffectSemantics, Step, Target, Trajectory } from '../contract/target.ts';
import { diffEffects, describeDifference } from '../readback/compare.ts';
import { materialEffect } from '../readback/semantics.ts';
import { deliverEachFresh, referenceOf, type Observed } from './deliver.ts';
import { hashJson } from '../util/hash.ts';

export interface IdempotenceEntry {
  task: string;
  /** the repeated write's endpoint */
  call: string;
  status: 'idempotent' | 'non-idempotent' | 'rejects-repeat';
  /** what the repeat changed (materially, under the target's semantics), or why it was rejected */
  observation: string;
}

export interface IdempotenceCensus {
  kind: 'idempotence';
  /** 2: keyed by task (1 was one probe per endpoint) */
  version: 2;
  target: string;
  targetVersion: string;
  corpusHash: string;
  tasks: string[];
  entries: IdempotenceEntry[];
  /** content hash of everything above */
  hash: string;
}

/**
 * The steps with step `i` repeated right after it. One definition for this
 * census's probe and for what extra and extra-ni deliver, so extra-ni's
 * eligibility is measured on exactly the delivery it gates.
 */
export const repeatStep = (steps: Step[], i: number): Step[] => [...steps.slice(0, i + 1), steps[i], ...steps.slice(i + 1)];

/** The reference and the reference with its last write repeated, each delivered fresh; undefined for a task that writes nothing. */
function probeOf(task: string, steps: Step[]): { task: string; call: string; once: Trajectory; twice: Trajectory } | undefined {
  const last = steps.map((s) => s.kind).lastIndexOf('write');
  return last < 0 ? undefined : { task, call: steps[last].call, once: { task, steps }, twice: { task, steps: repeatStep(steps, last) } };
}

/** Compares the two deliveries' material effects. */
function judge(task: string, call: string, once: Observed, twice: Observed, semantics: EffectSemantics | undefined): IdempotenceEntry {
  if (!once.completed) throw new Error(`census: the reference of ${task} failed to deliver: ${once.error}`);
  if (!twice.completed) return { task, call, status: 'rejects-repeat', observation: `second call rejected: ${twice.error}` };
  const diff = diffEffects(materialEffect(once.effect, semantics), materialEffect(twice.effect, semantics));
  if (diff.length) return { task, call, status: 'non-idempotent', observation: diff.map(describeDifference).join('; ') };
  const raw = diffEffects(once.effect, twice.effect);
  return {
    task,
    call,
    status: 'idempotent',
    observation: raw.length ? `the repeat changed only what the target declares immaterial (${raw.map((d) => d.table).join(', ')})` : 'the repeat changed nothing',
  };
}

/** `references`: the tasks' references where the caller has them already (freeze), so the target is not asked again. */
export async function takeIdempotenceCensus(target: Target, taskIds: string[], references?: ReadonlyMap<string, Trajectory>): Promise<IdempotenceCensus> {
  const info = await target.describe();
  const tasks = [...taskIds].sort();
  const probes = [];
  for (const task of tasks) {
    const p = probeOf(task, (await referenceOf(target, task, references)).steps);
    if (p) probes.push(p);
  }
  const observed = await deliverEachFresh(target, probes.flatMap((p) => [p.once, p.twice]));
  const entries = probes.map((p, i) => judge(p.task, p.call, observed[2 * i], observed[2 * i + 1], info.semantics));
  const body = { kind: 'idempotence' as const, version: 2 as const, target: info.name, targetVersion: info.version, corpusHash: info.corpusHash, tasks, entries };
  return { ...body, hash: hashJson(body) };
}
