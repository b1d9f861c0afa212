// The embedded apps target through the engine (main thread + workers, ledger,
// classification, report) against a bare loop over the same cells in this
// thread (fresh episode, deliver, read back, check; nothing else), measured in
// the same run. Both start warm: module loading and the world snapshot are paid
// once before timing, as they are once per process in real use.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freeze, type ArmName } from '../src/protocol/freeze.ts';
import { loadManifest } from '../src/protocol/increment.ts';
import { runIncrement } from '../src/run/run.ts';
import { writeReport } from '../src/report/write.ts';
import { openTarget } from '../src/target/registry.ts';
import { API_FAMILIES } from '../src/grammar/api.ts';
import type { Cell } from '../src/protocol/cell.ts';
import { median, printRows, scratch, timed } from './measure.ts';

async function bareLoop(cells: Cell[]): Promise<number> {
  const target = await openTarget('apps');
  try {
    const { ms } = await timed(async () => {
      for (const cell of cells) {
        if (!cell.construction.ok) continue;
        const ep = await target.episode();
        await ep.deliver({ task: cell.trajectory, steps: cell.construction.steps });
        await ep.readback();
        await ep.check(cell.checker);
        await ep.close();
      }
    });
    return ms;
  } finally {
    await target.close();
  }
}

async function benchApps(title: string, arms: ArmName[], rounds: number) {
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
    await bareLoop(cells);
    const bare: number[] = [];
    const run: number[] = [];
    const engine: number[] = [];
    for (let r = 0; r < rounds; r++) {
      bare.push(await bareLoop(cells));
      const runDir = join(s.dir, `run-${r}`);
      const scored = await timed(() => runIncrement({ incrementDir: frozen.dir, runDir, workers, limitMs: 10_000 }));
      const reported = await timed(() => writeReport(runDir));
      run.push(scored.ms);
      engine.push(scored.ms + reported.ms);
    }
    const [b, r, e] = [median(bare), median(run), median(engine)];
    const pct = (x: number) => `${((x / b - 1) * 100).toFixed(1)}%`;
    printRows(`${title}: ${cells.length} cells, ${executed} executed (${rounds} rounds, median)`, [
      { loop: 'bare (1 thread; no ledger, classification, workers or report)', ms: b.toFixed(0), 'cells/s': (executed / (b / 1000)).toFixed(0), 'over bare': '-' },
      { loop: `engine run (--workers ${workers}: scorers, watchdog, ledger)`, ms: r.toFixed(0), 'cells/s': (executed / (r / 1000)).toFixed(0), 'over bare': pct(r) },
      { loop: 'engine run + classification + report (md, json, csv, html, stryker, checksums)', ms: e.toFixed(0), 'cells/s': (executed / (e / 1000)).toFixed(0), 'over bare': pct(e) },
    ]);
    console.log(`\nengine overhead over the bare loop, everything included: ${pct(e)} (goal: at most 30%); engine cells/s goal: at least 500`);
    return { cells: cells.length, executed, bareMs: b, runMs: r, engineMs: e, engineCellsPerS: executed / (e / 1000), overheadPct: (e / b - 1) * 100 };
  } finally {
    s.done();
  }
}

export const benchFaults = (rounds = 9) => benchApps('apps fault arm', ['faults'], rounds);
export const benchSwap = (rounds = 5) => benchApps('apps intent-swap grid (every dev task x every dev task)', ['swap'], rounds);
