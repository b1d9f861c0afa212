import type { CommandModule } from 'yargs';
import { DEFAULT_TARGET, freezeOptionsFrom, prestartNamedTarget, jsonOption, runOptions, selectionOptions, shardOption, targetOption, triageOption, reporterOption, runFolder, textOption, storeFolders } from './options.ts';
import { thresholdOptions } from './thresholds.ts';
import { announcedRunDir, reportInputs, runPrefix, scoreAndReport } from './run-report.ts';
import type { Out } from './out.ts';
import type { Target } from '../contract/target.ts';
import { phaseEnded } from '../util/phase.ts';
import { InputError } from '../util/errors.ts';

export const auditCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    reporterOption(thresholdOptions(shardOption(triageOption(jsonOption(runOptions(selectionOptions(targetOption(y))))))))
      .option('out', {
        ...textOption('out'),
        describe: 'run folder (default reports/<target>-<time>, a module target by its file name); an existing run folder is resumed, and refused if a selection flag given differs from it',
      })
      .example('$0 audit --target apps', 'audit every dev task of the embedded apps target')
      .example('$0 audit --target apps --out reports/mine', 'run into reports/mine, or resume it if it was interrupted')
      .example('$0 audit --target agentdojo --suite banking --arms runs --runs <agentdojo>/runs', "replay AgentDojo's recorded agent runs and judge each by its effect")
      .epilogue(
        'The runs arm (--arms runs --runs <folder or file>) replays recorded agent runs: AgentDojo\'s runs/ folder as it is, or blindspot JSON lines ' +
          '({task, pipeline, verdict, messages} per line, OpenAI-style tool_calls; docs/protocol.md, "Recorded runs"). Each run is delivered fresh with its ' +
          'calls in order (rejected calls answered with their error, as recorded), read back, and regraded by the checker of the benchmark version it was ' +
          'recorded under. A run whose regrade differs from its recorded verdict is not reproduced and never a finding. A reproduced run is judged by its ' +
          'effect against the reference under the same version, in the target\'s material view (log tables, sets, ignored, normalised and aliased columns), ' +
          'with what the task leaves open set apart (free arguments, and arguments the target declares open unless the prompt quotes them): ' +
          'real false accept (Pass on an effect that differs in what the task determines), real false reject (Fail on the reference\'s effect with the ' +
          'reference answer), correct pass, correct fail, needs review (listed, never counted). The report gives per pipeline the recorded, regraded and ' +
          'corrected utility with 95% Clopper-Pearson intervals and the orders the corrections reverse; `blindspot consequence` pools several run folders.',
      ),
  handler: async (a) => {
    prestartNamedTarget(a);
    const [{ freeze }, { readRunFile }, { loadIncrement, CheckerChanged }, { refuseChangedIntent }, { locateIncrement }] = await Promise.all([
      import('../freeze/freeze.ts'),
      import('../run/runfile.ts'),
      import('../protocol/increment.ts'),
      import('./resume.ts'),
      import('../run/locate.ts'),
    ]);
    phaseEnded('engine load');
    // Every flag and file is checked before anything is created: a refused audit
    // leaves no run folder, census or increment behind.
    runFolder('--out', a.out);
    storeFolders(a);
    const inputs = await reportInputs(a);
    const existing = a.out === undefined ? undefined : await readRunFile(a.out);
    let incrementDir: string;
    let target: Target | undefined;
    if (existing) {
      incrementDir = locateIncrement(a.out, existing, a.mutants);
      await refuseChangedIntent(a, await loadIncrement(incrementDir));
      if (!a.json) out.log(`Resuming run ${a.out} (increment ${existing.increment.id}).`);
    } else {
      const frozen = await freeze({ ...freezeOptionsFrom(a), keepOpen: true });
      ({ target } = frozen);
      incrementDir = frozen.dir;
      phaseEnded('freeze');
      if (!a.json) {
        if (frozen.census) out.log(`Census: ${frozen.census.file}`);
        out.log(`Increment ${frozen.reused ? '(already frozen)' : 'frozen'}: ${frozen.dir} (${frozen.increment.manifest.cells} cells)`);
      }
    }
    try {
      await scoreAndReport(out, a, incrementDir, a.out ?? announcedRunDir(runPrefix(a.target ?? DEFAULT_TARGET), out, Boolean(a.json)), inputs, target);
    } catch (e) {
      // Rerunning an audit into the same --out after fixing a checker resumes the
      // old run, whose increment fixes the old checkers: a new increment alone
      // would not help, a new run folder does.
      if (existing && e instanceof CheckerChanged) {
        throw new InputError(`--out ${a.out}: this run audits the checkers frozen in increment ${e.increment}, and they changed since (${e.changed}); audit the current ones into another --out, or remove this folder`);
      }
      throw e;
    } finally {
      await target?.close();
    }
  },
});
