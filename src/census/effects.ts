// Reference-effect census: each reference delivered once on a fresh episode and
// read back. Rungs take written tables from here rather than from declarations.
import type { Effect, Target, Trajectory } from '../contract/target.ts';
import { writtenTables } from '../readback/compare.ts';
import { hashJson } from '../util/hash.ts';
import { deliverEachFresh, referenceOf } from './deliver.ts';

export interface EffectCensus {
  kind: 'effects';
  target: string;
  targetVersion: string;
  corpusHash: string;
  entries: { task: string; completed: boolean; error?: string; tables: string[]; effect: Effect }[];
  hash: string;
}

/** `references`: as for the idempotence census. */
export async function takeEffectCensus(target: Target, taskIds: string[], references?: ReadonlyMap<string, Trajectory>): Promise<EffectCensus> {
  const info = await target.describe();
  const jobs: Trajectory[] = [];
  for (const task of [...taskIds].sort()) jobs.push({ task, steps: (await referenceOf(target, task, references)).steps });
  const entries: EffectCensus['entries'] = (await deliverEachFresh(target, jobs)).map(({ effect, ...d }, i) => ({
    task: jobs[i].task,
    completed: d.completed,
    ...(d.error ? { error: d.error } : {}),
    tables: writtenTables(effect),
    effect,
  }));
  const body = { kind: 'effects' as const, target: info.name, targetVersion: info.version, corpusHash: info.corpusHash, entries };
  return { ...body, hash: hashJson(body) };
}
