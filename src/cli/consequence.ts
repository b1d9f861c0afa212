import type { CommandModule } from 'yargs';
import { existingFolder, jsonOption, notPerturbation, triageOption, writableFolder, textOption } from './options.ts';
import type { Out } from './out.ts';

export const consequenceCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    triageOption(jsonOption(y))
      .positional('runs', { type: 'string', array: true, demandOption: true, describe: 'run folder(s); several are pooled, each generator counted once' })
      .option('scores', {
        ...textOption('scores'),
        describe:
          'published scores: CSV with a configuration,split,score header, or a JSON array of such objects; a score is a fraction in [0,1] or a percentage like 88.66%. ' +
          'Optional for recorded-runs audits (--arms runs), whose observed corrections are reported per pipeline, pooled over the runs given',
      })
      .option('family', { ...textOption('family'), describe: 'fault family whose budget is alpha (default: any family)' })
      .option('out', { ...textOption('out'), describe: 'folder for consequence.json and consequence.md (default: the run folder; required with several runs)' })
      .epilogue(
        'Budgets. alpha: generators with a confirmed false accept (not dismissed by triage) over generators with a confirmed wrong effect, in the chosen ' +
          'family; beta: generators with a failing control over generators with a scored control. Each is read twice: the observed ratio, and the one-sided ' +
          '95% Clopper-Pearson upper bound on the same generator counts (never cells). A published score q becomes the interval ' +
          '[max(0,(q-alpha)/(1-alpha)), min(1,q/(1-beta))]; a pair survives when its intervals do not overlap.\n\n' +
          'Observed corrections. A run folder of a recorded-runs audit (runs.json) adds, beside the budgets, what real agents\' runs showed: per pipeline ' +
          '(pooled over every such run given, e.g. one per suite) the recorded and the corrected utility, the orders they reverse and the top-1.\n\n' +
          'The budgets are assumptions, not estimates: they treat what the audited constructions showed as a bound on the checkers\' errors on real agents\' ' +
          'work, which is assumed, not shown, and the generators are a fixed census, not a sample. An overlap does not show that an order is wrong.',
      ),
  handler: async (a) => {
    for (const run of a.runs) {
      existingFolder('<runs>', String(run), 'a run folder');
      await notPerturbation('<runs>', String(run), 'run');
    }
    writableFolder('--out', a.out);
    const [{ consequence }, { loadTriage }] = await Promise.all([import('../consequence/consequence.ts'), import('../triage/triage.ts')]);
    const done = await consequence({ runs: a.runs.map(String), scores: a.scores, family: a.family, triage: loadTriage(a.triage), out: a.out });
    const written = done.files.map((f) => `${done.dir}/${f}`);
    // as audit --json names its run folder beside the report: the result as consequence.json holds it, and where the files went
    out.log(a.json ? JSON.stringify({ ...done.result, dir: done.dir, files: written }, null, 2) : done.markdown);
    if (!a.json) out.err(`written: ${written.join(', ')}`);
  },
});
