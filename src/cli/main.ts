// Start-up: every module imported here loads before any command runs, `--help`
// and `targets` included. A command's module (with options.ts and what its
// builder needs) loads only when its name is on the command line; the others are
// listed from their heads (commands.ts). Command files import light helpers at
// the top, and their handlers import the engine (ts-morph, playwright, SQLite,
// execa...) when they run; `npm run bench -- startup` measures the result.
import yargs, { type Argv, type CommandModule } from 'yargs';
import { fsProblem, InputError } from '../util/errors.ts';
import { forgetMadeDirs, removeEmptyMadeDirs } from '../util/made-dirs.ts';
import { phaseEnded } from '../util/phase.ts';
import { HEADS, type CommandName } from './commands.ts';
import { VERSION } from '../util/version.ts';
import type { Out } from './out.ts';
import { registerTargets } from '../target/registry.ts';
import { targetList } from '../../targets/index.ts';

// The composition root: the built-in targets become known by name here.
registerTargets(targetList);

type Command = (out: Out) => CommandModule<{}, any>;
/** The part of yargs' undeclared internals that buildCli touches. */
type YargsInternals = { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } };

const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  audit: async () => (await import('./audit.ts')).auditCommand,
  census: async () => (await import('./stages.ts')).censusCommand,
  freeze: async () => (await import('./stages.ts')).freezeCommand,
  run: async () => (await import('./stages.ts')).runCommand,
  report: async () => (await import('./stages.ts')).reportCommand,
  merge: async () => (await import('./merge.ts')).mergeCommand,
  targets: async () => (await import('./targets.ts')).targetsCommand,
  rerun: async () => (await import('./rerun.ts')).rerunCommand,
  target: async () => (await import('./target-check.ts')).targetCheckCommand,
  repair: async () => (await import('./repair.ts')).repairCommand,
  guard: async () => (await import('./guard.ts')).guardCommand,
  triage: async () => (await import('./triage.ts')).triageCommand,
  consequence: async () => (await import('./consequence.ts')).consequenceCommand,
  perturb: async () => (await import('./perturb.ts')).perturbCommand,
  init: async () => (await import('./init.ts')).initCommand,
};

const nameOf = (head: { command: string }) => head.command.split(' ')[0];

/**
 * The commands yargs may run for these words: every command named by a word
 * before `--` (usually one; a flag's value that happens to be a command's name
 * only costs a load). Any other command cannot be the one chosen, so a stub with
 * its head serves for the listing and for `recommendCommands`.
 */
async function commandsFor(argv: string[], out: Out): Promise<CommandModule<{}, any>[]> {
  const sep = argv.indexOf('--');
  const words = new Set(sep < 0 ? argv : argv.slice(0, sep));
  return Promise.all(
    (Object.keys(HEADS) as CommandName[]).map(async (name) => {
      const head = HEADS[name];
      if (words.has(nameOf(head))) return (await COMMANDS[name]())(out);
      return { ...head, builder: (y: Argv) => y, handler: () => {} };
    }),
  );
}

const stdio: Out = { log: (s) => process.stdout.write(s + '\n'), err: (s) => process.stderr.write(s + '\n') };

function buildCli(argv: string[], commands: CommandModule<{}, any>[]): Argv {
  const cli = yargs(argv)
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
    );
  for (const c of commands) cli.command(c);
  // yargs renders the chosen command's whole help as it starts the handler, to
  // show should the handler fail; ours never shows help on a failure (fail()
  // below), and the rendering (tens of ms for audit) sat before the first cell.
  (cli as unknown as YargsInternals).getInternalMethods().getUsageInstance().cacheHelpMessage = () => {};
  return cli
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
  // Output piped into `head` and closed early is not an error of ours.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode === undefined ? 0 : Number(process.exitCode));
  });
  // This command's folders: none yet, whatever an earlier command in this process made.
  forgetMadeDirs();
  try {
    const commands = await commandsFor(argv, out);
    phaseEnded('start-up');
    const cli = buildCli(argv, commands);
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
