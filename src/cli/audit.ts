import type { CommandModule } from 'yargs';
import { join } from 'node:path';
import { freeze } from '../protocol/freeze.ts';
import { runIncrement } from '../run/run.ts';
import { readRunFile } from '../run/runfile.ts';
import { writeReport } from '../report/write.ts';
import { checkWorkers, jsonOption, runOptions, selectionOptions, targetOption } from './options.ts';
import { freezeOptionsFrom } from './stages.ts';
import { summaryLines } from './summary.ts';
import type { Out } from './main.ts';
import { resolve } from 'node:path';

export function defaultRunDir(prefix: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  return join('reports', `${prefix}-${stamp}`);
}

export const auditCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  command: 'audit',
  describe: 'census, freeze, run and report in one go; with --out on an interrupted run folder, resume it',
  builder: (y) =>
    jsonOption(runOptions(selectionOptions(targetOption(y))))
      .option('out', { type: 'string', describe: 'run folder (default reports/<target>-<time>); an existing run folder is resumed' })
      .example('$0 audit --target apps', 'audit every dev task of the embedded apps target')
      .example('$0 audit --target apps --out reports/mine', 'run into reports/mine, or resume it if it was interrupted'),
  handler: async (a) => {
    const runDir = a.out ?? defaultRunDir(a.target);
    const existing = await readRunFile(runDir);
    let incrementDir: string;
    if (existing) {
      incrementDir = resolve(runDir, existing.increment.dir);
      if (!a.json) out.log(`Resuming run ${runDir} (increment ${existing.increment.id}).`);
    } else {
      const frozen = await freeze(freezeOptionsFrom(a));
      incrementDir = frozen.dir;
      if (!a.json) {
        if (frozen.census) out.log(`Census: ${frozen.census.file}`);
        out.log(`Increment ${frozen.reused ? '(already frozen)' : 'frozen'}: ${frozen.dir} (${frozen.increment.manifest.cells} cells)`);
      }
    }
    const result = await runIncrement({
      incrementDir,
      runDir,
      workers: checkWorkers(a.workers),
      limitMs: a['time-limit'],
      progress: a.progress && !a.json,
    });
    const written = await writeReport(runDir);
    if (a.json) out.log(JSON.stringify(written.report, null, 2));
    else {
      out.log(`Scored ${result.scoredNow} cells (${result.alreadyScored} already in the ledger) of ${result.total}.`);
      summaryLines(written.report, runDir).forEach((l) => out.log(l));
    }
    if (result.status === 'interrupted') process.exitCode = 130;
  },
});
