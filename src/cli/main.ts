// Start-up: every module imported here (and by the command files) loads before
// any command runs, `--help` and `targets` included. Command files therefore
// import only yargs, options.ts and light helpers at the top, and their handlers
// import the engine (ts-morph, playwright, SQLite, execa...) when they run;
// `npm run bench -- startup` measures the result.
import yargs, { type Argv } from 'yargs';
import { fsProblem, InputError } from '../util/errors.ts';
import { removeEmptyMadeDirs } from '../util/made-dirs.ts';
import { phaseEnded } from '../util/phase.ts';
import { auditCommand } from './audit.ts';
import { rerunCommand } from './rerun.ts';
import { targetCheckCommand } from './target-check.ts';
import { repairCommand } from './repair.ts';
import { guardCommand } from './guard.ts';
import { triageCommand } from './triage.ts';
import { mergeCommand } from './merge.ts';
import { consequenceCommand } from './consequence.ts';
import { perturbCommand } from './perturb.ts';
import { initCommand } from './init.ts';
import { censusCommand, freezeCommand, reportCommand, runCommand, targetsCommand } from './stages.ts';
import { VERSION } from '../util/version.ts';
import type { Out } from './out.ts';
import { registerTargets } from '../target/registry.ts';
import { targetList } from '../../targets/index.ts';

// The composition root: the built-in targets become known by name here.
registerTargets(targetList);

const stdio: Out = { log: (s) => process.stdout.write(s + '\n'), err: (s) => process.stderr.write(s + '\n') };

function buildCli(argv: string[], out: Out): Argv {
  return yargs(argv)
    .scriptName('blindspot')
    // words after `--` are a protocol target's command, kept apart from blindspot's own
    .parserConfiguration({ 'populate--': true })
    .usage(
      '$0 <command> [options]\n\nAudits the checkers of agent benchmarks by mutation testing: applies a fault grammar to each task\'s reference trajectory, ' +
        'delivers every mutant to a fresh environment, asks the benchmark\'s own checker, and reads the effect back independently. ' +
        'A Pass on a proven-wrong effect is a confirmed false accept; a cell whose effect differs only where the target declares its application does not care ' +
        '(log tables, set duplicates, ignored or normalised columns) is immaterial and never counted as one. ' +
        'Arms: faults (the paper\'s census), floor (do-nothing agent), swap (intent swap), search (composed mutation plans shrunk to minimal mutants). ' +
        'Findings can be dismissed or accepted with a reason in a triage file kept beside the benchmark (blindspot triage).',
    )
    .command(auditCommand(out))
    .command(censusCommand(out))
    .command(freezeCommand(out))
    .command(runCommand(out))
    .command(reportCommand(out))
    .command(mergeCommand(out))
    .command(targetsCommand(out))
    .command(rerunCommand(out))
    .command(targetCheckCommand(out))
    .command(repairCommand(out))
    .command(guardCommand(out))
    .command(triageCommand(out))
    .command(consequenceCommand(out))
    .command(perturbCommand(out))
    .command(initCommand(out))
    .demandCommand(1, 'name a command; try `blindspot audit --target apps`')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version('version', 'Show the version', VERSION)
    .alias('v', 'version')
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .exitProcess(false)
    .fail((msg, err) => {
      // yargs reports bad flags (and errors thrown by an option's coerce) as a
      // YError: bad input, one line, exit 2; anything else keeps its stack.
      if (err && err.name !== 'YError') throw err;
      throw new InputError(msg ?? err.message);
    });
}

/** Returns the exit code: 0 done, 2 bad input (or a path or disk the command cannot use), 130 interrupted, 1 anything else. */
export async function main(argv: string[], out: Out = stdio): Promise<number> {
  phaseEnded('start-up');
  // Output piped into `head` and closed early is not an error of ours.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode === undefined ? 0 : Number(process.exitCode));
  });
  try {
    const cli = buildCli(argv, out);
    await cli.parseAsync();
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (e) {
    removeEmptyMadeDirs();
    // Bad input, or a path or machine the command cannot use: one line, exit 2; the stack only on request.
    const problem = e instanceof InputError ? e.message : fsProblem(e);
    if (problem !== undefined) {
      out.err(`blindspot: ${problem}`);
      if (process.env.BLINDSPOT_DEBUG === '1') out.err((e as Error).stack ?? String(e));
      return 2;
    }
    out.err(`blindspot: internal error: ${(e as Error).stack ?? e}`);
    return 1;
  }
}
