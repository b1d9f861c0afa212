// MiniWoB++ throughput: the same frozen cells scored by the engine with 2
// workers (fresh context, recorder, seeded start, steps, readback, three
// harness verdicts, ledger) and by a bare Playwright loop (one browser, fresh
// context, seeded start, steps, read the reward; nothing recorded).
import { join } from 'node:path';
import { freeze } from '../src/freeze/freeze.ts';
import { loadManifest } from '../src/protocol/increment.ts';
import { runIncrement } from '../src/run/run.ts';
import { findChromium } from '../src/util/browser.ts';
import { locatePackage } from '../targets/miniwob/package.ts';
import { startRuntime } from '../targets/miniwob/runtime.ts';
import { readReward, startEpisode } from '../targets/miniwob/page.ts';
import { runStep } from '../targets/miniwob/episode.ts';
import { splitTaskId } from '../targets/miniwob/target.ts';
import type { Cell } from '../src/contract/cell.ts';
import { printRows, scratch, timed } from './measure.ts';

async function bareLoop(cells: Cell[]): Promise<number> {
  const rt = await startRuntime(locatePackage().html);
  try {
    for (const cell of cells) {
      if (!cell.construction.ok) continue;
      const { task, seed } = splitTaskId(cell.trajectory);
      const context = await rt.browser.newContext();
      context.setDefaultTimeout(3000);
      const page = await context.newPage();
      try {
        await startEpisode(page, `${rt.url}/miniwob/${task}.html`, seed, 9000, false);
        for (const step of cell.construction.steps) await runStep(page, step);
      } catch {
        // an incomplete delivery is scored too: the engine records it and reads the reward
      }
      await readReward(page).catch(() => undefined);
      await context.close();
    }
  } finally {
    await rt.close();
  }
  return cells.filter((c) => c.construction.ok).length;
}

export async function benchMiniwob(workers = 2) {
  const s = scratch();
  try {
    const frozen = await freeze({ target: 'miniwob?seeds=0', splits: ['dev'], mutantsDir: join(s.dir, 'mutants'), censusDir: join(s.dir, 'censuses') });
    const cells = await loadManifest(frozen.dir, frozen.increment);
    const executed = cells.filter((c) => c.construction.ok).length;
    const engine = await timed(() => runIncrement({ incrementDir: frozen.dir, runDir: join(s.dir, 'run'), workers, limitMs: 10_000 }));
    const bare = await timed(() => bareLoop(cells));
    const [e, b] = [executed / (engine.ms / 1000), executed / (bare.ms / 1000)];
    printRows(`miniwob cells, seed 0 of every covered task (${findChromium()})`, [
      { runner: `blindspot engine, ${workers} workers`, cells: executed, 'wall ms': engine.ms.toFixed(0), 'cells/s': e.toFixed(2) },
      { runner: 'bare Playwright loop, 1 browser', cells: executed, 'wall ms': bare.ms.toFixed(0), 'cells/s': b.toFixed(2) },
    ]);
    console.log(`\nengine / bare loop: ${(e / b).toFixed(2)}x (the engine also reads back, judges three harnesses and writes a hash-chained ledger)`);
    return { cells: executed, engineCellsPerS: e, bareCellsPerS: b };
  } finally {
    s.done();
  }
}
