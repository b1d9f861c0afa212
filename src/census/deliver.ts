import type { Delivery, Effect, Step, Target } from '../contract/target.ts';

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
