// The perturbation arm's harness (paired episodes through the agent protocol's
// built-in replay agent, ledger, readback comparison, one target per worker)
// against a bare loop over the same instances in this thread (fresh episode,
// each reference step called through the perturbed contract, check, read back;
// nothing else). Freezing the set is paid once before timing. Rounds alternate
// bare, harness, after a warm-up round of each, and the overhead is the median
// of the per-pair ratios. Also times the validation (freeze) itself.
import { openTarget } from '../src/target/registry.ts';
import { freezePerturbations, type PerturbSet } from '../src/perturb/freeze.ts';
import { runPerturbations } from '../src/perturb/run.ts';
import { throughContract } from '../src/perturb/validate.ts';
import { PERTURB_FAMILIES } from '../src/perturb/inputs.ts';
import { replayAgent } from '../src/agent/builtin.ts';
import type { Trajectory } from '../src/contract/target.ts';
import { median, printRows, scratch, timed } from './measure.ts';

async function bareLoop(set: PerturbSet): Promise<number> {
  const target = await openTarget(set.target);
  try {
    const { ms } = await timed(async () => {
      for (const i of set.instances) {
        const ref = set.references[i.task].trajectory;
        const shown = throughContract(ref, i) as Trajectory;
        const ep = await target.episode();
        for (const s of shown.steps) if (s.kind !== 'claim') await ep.call!(i.task, { ...s, call: i.toolMap?.[s.call] ?? s.call });
        await ep.check(i.task);
        await ep.readback();
        await ep.close();
      }
    });
    return ms;
  } finally {
    await target.close();
  }
}

export async function benchPerturb() {
  const s = scratch();
  try {
    const target = await openTarget('apps');
    const frozen = await timed(() => freezePerturbations({ target, spec: 'apps', root: `${s.dir}/set`, split: 'dev', seeds: [0], families: PERTURB_FAMILIES }));
    await target.close();
    const set = frozen.value;
    const n = set.instances.length;
    const rows: Record<string, string | number>[] = [];
    const ratios: number[] = [];
    const bare: number[] = [];
    const harness: number[] = [];
    for (let round = 0; round < 6; round++) {
      const b = await bareLoop(set);
      const h = (await timed(() => runPerturbations({ out: `${s.dir}/r${round}`, set, agent: replayAgent(), workers: 2, limits: { steps: 50, timeMs: 60_000 }, progress: false }))).ms;
      if (round === 0) continue; // warm-up: JIT, not the loop
      bare.push(b);
      harness.push(h);
      ratios.push(h / b);
    }
    rows.push({ what: 'validate (freeze) 12 families, dev tasks', instances: n, ms: frozen.ms.toFixed(0), 'per s': ((n / frozen.ms) * 1000).toFixed(0) });
    rows.push({ what: 'bare loop, 1 thread', instances: n, ms: median(bare).toFixed(0), 'per s': ((n / median(bare)) * 1000).toFixed(0) });
    rows.push({ what: 'perturb harness, replay agent, 2 workers', instances: n, ms: median(harness).toFixed(0), 'per s': ((n / median(harness)) * 1000).toFixed(0) });
    printRows(`perturb: episodes per second (apps dev, ${n} instances, median of 5 rounds after 1 warm-up; harness/bare ratio ${median(ratios).toFixed(2)}x)`, rows);
  } finally {
    s.done();
  }
}
