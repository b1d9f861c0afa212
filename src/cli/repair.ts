import type { CommandModule } from 'yargs';
import { PATCHES } from '../contract/repair.ts';
import { existingFolder, jsonOption, notPerturbation, mutantsLookupOption, oneOf, progressOption, timeLimitOption, triageOption, workersOption, writableFolder } from './options.ts';
import type { Out } from './out.ts';
import { join } from 'node:path';
import { shownPath } from '../util/shown-path.ts';
import type { RegradeScoring } from '../repair/refreeze.ts';

export const repairCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    triageOption(mutantsLookupOption(jsonOption(y)))
      .positional('run', { type: 'string', demandOption: true, describe: 'run folder of a finished audit' })
      .option('patch', {
        choices: PATCHES,
        // without it `--patch` alone reaches the coercion as true: "unknown value 'true'"
        requiresArg: true,
        coerce: oneOf('patch', PATCHES),
        demandOption: true,
        describe:
          'cardinality: assert len(added_x) == N on TypeScript checker copies (AgentDojo: count-blind any() in Python, with LibCST) and regrade; ' +
          'empty-turn: BFCL, judge a turn whose ground truth is empty; count-guard / scope-guard: wrap the shipped verdict with a readback check (any target); ' +
          'threshold: regrade with the strictest checker of each episode (targets with several checkers per episode, e.g. miniwob: raw reward = 1). ' +
          'Python patches also write upstream.diff (needs `bash scripts/setup-python.sh repair`)',
      })
      .option('workers', workersOption(0, 'parallel workers for the regrade (0 scores in the main thread)'))
      .option('time-limit', timeLimitOption('per-cell time limit in ms for the regrade'))
      // a regrade scores every cell of the run again: minutes on a bridge target
      .option('progress', progressOption)
      .example('$0 repair reports/apps-1 --patch cardinality', 'patch copies of the implicated checkers and regrade the frozen cells')
      .example('$0 repair reports/apps-1 --patch count-guard --json', 'what a row-count guard would catch, as JSON')
      .example('$0 repair reports/bfcl-2026.3.23/miss_func --patch empty-turn', 'patch a copy of BFCL\'s multi-turn checker, regrade, write upstream.diff')
      .example('$0 repair reports/miniwob-1.1.0/run --patch threshold', 'regrade MiniWoB cells with full credit as the success threshold')
      .epilogue('Exits 1 when a control (a task\'s reference) fails under the patched checkers: the patch rejects correct work.'),
  handler: async (a) => {
    // a missing one is named by the repair, with the run.json it looked for
    existingFolder('<run>', a.run, 'a run folder of a finished audit', true);
    await notPerturbation('<run>', a.run, 'run');
    writableFolder('<run>', a.run);
    existingFolder('--mutants', a.mutants, 'a folder of frozen increments', true);
    const [{ repair }, { headline, movedLines }, { loadTriage }] = await Promise.all([import('../repair/repair.ts'), import('../repair/render.ts'), import('../triage/triage.ts')]);
    const triage = loadTriage(a.triage);
    // the last regrade's (a Python rewrite regrades again after taking the patch out of a checker a control fails)
    let scoring: RegradeScoring | undefined;
    const result = await repair({
      runDir: a.run,
      patch: a.patch,
      workers: a.workers,
      limitMs: a['time-limit'],
      progress: Boolean(a.progress) && !a.json,
      mutants: a.mutants,
      scored: (s) => (scoring = s),
      triage,
    });
    if (a.json) out.log(JSON.stringify(result, null, 2));
    else {
      [...movedLines(result), ...headline(result)].forEach((l) => out.log(l));
      if (scoring) out.log(regradeLine(scoring));
      out.log(`Written: ${join(a.run, 'repair', a.patch)}/ (result.json, repair.md, repair.html, flips.csv)`);
    }
    if (result.controls.broken.length) process.exitCode = 1;
  },
});

/**
 * Whether the regrade scored its cells or found them scored, as audit says of a
 * run it resumes: a repair run again on the same copies reuses the regrade, and
 * the regrade's run.json records that session as every resumed run's does.
 */
function regradeLine(s: RegradeScoring): string {
  const where = `${shownPath(s.runDir)} (increment ${s.incrementId})`;
  if (!s.alreadyScored) return `Regrade: scored ${s.scoredNow} cells into ${where}.`;
  if (!s.scoredNow) return `Regrade: reused ${where}: its ${s.total} cells were scored by an earlier repair on the same copies; none was scored again.`;
  return `Regrade: resumed ${where}: scored ${s.scoredNow} cells (${s.alreadyScored} already in the ledger) of ${s.total}.`;
}
