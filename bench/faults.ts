// The embedded apps target through the engine (main thread + workers, ledger,
// classification, report) against a bare loop over the same cells in this
// thread (fresh episode, deliver, read back, check; nothing else), measured in
// the same run. Module loading and the world snapshot are paid once before
// timing, as they are once per process in real use. Both loops then run warm-up
// rounds, because the first rounds of either are JIT compilation, not the loop
// (here the bare loop takes 1.4-1.8x as long in its first round as from
// its sixth). Rounds alternate bare, engine, bare, engine..., so each pair
// shares the machine's state, and the overhead is the median of the per-pair
// ratios; medians of each loop and the cold first round are printed beside it
// (the engine's cold round follows the bare loop's, so it finds the target's
// own code already compiled: read it as the engine's first run, not as a ratio).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freeze } from '../src/freeze/freeze.ts';
import type { ArmName } from '../src/protocol/arms.ts';
import { loadManifest } from '../src/protocol/increment.ts';
import { runIncrement } from '../src/run/run.ts';
import { writeReport } from '../src/report/write.ts';
import { openTarget } from '../src/target/registry.ts';
import { API_FAMILIES } from '../src/grammar/families/index.ts';
import { bareLoop, median, printRows, scratch, timed } from './measure.ts';


interface Rounds {
  warmup: number;
  measured: number;
}

/** Issue 26's goals: the engine, everything included, at most this much over the bare loop; with workers, at or below it. */
interface Goals {
  overheadPct: number;
  /** the engine run (scorers, watchdog, ledger) with its workers takes no longer than the one-thread bare loop */
  runAtMostBare?: boolean;
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

async function benchApps(title: string, arms: ArmName[], rounds: Rounds, goals: Goals) {
  const s = scratch();
  try {
    const frozen = await freeze({
      target: 'apps',
      arms,
      families: [...API_FAMILIES],
      splits: ['dev'],
      mutantsDir: join(s.dir, 'mutants'),
      censusDir: join(s.dir, 'censuses'),
    });
    const cells = await loadManifest(frozen.dir, frozen.increment);
    // refused cells are recorded without execution, so speed counts executed cells only
    const executed = cells.filter((c) => c.construction.ok).length;
    const workers = availableParallelism();
    let n = 0;
    const engineRound = async () => {
      const runDir = join(s.dir, `run-${n++}`);
      const scored = await timed(() => runIncrement({ incrementDir: frozen.dir, runDir, workers, limitMs: 10_000 }));
      const reported = await timed(() => writeReport(runDir));
      return { run: scored.ms, engine: scored.ms + reported.ms };
    };
    // the target is opened (modules, world image) once before the cold round, as a process would before its first cell
    await (await openTarget('apps')).close();
    const cold = { bare: await bareLoop('apps', cells), ...(await engineRound()) };
    for (let r = 0; r < rounds.warmup; r++) {
      await bareLoop('apps', cells);
      await engineRound();
    }
    const bare: number[] = [];
    const run: number[] = [];
    const engine: number[] = [];
    const pairs: { run: number; engine: number }[] = [];
    for (let r = 0; r < rounds.measured; r++) {
      const b = await bareLoop('apps', cells);
      const e = await engineRound();
      bare.push(b);
      run.push(e.run);
      engine.push(e.engine);
      pairs.push({ run: e.run / b, engine: e.engine / b });
    }
    const [b, r, e] = [median(bare), median(run), median(engine)];
    const pct = (ratio: number) => `${((ratio - 1) * 100).toFixed(1)}%`;
    const paired = { run: median(pairs.map((p) => p.run)), engine: median(pairs.map((p) => p.engine)) };
    const row = (loop: string, ms: number, pairedRatio?: number, coldMs?: number, coldRatio?: number) => ({
      loop,
      'ms (median)': ms.toFixed(0),
      'cells/s': (executed / (ms / 1000)).toFixed(0),
      'over bare (median of pairs)': pairedRatio === undefined ? '-' : pct(pairedRatio),
      'over bare (ratio of medians)': pairedRatio === undefined ? '-' : pct(ms / b),
      'cold first round': coldMs === undefined ? '-' : `${coldMs.toFixed(0)} ms${coldRatio === undefined ? '' : ` (${pct(coldRatio)})`}`,
    });
    printRows(`${title}: ${cells.length} cells, ${executed} executed (${rounds.warmup} warm-up + ${rounds.measured} measured rounds)`, [
      row('bare (1 thread; no ledger, classification, workers or report)', b, undefined, cold.bare),
      row(`engine run (--workers ${workers}: scorers, watchdog, ledger)`, r, paired.run, cold.run, cold.run / cold.bare),
      row('engine run + classification + report (md, json, csv, html, stryker, checksums)', e, paired.engine, cold.engine, cold.engine / cold.bare),
    ]);
    console.log(
      `\nengine overhead over the bare loop, everything included: ${pct(paired.engine)} (median of ${rounds.measured} paired rounds; goal: at most ${goals.overheadPct}%: ${verdict((paired.engine - 1) * 100 <= goals.overheadPct)}); engine cells/s: ${(executed / (e / 1000)).toFixed(0)}`,
    );
    if (goals.runAtMostBare) {
      console.log(`engine run with --workers ${workers} against the one-thread bare loop: ${pct(paired.run)} (goal: at or below it, 0.0% or less: ${verdict(paired.run <= 1)})`);
    }
    return { cells: cells.length, executed, bareMs: b, runMs: r, engineMs: e, engineCellsPerS: executed / (e / 1000), overheadPct: (paired.engine - 1) * 100, cold };
  } finally {
    s.done();
  }
}

export const benchFaults = (rounds: Rounds = { warmup: 5, measured: 21 }) => benchApps('apps fault arm', ['faults'], rounds, { overheadPct: 15 });
export const benchSwap = (rounds: Rounds = { warmup: 2, measured: 7 }) =>
  benchApps('apps intent-swap grid (every dev task x every dev task)', ['swap'], rounds, { overheadPct: 10, runAtMostBare: true });
