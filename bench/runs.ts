// The recorded-runs arm on AgentDojo's published runs: the engine (freeze's cells
// scored through the pool with its ledger, then judged and reported) against a
// bare loop over the same cells through the same bridge in this process (fresh
// episode, deliver, read back, check; nothing else), alternating rounds in one
// run. Goal: the engine within 25% of the bare loop. BENCH_RUNS_SUITE picks the
// suites (default all four: one suite alone is too little work to hide the engine's
// fixed costs, a bridge per worker and the report); the archive is
// ../shared/data/agentdojo-runs/.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { freeze } from '../src/freeze/freeze.ts';
import { loadManifest } from '../src/protocol/increment.ts';
import { runIncrement } from '../src/run/run.ts';
import { writeReport } from '../src/report/write.ts';
import * as agentdojo from '../targets/agentdojo/index.ts';
import { bareLoop, median, printRows, scratch, timed } from './measure.ts';

export const RUNS_ARCHIVE = resolve(agentdojo.REPO_ROOT, '..', 'shared', 'data', 'agentdojo-runs', 'runs-none.tar.gz');


export async function benchRuns(rounds = 3): Promise<void> {
  const title = 'Recorded runs (AgentDojo published runs): engine vs bare loop';
  if (!existsSync(agentdojo.python())) return void console.log(`\n## ${title}\n\nskipped: no venv at ${agentdojo.python()}; run \`${agentdojo.SETUP}\``);
  if (!existsSync(RUNS_ARCHIVE)) return void console.log(`\n## ${title}\n\nskipped: no archive at ${RUNS_ARCHIVE}`);
  const suite = process.env.BENCH_RUNS_SUITE ?? 'banking,slack,travel,workspace';
  const s = scratch();
  try {
    execFileSync('tar', ['-xzf', RUNS_ARCHIVE, '-C', s.dir]);
    // every suite's runs: the other suites' are excluded at freeze, never delivered
    const runsDir = join(s.dir, 'runs');
    const spec = `agentdojo?suite=${suite}`;
    const frozen = await freeze({ target: spec, arms: ['runs'], runs: runsDir, splits: ['dev'], mutantsDir: join(s.dir, 'm'), censusDir: join(s.dir, 'c') });
    const cells = (await loadManifest(frozen.dir, frozen.increment)).filter((c) => c.construction.ok);
    let n = 0;
    const engineRound = async (workers: number) => {
      const runDir = join(s.dir, `run-${n++}`);
      const { ms } = await timed(async () => {
        await runIncrement({ incrementDir: frozen.dir, runDir, workers, limitMs: 60_000 });
        await writeReport(runDir);
      });
      return ms;
    };
    const bare: number[] = [];
    const one: number[] = [];
    const two: number[] = [];
    for (let r = 0; r < rounds; r++) {
      bare.push(await bareLoop(spec, cells));
      one.push(await engineRound(1));
      two.push(await engineRound(2));
    }
    const rate = (ms: number) => ((cells.length * 1000) / ms).toFixed(1);
    const over = (ms: number) => ((ms / median(bare) - 1) * 100).toFixed(1);
    printRows(`${title} (${suite}: ${cells.length} cells, runs and their references; medians of ${rounds} rounds)`, [
      { mode: 'bare loop (one bridge, this thread)', 'cells/s': rate(median(bare)), 'over bare': '', goal: '', met: '' },
      { mode: 'engine, 1 worker (ledger, judge, report)', 'cells/s': rate(median(one)), 'over bare': `${over(median(one))}%`, goal: '<= 25%', met: median(one) <= 1.25 * median(bare) ? 'yes' : 'NO' },
      { mode: 'engine, 2 workers', 'cells/s': rate(median(two)), 'over bare': `${over(median(two))}%`, goal: '', met: '' },
    ]);
  } finally {
    s.done();
  }
}
