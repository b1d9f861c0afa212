import { basename } from 'node:path';
import type { CommandModule } from 'yargs';
import { withTarget } from '../target/registry.ts';
import { existingFolder, notPerturbation, freezeOptionsFrom, prestartNamedTarget, jsonOption, mutantsLookupOption, shardOption, parseSplits, parseUnseal, runOptions, selectionOptions, targetOption, targetSpec, taskOptions, triageOption, reporterOption, runFolder, writableFolder, textOption, storeFolders, notTheOtherStore } from './options.ts';
import type { Out } from './out.ts';
import { announcedRunDir, reportInputs, scoreAndReport } from './run-report.ts';
import { breakOnThresholds, thresholdOptions } from './thresholds.ts';

type Args = Record<string, any>;

export const censusCommand = (out: Out): CommandModule<{}, Args> => ({
  builder: (y) => jsonOption(taskOptions(targetOption(y))),
  handler: async (a) => {
    prestartNamedTarget(a);
    writableFolder('--censuses', a.censuses);
    notTheOtherStore('--censuses', a.censuses);
    const opts = { target: targetSpec(a), splits: parseSplits(a.split), tasks: a.tasks, unseal: parseUnseal(a.unseal, a.reason), censusDir: a.censuses };
    const [{ selectTasks }, { takeIdempotenceCensus }, { storeCensus }] = await Promise.all([
      import('../target/select.ts'),
      import('../census/idempotence.ts'),
      import('../census/store.ts'),
    ]);
    await withTarget(opts.target, { unseal: opts.unseal }, async (target) => {
      const tasks = selectTasks(await target.tasks(), opts);
      const census = await takeIdempotenceCensus(target, tasks.map((t) => t.id));
      const { file, written } = storeCensus(opts.censusDir, census);
      if (a.json) out.log(JSON.stringify({ file, written, ...census }, null, 2));
      else {
        for (const e of census.entries) out.log(`${e.status.padEnd(15)} ${e.task}  ${e.call}  (${e.observation})`);
        out.log(`census ${census.hash.slice(0, 12)} ${written ? 'written to' : 'already stored in'} ${file}`);
      }
    });
  },
});

export const freezeCommand = (out: Out): CommandModule<{}, Args> => ({
  builder: (y) => jsonOption(selectionOptions(targetOption(y))),
  handler: async (a) => {
    prestartNamedTarget(a);
    storeFolders(a);
    const { freeze } = await import('../freeze/freeze.ts');
    const f = await freeze(freezeOptionsFrom(a));
    if (a.json) out.log(JSON.stringify({ dir: f.dir, reused: f.reused, increment: f.increment }, null, 2));
    else out.log(`${f.reused ? 'already frozen' : 'frozen'}: ${f.dir} (${f.increment.manifest.cells} cells, hash ${f.increment.hash.slice(0, 12)})`);
  },
});

export const runCommand = (out: Out): CommandModule<{}, Args> => ({
  builder: (y) =>
    reporterOption(thresholdOptions(shardOption(triageOption(jsonOption(runOptions(y))))))
      .positional('increment', { type: 'string', demandOption: true, describe: 'folder of a frozen increment (mutants/<id>)' })
      .option('out', { ...textOption('out'), describe: 'run folder (default reports/<increment>-<time>); an existing one resumes' }),
  handler: async (a) => {
    // a missing one is named by loadIncrement, with the file it looked for
    existingFolder('<increment>', a.increment, 'a frozen increment folder, mutants/<id>', true);
    // the increment is read (and a perturbation set refused) before a run folder is made for it
    await notPerturbation('<increment>', a.increment, 'increment');
    runFolder('--out', a.out);
    const inputs = await reportInputs(a);
    const runDir = a.out ?? announcedRunDir(basename(String(a.increment)), out, Boolean(a.json));
    await scoreAndReport(out, a, a.increment, runDir, inputs);
  },
});

export const reportCommand = (out: Out): CommandModule<{}, Args> => ({
  builder: (y) => reporterOption(thresholdOptions(mutantsLookupOption(triageOption(jsonOption(y))))).positional('run', { type: 'string', demandOption: true, describe: 'run folder' }),
  handler: async (a) => {
    existingFolder('<run>', a.run, 'a run folder');
    await notPerturbation('<run>', a.run, 'run');
    writableFolder('<run>', a.run);
    existingFolder('--mutants', a.mutants, 'a folder of frozen increments', true);
    const [{ writeReport }, inputs] = await Promise.all([import('../report/write.ts'), reportInputs(a)]);
    const written = await writeReport(a.run, { ...inputs, mutants: a.mutants });
    out.log(a.json ? JSON.stringify(written.report, null, 2) : written.markdown);
    breakOnThresholds(written.report, out.err);
  },
});
