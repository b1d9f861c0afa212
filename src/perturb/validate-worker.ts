// A validation worker thread: opens the target as the freeze asked, and for
// each job delivers a reference (its effect) or validates one candidate.
import { openTarget } from '../target/registry.ts';
import type { OpenOptions, TargetInfo } from '../contract/target.ts';
import { validatePerturbation } from './validate.ts';
import { serveJobs } from './serve.ts';
import type { ValidationJob, ValidationResult } from './freeze.ts';

await serveJobs<{ spec: string; open: OpenOptions; info: TargetInfo }, ValidationJob, ValidationResult>(async (init) => {
  const target = await openTarget(init.spec, init.open);
  const handle = async (job: ValidationJob): Promise<ValidationResult> => {
    if (job.kind === 'validate') return validatePerturbation(target, job.clean, job.perturbation, job.reference, init.info);
    const episode = await target.episode();
    try {
      const d = await episode.deliver(job.reference);
      return d.completed ? { effect: await episode.readback() } : { error: d.error ?? 'incomplete' };
    } finally {
      await episode.close();
    }
  };
  return { handle, close: () => target.close() };
});
