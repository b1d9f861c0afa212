import type { Delivery, Effect, Step, Target, Trajectory } from '../contract/target.ts';

export type Observed = Delivery & { effect: Effect };

/** Steps delivered once on a fresh episode and read back: what every census observes. */
export async function deliverFresh(target: Target, task: string, steps: Step[]): Promise<Observed> {
  const episode = await target.episode();
  try {
    const delivery = await episode.deliver({ task, steps });
    return { ...delivery, effect: await episode.readback() };
  } finally {
    await episode.close();
  }
}

/**
 * A target that observes many deliveries in one go, each on its own fresh
 * episode, one after another: a pipelining protocol target sends them all before
 * the first answer (src/target/protocol/target.ts), so a census costs one round
 * trip instead of one per episode. Not part of the public contract: only the
 * protocol target has it.
 */
interface DeliversEach {
  deliverEach(jobs: Trajectory[]): Promise<Observed[]>;
}

const deliversEach = (target: Target): target is Target & DeliversEach => typeof (target as Partial<DeliversEach>).deliverEach === 'function';

/** deliverFresh of each job, in order; what each observes is the same either way. */
export async function deliverEachFresh(target: Target, jobs: Trajectory[]): Promise<Observed[]> {
  if (deliversEach(target)) return target.deliverEach(jobs);
  const observed: Observed[] = [];
  for (const j of jobs) observed.push(await deliverFresh(target, j.task, j.steps));
  return observed;
}

/** A task's reference: a copy of the one the caller fetched already (what a delivery does to it stays here), else the target's. */
export const referenceOf = async (target: Target, task: string, references?: ReadonlyMap<string, Trajectory>): Promise<Trajectory> => {
  const known = references?.get(task);
  return known ? structuredClone(known) : target.reference(task);
};
