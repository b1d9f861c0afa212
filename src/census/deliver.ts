import type { Delivery, Effect, Step, Target, Trajectory } from '../contract/target.ts';

/** Steps delivered once on a fresh episode and read back: what every census observes. */
export async function deliverFresh(target: Target, task: string, steps: Step[]): Promise<Delivery & { effect: Effect }> {
  const episode = await target.episode();
  try {
    const delivery = await episode.deliver({ task, steps });
    return { ...delivery, effect: await episode.readback() };
  } finally {
    await episode.close();
  }
}

/** A task's reference: a copy of the one the caller fetched already (what a delivery does to it stays here), else the target's. */
export const referenceOf = async (target: Target, task: string, references?: ReadonlyMap<string, Trajectory>): Promise<Trajectory> => {
  const known = references?.get(task);
  return known ? structuredClone(known) : target.reference(task);
};
