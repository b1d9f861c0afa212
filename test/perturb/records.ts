// Hand-built episode records for the analysis and report tests.
import type { PerturbTarget, PerturbType } from '../../src/perturb/inputs.ts';
import type { EpisodeRecord, InstanceFamily } from '../../src/perturb/record.ts';

/** One episode: `seed` tells apart several instances of a family on the same task. */
export function episode(task: string, family: InstanceFamily, success: boolean, more: Partial<EpisodeRecord> & { seed?: number } = {}): EpisodeRecord {
  const { seed = 0, ...rest } = more;
  const [target, type] = family === 'clean' ? [null, null] : (family.split('-') as [PerturbTarget, PerturbType]);
  return {
    agent: 'literal',
    instance: family === 'clean' ? `${task}::clean` : `${task}::${family}#${seed}`,
    task,
    family,
    target,
    type,
    verdict: success ? 'pass' : 'fail',
    detail: success ? 'all checks passed' : 'check failed',
    success,
    effect: success ? 'same' : 'differs',
    graderFalseAccept: false,
    calls: 2,
    asked: 0,
    ms: 10,
    ...rest,
  };
}

/** A task's clean episode and one instance per listed family: `spec` maps family to success. */
export function task(id: string, clean: boolean, spec: Partial<Record<InstanceFamily, boolean>>, more: Partial<EpisodeRecord> = {}): EpisodeRecord[] {
  return [episode(id, 'clean', clean, more), ...Object.entries(spec).map(([f, ok]) => episode(id, f as InstanceFamily, ok!, more))];
}
