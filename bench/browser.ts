// Live-browser throughput: servicedesk cells (fresh context, per-episode user,
// deliver, Table API readback, validator, teardown with residue check) through
// the engine with 2 workers, on the run's own instance (its target-state folder),
// once per validation schedule: final validates once per cell, per-step after
// every step (and stops at the first validation that is done), so the two cost
// differently. The families include the extra-field pair, the cells whose
// verdicts the schedules disagree on.
import { join } from 'node:path';
import { freeze } from '../src/freeze/freeze.ts';
import { loadManifest } from '../src/protocol/increment.ts';
import { runIncrement } from '../src/run/run.ts';
import { findChromium } from '../src/util/browser.ts';
import type { Schedule } from '../src/target/schedule.ts';
import { printRows, scratch, timed } from './measure.ts';

const FAMILIES = ['omit-field', 'no-submit', 'extra-field', 'extra-field-submit'];

async function benchSchedule(schedule: Schedule, workers: number) {
  const s = scratch();
  try {
    const frozen = await freeze({
      target: `servicedesk?validate=${schedule}`,
      families: FAMILIES,
      splits: ['dev'],
      mutantsDir: join(s.dir, 'mutants'),
      censusDir: join(s.dir, 'censuses'),
    });
    const cells = await loadManifest(frozen.dir, frozen.increment);
    const executed = cells.filter((c) => c.construction.ok).length;
    const { ms } = await timed(() => runIncrement({ incrementDir: frozen.dir, runDir: join(s.dir, 'run'), workers, limitMs: 10_000 }));
    return { schedule, workers, cells: executed, ms, cellsPerS: executed / (ms / 1000) };
  } finally {
    s.done();
  }
}

export async function benchBrowser(workers = 2) {
  const rows = [];
  for (const schedule of ['final', 'per-step'] as const) rows.push(await benchSchedule(schedule, workers));
  printRows(`servicedesk browser cells per validation schedule (${findChromium()})`, rows.map((r) => ({
    schedule: r.schedule,
    workers: r.workers,
    cells: r.cells,
    'wall ms': r.ms.toFixed(0),
    'cells/s': r.cellsPerS.toFixed(2),
    'ms/cell per worker': ((r.ms * r.workers) / r.cells).toFixed(0),
  })));
  console.log(`\nbrowser cells/s goal with 2 workers: at least 3 under either schedule (the paper's live cells took about 71 s each)`);
  return rows;
}
