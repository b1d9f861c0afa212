import { basename, extname, join } from 'node:path';
import { makeDir } from '../util/made-dirs.ts';
import { phaseEnded } from '../util/phase.ts';
import { randomBytes } from 'node:crypto';
import { runSettings } from './options.ts';
import { parseTargetSpec } from '../target/registry.ts';
import { isModulePath } from '../util/user-module.ts';
import type { ReportOptions } from '../report/write.ts';
import { formatShard, type Shard } from '../run/shard.ts';
import { breakOnThresholds, thresholdsFrom } from './thresholds.ts';
import type { Out } from './out.ts';
import type { Target } from '../contract/target.ts';

/**
 * A new run folder `reports/<prefix>-<time>-<random>`, created here so that two
 * commands started in the same second never share one.
 */
export function defaultRunDir(prefix: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  for (;;) {
    const dir = join('reports', `${prefix.replace(/[^A-Za-z0-9._-]+/g, '-')}-${stamp}-${randomBytes(3).toString('hex')}`);
    try {
      makeDir(dir, { exclusive: true });
      return dir;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/**
 * defaultRunDir, named as soon as it is made: a run killed before its summary is
 * resumed with --out and this folder, which its user could otherwise only guess
 * among the others under reports/. With --json, nothing but the JSON is printed.
 */
export function announcedRunDir(prefix: string, out: Out, json: boolean): string {
  const dir = defaultRunDir(prefix);
  if (!json) out.log(`Run folder: ${dir} (if the run is stopped, the same command with --out ${dir} resumes it)`);
  return dir;
}

/** A run folder's name for a target: a module target by its file's name (`my-target`, not `.-my-target.ts`). */
export function runPrefix(target: string): string {
  const { name } = parseTargetSpec(target);
  return isModulePath(name) ? basename(name, extname(name)) : name;
}

type ReportInputs = Omit<ReportOptions, 'mutants'>;

/** The triage file, thresholds and reporters (--triage, --config, --threshold-*, --reporter) the report will use: read before any scoring, so a bad one costs nothing. */
export async function reportInputs(a: Record<string, any>): Promise<ReportInputs> {
  const { loadTriage } = await import('../triage/triage.ts');
  const files = (a.reporter ?? []) as string[];
  const reporters = files.length ? await (await import('../report/plugins.ts')).loadReporters(files) : undefined;
  return { triage: loadTriage(a.triage), thresholds: await thresholdsFrom(a), ...(reporters ? { reporters } : {}) };
}

/** The tail shared by `run` and `audit`: score, write the report, say where it is. */
export async function scoreAndReport(out: Out, a: Record<string, any>, incrementDir: string, runDir: string, inputs: ReportInputs, target?: Target): Promise<void> {
  // The report's renderers load once the scoring is done, not before the first cell.
  const { runIncrement } = await import('../run/run.ts');
  const shard = a.shard as Shard | undefined;
  const result = await runIncrement({ incrementDir, runDir, ...runSettings(a), ...(shard ? { shard } : {}), ...(target ? { target } : {}) });
  phaseEnded('scoring');
  if (shard) {
    // A shard's ledger holds a share of the cells: its report would read every other cell as missing.
    const line = `Shard ${formatShard(shard)}: scored ${result.scoredNow} cells (${result.alreadyScored} already in the ledger) of the ${result.total} in this shard, into ${runDir}.`;
    if (a.json) out.log(JSON.stringify({ runDir, shard: formatShard(shard), increment: result.increment.id, status: result.status, scored: result.scoredNow, alreadyScored: result.alreadyScored, total: result.total }, null, 2));
    else out.log(`${line} When every shard is done: blindspot merge <shard folders...> --out <dir>`);
    if (result.status === 'interrupted') process.exitCode = 130;
    return;
  }
  const { writeReport } = await import('../report/write.ts');
  const written = await writeReport(runDir, inputs);
  phaseEnded('report');
  // the report as report.json holds it, and where it is: a default run folder's name is made here, known to no script
  if (a.json) out.log(JSON.stringify({ ...written.report, ...(written.runs ? { runs: written.runs } : {}), runDir, incrementDir }, null, 2));
  else {
    // with the report's modules, not before the first cell (summary.ts reads the report's sections)
    const { summaryLines } = await import('./summary.ts');
    out.log(
      `Scored ${result.scoredNow} cells (${result.alreadyScored} already in the ledger) of ${result.total}` +
        (result.derived ? ` in the manifest, plus ${result.derived} derived while shrinking search findings.` : '.'),
    );
    summaryLines(written.report, runDir, written.runs).forEach((l) => out.log(l));
  }
  if (result.status === 'interrupted') process.exitCode = 130;
  breakOnThresholds(written.report, out.err);
}
