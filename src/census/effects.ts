// Reference-effect census: each reference delivered once on a fresh episode and
// read back. Rungs take written tables from here rather than from declarations.
import type { Effect, Target, Trajectory } from '../contract/target.ts';
import { writtenTables } from '../readback/compare.ts';
import { hashJson } from '../util/hash.ts';
import { deliverFresh, referenceOf } from './deliver.ts';

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
  const entries: EffectCensus['entries'] = [];
  for (const task of [...taskIds].sort()) {
    const { effect, ...d } = await deliverFresh(target, task, (await referenceOf(target, task, references)).steps);
    entries.push({ task, completed: d.completed, ...(d.error ? { error: d.error } : {}), tables: writtenTables(effect), effect });
  }
  const body = { kind: 'effects' as const, target: info.name, targetVersion: info.version, corpusHash: info.corpusHash, entries };
  return { ...body, hash: hashJson(body) };
}
