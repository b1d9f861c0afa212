// Live-browser throughput: servicedesk cells (fresh context, per-episode user,
// deliver, Table API readback, validator, teardown with residue check) through
// the engine with 2 workers, on the run's own instance (its target-state folder).
import { join } from 'node:path';
import { freeze } from '../src/protocol/freeze.ts';
import { loadManifest } from '../src/protocol/increment.ts';
import { runIncrement } from '../src/run/run.ts';
import { findChromium } from '../src/util/browser.ts';
import { printRows, scratch, timed } from './measure.ts';

export async function benchBrowser(workers = 2) {
  const s = scratch();
  try {
    const frozen = await freeze({
      target: 'servicedesk',
      families: ['omit-field', 'no-submit'],
      splits: ['dev'],
      mutantsDir: join(s.dir, 'mutants'),
      censusDir: join(s.dir, 'censuses'),
    });
    const cells = await loadManifest(frozen.dir, frozen.increment);
    const executed = cells.filter((c) => c.construction.ok).length;
    const { ms } = await timed(() => runIncrement({ incrementDir: frozen.dir, runDir: join(s.dir, 'run'), workers, limitMs: 10_000 }));
    const rate = executed / (ms / 1000);
    printRows(`servicedesk browser cells (${findChromium()})`, [
      { workers, cells: executed, 'wall ms': ms.toFixed(0), 'cells/s': rate.toFixed(2), 'ms/cell per worker': ((ms * workers) / executed).toFixed(0) },
    ]);
    console.log(`\nbrowser cells/s goal with 2 workers: at least 3 (the paper's live cells took about 71 s each)`);
    return { cells: executed, ms, cellsPerS: rate };
  } finally {
    s.done();
  }
}
