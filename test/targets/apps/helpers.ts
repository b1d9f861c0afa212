import { apps } from '../../../targets/apps/index.ts';
import type { Effect, OpenOptions, Target, Trajectory } from '../../../src/contract/target.ts';

export const openApps = (options: OpenOptions = {}): Promise<Target> => apps.open(options);

/** delivers a trajectory on a fresh episode and returns everything a cell sees */
export async function cell(target: Target, trajectory: Trajectory, checkTask = trajectory.task) {
  const ep = await target.episode();
  try {
    const delivery = await ep.deliver(trajectory);
    const effect: Effect = await ep.readback();
    const verdict = await ep.check(checkTask);
    return { delivery, effect, verdict };
  } finally {
    await ep.close();
  }
}

export const tableCounts = (effect: Effect) =>
  Object.fromEntries(Object.entries(effect).map(([t, e]) => [t, [e.added.length, e.updated.length, e.removed.length]]));
