import type { CommandModule } from 'yargs';
import { existingFolder, jsonOption, MAX_BOOTSTRAP, mutantsLookupOption, triageOption, reporterOption, textOption, wholeNumber, writableFolder } from './options.ts';
import { reportInputs } from './run-report.ts';
import type { Out } from './out.ts';
import { summaryLines } from './summary.ts';
import { breakOnThresholds, thresholdOptions } from './thresholds.ts';

export const mergeCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    reporterOption(thresholdOptions(mutantsLookupOption(triageOption(jsonOption(y)))))
      .positional('runs', { type: 'string', array: true, demandOption: true, describe: 'every shard run folder of the increment, in any order' })
      .option('out', { ...textOption('out'), demandOption: true, describe: 'the merged run folder (new or empty)' })
      .option('bootstrap', { requiresArg: true, coerce: wholeNumber('bootstrap', 0, 'a whole number', MAX_BOOTSTRAP), default: 1000, describe: 'perturbation runs: cluster-bootstrap resamples over tasks for the intervals (0: none)' })
      .example('$0 merge shard-1 shard-2 shard-3 --out reports/merged', 'merge three shards, e.g. CI artifacts downloaded from a matrix job'),
  handler: async (a) => {
    for (const run of a.runs) existingFolder('<runs>', run, 'a shard run folder');
    writableFolder('--out', a.out);
    existingFolder('--mutants', a.mutants, 'a folder of frozen increments', true);
    const [{ mergeShards }, { writeReport }, inputs, { readRunFile }] = await Promise.all([import('../run/merge.ts'), import('../report/write.ts'), reportInputs(a), import('../run/runfile.ts')]);
    const merged = await mergeShards(a.runs, a.out, a.mutants);
    if (merged.redone && !a.json) out.err(`${a.out} held a merge killed before it finished (a ledger without run.json); merged again.`);
    // the shards of a perturbation run: their report is the perturbation arm's
    if ((await readRunFile(a.out))?.agent) return mergedPerturbRun(a, merged, out);
    const written = await writeReport(a.out, { ...inputs, mutants: a.mutants });
    if (a.json) out.log(JSON.stringify({ merged, report: written.report }, null, 2));
    else {
      out.log(`Merged ${merged.shards.length} shards of increment ${merged.increment.id} (${merged.shards.map((s) => `${s.shard}: ${s.cells} cells`).join(', ')}) into ${a.out}.`);
      summaryLines(written.report, a.out).forEach((l) => out.log(l));
    }
    breakOnThresholds(written.report, out.err);
  },
});

async function mergedPerturbRun(a: Record<string, any>, merged: { shards: { shard: string; cells: number }[] }, out: Out): Promise<void> {
  const [{ readEpisodes }, { analysePerturbRun }, render] = await Promise.all([import('../perturb/run.ts'), import('../perturb/analysis.ts'), import('../perturb/render.ts')]);
  // with the set, as \`perturb\` reports it, so a merged run's report is the unsharded one's
  const { records, set } = await readEpisodes(a.out);
  const analysed = analysePerturbRun(records, { bootstrap: a.bootstrap as number, set });
  const lines = await render.reportPerturbRun(a.out, analysed);
  if (a.json) out.log(JSON.stringify({ merged, analysis: analysed }, null, 2));
  else {
    out.log(`Merged ${merged.shards.length} shards (${merged.shards.map((s) => `${s.shard}: ${s.cells} episodes`).join(', ')}) into ${a.out}.`);
    lines.forEach((l) => out.log(l));
  }
}
