// Idempotence census: which write endpoints change the effect when called twice.
// It is measured, never declared, so extra-ni targets what the world really does.
import type { Step, Target } from '../target/types.ts';
import { diffEffects, describeDifference } from '../readback/compare.ts';
import { deliverFresh } from './deliver.ts';
import { hashJson } from '../util/hash.ts';

export type IdempotenceStatus = 'idempotent' | 'non-idempotent' | 'rejects-repeat';

export interface IdempotenceEntry {
  call: string;
  status: IdempotenceStatus;
  /** the task whose reference prefix was used to reach the call */
  probe: string;
  /** what the second call changed, or why it was rejected */
  observation: string;
}

export interface IdempotenceCensus {
  kind: 'idempotence';
  target: string;
  targetVersion: string;
  corpusHash: string;
  tasks: string[];
  endpoints: IdempotenceEntry[];
  /** content hash of everything above */
  hash: string;
}

/**
 * For each write endpoint used by any selected reference, deliver the reference
 * prefix up to its first call once, and again with that call repeated, each on a
 * fresh episode; the endpoint is non-idempotent when the repeat changes the effect.
 */
export async function takeIdempotenceCensus(
  target: Target,
  taskIds: string[],
): Promise<IdempotenceCensus> {
  const info = await target.describe();
  const probes = new Map<string, { task: string; prefix: Step[] }>();
  for (const id of [...taskIds].sort()) {
    const { steps } = await target.reference(id);
    steps.forEach((step, i) => {
      if (step.kind === 'write' && !probes.has(step.call)) {
        probes.set(step.call, { task: id, prefix: steps.slice(0, i + 1) });
      }
    });
  }
  const endpoints: IdempotenceEntry[] = [];
  for (const [call, { task, prefix }] of [...probes].sort(([a], [b]) => a.localeCompare(b))) {
    const once = await deliverFresh(target, task, prefix);
    if (!once.completed) throw new Error(`census: reference prefix of ${task} failed to deliver: ${once.error}`);
    const twice = await deliverFresh(target, task, [...prefix, prefix[prefix.length - 1]]);
    let status: IdempotenceStatus;
    let observation: string;
    if (!twice.completed) {
      status = 'rejects-repeat';
      observation = `second call rejected: ${twice.error}`;
    } else {
      const diff = diffEffects(once.effect, twice.effect);
      status = diff.length ? 'non-idempotent' : 'idempotent';
      observation = diff.length ? diff.map(describeDifference).join('; ') : 'second call changed nothing';
    }
    endpoints.push({ call, status, probe: task, observation });
  }
  const body = {
    kind: 'idempotence' as const,
    target: info.name,
    targetVersion: info.version,
    corpusHash: info.corpusHash,
    tasks: [...taskIds].sort(),
    endpoints,
  };
  return { ...body, hash: hashJson(body) };
}
