// Start-up: every module imported here loads before any command runs, `--help`
// and `targets` included. A command's module (with options.ts and what its
// builder needs) loads only when its name is on the command line; the others are
// listed from their heads (COMMANDS). Command files import light helpers at
// the top, and their handlers import the engine (ts-morph, playwright, SQLite,
// execa...) when they run; `npm run bench -- startup` measures the result.
import yargs, { type Argv, type CommandModule } from 'yargs';
import { errorMessage, fsProblem, InputError, Interrupted } from '../util/errors.ts';
import { closestName, knownTail, meant, quoted, withFlagGuesses } from '../util/suggest.ts';
import { forgetMadeDirs, removeEmptyMadeDirs } from '../util/made-dirs.ts';
import { discardAhead } from '../util/ahead.ts';
import { phaseEnded } from '../util/phase.ts';
import { VERSION } from '../util/version.ts';
import type { Out } from './out.ts';
import { shownCommand, unstartable } from '../util/command-words.ts';
import { knownTargets, registerTargets } from '../target/registry.ts';
import { targetList } from '../../targets/index.ts';

// The composition root: the built-in targets become known by name here.
registerTargets(targetList);

type Command = (out: Out) => CommandModule<{}, any>;
/** The part of yargs' undeclared internals that buildCli touches. */
type YargsInternals = {
  getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void }; getContext(): { commands: string[] } };
  /** the options of the command being parsed (public in yargs, missing from its types) */
  getOptions(): { key: Record<string, unknown>; boolean: string[] };
  /** the help's groups of the command being parsed: its positionals under 'Positionals:' */
  getGroups(): Record<string, string[]>;
};
/** The positional arguments of the command being parsed (`run` of `report <run>`), which yargs also keys as options. */
const positionalsOf = (cli: Argv): string[] => (cli as unknown as YargsInternals).getGroups()['Positionals:'] ?? [];
/** The commands being parsed (`perturb compare`: both), from yargs' undeclared internals. */
const contextOf = (cli: Argv): string[] => (cli as unknown as YargsInternals).getInternalMethods().getContext().commands;

/**
 * Every command: its name (with positionals) and the line `--help` lists, in the
 * order it lists them, and how to load its module. A module holds the command's
 * builder and handler only, so `--help` and every command other than the one
 * chosen list a command without loading its module.
 */
const COMMANDS: {
  command: string;
  describe: string;
  load: () => Promise<Command>;
  /** subcommands beside a default that takes no word: yargs calls a mistyped one an unknown argument, so it is guessed at here */
  subcommands?: string[];
}[] = [
  {
    command: 'audit',
    describe: 'census, freeze, run and report in one go; with --out on an interrupted run folder, resume it',
    load: async () => (await import('./audit.ts')).auditCommand,
  },
  {
    command: 'census',
    describe: 'measure, per task, whether repeating its last write changes its effect, and store the idempotence census under censuses/',
    load: async () => (await import('./stages.ts')).censusCommand,
  },
  {
    command: 'freeze',
    describe: 'take the censuses, enumerate every cell and freeze the increment under mutants/ (scores nothing)',
    load: async () => (await import('./stages.ts')).freezeCommand,
  },
  {
    command: 'run <increment>',
    describe: 'score the cells of a frozen increment into a resumable ledger, then write the report',
    load: async () => (await import('./stages.ts')).runCommand,
  },
  {
    command: 'report <run>',
    describe: 'classify a run\'s ledger and render report.md, report.json and CSV files',
    load: async () => (await import('./stages.ts')).reportCommand,
  },
  {
    command: 'merge <runs..>',
    describe: 'combine the shard run folders of one increment (run --shard i/n) into one run folder and write its reports, as a single run would',
    load: async () => (await import('./merge.ts')).mergeCommand,
  },
  {
    command: 'targets',
    describe: 'list the targets blindspot can audit',
    load: async () => (await import('./targets.ts')).targetsCommand,
  },
  {
    command: 'rerun',
    describe: 'freeze the cells of an earlier run that match --where as a new increment, rerun them with readback, and report confirmed wrong effects',
    load: async () => (await import('./rerun.ts')).rerunCommand,
  },
  {
    command: 'target',
    describe: 'work with target adapters: `target check -- <command...>` tests a protocol target',
    load: async () => (await import('./target-check.ts')).targetCheckCommand,
  },
  {
    command: 'repair <run>',
    describe: 'apply a patch to the checkers implicated in a run\'s false accepts, regrade, and show flips and controls preserved',
    load: async () => (await import('./repair.ts')).repairCommand,
  },
  {
    command: 'guard',
    describe: 'CI: rerun a frozen increment against the current checkers and fail on a new false accept, a lost rejection or a failing control',
    load: async () => (await import('./guard.ts')).guardCommand,
  },
  {
    command: 'triage <run>',
    describe: 'mark a finding of a run (--cell) or a search weakness on every task (--weakness) dismissed or accepted, with a reason, in the triage file kept beside the benchmark (keyed by construction or weakness name, so it holds for later runs); without a mark, list the findings and their triage',
    load: async () => (await import('./triage.ts')).triageCommand,
  },
  {
    command: 'consequence <runs..>',
    describe: 'what the findings could mean for a leaderboard: under the run\'s error budgets, which published pairwise orders and which top-1 stay identified',
    load: async () => (await import('./consequence.ts')).consequenceCommand,
  },
  {
    command: 'perturb',
    describe: 'the input-perturbation arm (AgentPerturb): validated perturbations of what an agent is shown, paired clean/perturbed episodes graded by the pristine checker and read back',
    load: async () => (await import('./perturb.ts')).perturbCommand,
    subcommands: ['compare'],
  },
  {
    command: 'init',
    describe: 'write the skeleton of a protocol target for a benchmark: --python <dir> (an adapter on the Python SDK, and a README)',
    load: async () => (await import('./init.ts')).initCommand,
  },
];

const nameOf = (head: { command: string }) => head.command.split(' ')[0];

/** What main() returns, for `blindspot --help`: a script or CI job tells the ways a command ends apart by them. */
const EXIT_CODES = [
  'Exit codes:',
  '  0    done (an audit that finds false accepts included)',
  '  1    what the command was asked to fail on (guard: a regression; --threshold-break: a family below it; target check: a failed check; ' +
    'repair: a control the patched checkers fail; perturb: the agent process failed in every episode, not a 0% score), or an internal error (with its stack)',
  '  2    bad input, or a path or disk the command cannot use: one line on stderr (BLINDSPOT_DEBUG=1 adds the stack)',
  '  130  interrupted (Ctrl-C; SIGTERM while scoring): a run folder keeps what was scored, and the same command resumes it',
  'With --json, stdout holds one JSON document: the result whenever the command gets that far (a regression, a broken threshold, an interrupted audit or run), ' +
    'else {"error": {"message", "exitCode", "kind", and the "option", "argument" or "path" it names}}, beside the same line on stderr.',
].join('\n');

/** The words typed for blindspot itself: those after `--` are a target's or an agent's command. */
const ownWords = (argv: readonly string[]): readonly string[] => {
  const sep = argv.indexOf('--');
  return sep < 0 ? argv : argv.slice(0, sep);
};

/**
 * The commands yargs may run for these words: every command named by a word
 * before `--` (usually one; a flag's value that happens to be a command's name
 * only costs a load). Any other command cannot be the one chosen, so its head
 * with a stub body serves for the listing and for `recommendCommands`.
 */
async function commandsFor(argv: string[], out: Out): Promise<CommandModule<{}, any>[]> {
  const words = new Set(ownWords(argv));
  return Promise.all(
    COMMANDS.map(async ({ load, ...head }) => {
      const body = words.has(nameOf(head)) ? (await load())(out) : { builder: (y: Argv) => y, handler: () => {} };
      return { ...head, ...body };
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
    )
    .epilogue(EXIT_CODES);
  for (const c of commands) cli.command(c);
  // yargs renders the chosen command's whole help as it starts the handler, to
  // show should the handler fail; ours never shows help on a failure (fail()
  // below), and the rendering (tens of ms for audit) sat before the first cell.
  (cli as unknown as YargsInternals).getInternalMethods().getUsageInstance().cacheHelpMessage = () => {};
  // yargs reads `--json=abc` as false, so a mistyped value ran the command in the other mode
  cli.middleware(() => badBoolean(argv, (cli as unknown as YargsInternals).getOptions().boolean), true);
  // yargs takes `--run x` for the positional <run> and then drops it for the word typed in its place
  cli.middleware(() => positionalAsFlag(argv, positionalsOf(cli), contextOf(cli)), true);
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
      // a positional is no flag to guess at: `report r --out x` was asked whether it meant --run
      const positionals = positionalsOf(cli);
      // `report --run r` is refused as missing <run> before the middleware sees the flag
      positionalAsFlag(argv, positionals, contextOf(cli));
      const options = Object.keys((cli as unknown as YargsInternals).getOptions().key);
      const message = flagWithoutValue(mistypedRequired(msg ?? err.message, options, argv));
      const flags = options.filter((o) => !positionals.includes(o));
      throw new InputError(commandAfterDash(unknownCommand(whatIsMissing(withFlagGuesses(message, flags, argv, { target: knownTargets() }), argv, contextOf(cli)), argv), argv));
    });
}

/**
 * yargs checks required flags and arguments before unknown flags, so `guard
 * --baselne b.json` was told "--baseline required" and not of its typo (and `run
 * --workrs 2 m/x` that <increment> is missing: the mistyped flag took `2`): what
 * is missing beside a flag the command does not know is reported as that flag
 * (which withFlagGuesses then answers with the flag it likely meant).
 */
function mistypedRequired(message: string, options: readonly string[], argv: string[]): string {
  if (!message.startsWith('Missing required argument') && !message.startsWith('Not enough non-option arguments')) return message;
  const known = new Set(options);
  const unknown = ownWords(argv)
    .filter((w) => w.startsWith('--') && w.length > 2)
    .map((w) => w.slice(2).split('=')[0])
    .filter((name) => !known.has(name) && !(name.startsWith('no-') && known.has(name.slice(3))));
  return unknown.length ? `Unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` : message;
}

/** Refuses `--flag=value` for a boolean flag unless the value is true or false (words after `--` are a target's own). */
function badBoolean(argv: string[], booleans: readonly string[]): void {
  for (const word of ownWords(argv)) {
    const m = /^--(?:no-)?([^=]+)=(.*)$/s.exec(word);
    if (m && booleans.includes(m[1]) && !/^(true|false)$/i.test(m[2])) throw new InputError(`--${m[1]}: expected true or false, got '${m[2]}'`);
  }
}

/**
 * Refuses a positional argument typed as a flag (`report --run r`, `report r --run x`):
 * yargs keys it as an option too, and a word in its place silently won over it.
 */
function positionalAsFlag(argv: string[], positionals: readonly string[], context: string[]): void {
  for (const word of ownWords(argv)) {
    const name = /^--(?:no-)?([^=]+)/.exec(word)?.[1];
    if (name === undefined || !positionals.includes(name)) continue;
    const usage = COMMANDS.find((c) => nameOf(c) === context.join(' '))?.command;
    throw new InputError(`--${name}: <${name}> is named without a flag (${usage ? `blindspot ${usage}` : `blindspot ${context.join(' ')} --help`})`);
  }
}

/** yargs' "Not enough arguments following: out" (`--out` last, its value forgotten) in the words of every flag's refusal. */
const flagWithoutValue = (message: string): string => message.replace(/^Not enough arguments following: (\S+)$/, (_, flag: string) => `--${flag}: expected a value, got none`);

/**
 * yargs' "Not enough non-option arguments: got 0, need at least 1" and "Missing
 * required argument: from" as what is missing, and where to read more: "run: name
 * <increment> (blindspot run <increment>)", "rerun: --from required (blindspot rerun --help)".
 */
function whatIsMissing(message: string, argv: string[], context: string[]): string {
  const name = context.length ? context.join(' ') : argv.find((w) => !w.startsWith('-'));
  // a command's own word for a required option (demandOption) follows on a line of its own
  const required = /^Missing required arguments?: ([^\n]*)(?:\n([\s\S]+))?$/.exec(message);
  if (required && name) return `${name}: ${required[1].split(', ').map((f) => `--${f}`).join(' and ')} required ${required[2] ? `(${required[2].trim()})` : `(blindspot ${name} --help)`}`;
  if (!message.startsWith('Not enough non-option arguments')) return message;
  const usage = COMMANDS.find((c) => nameOf(c) === name)?.command;
  const wanted = usage?.split(' ').filter((w) => w.startsWith('<')) ?? [];
  if (wanted.length) return `${name}: name ${wanted.join(' ')} (blindspot ${usage})`;
  // a subcommand's usage is its parent's to declare, and not loaded here
  return name ? `${name}: an argument is missing (blindspot ${name} --help)` : message;
}

/**
 * yargs' "Did you mean run?" for a command it does not know (`blindspot foo`), which
 * guesses at any distance, as the unknown command, the known ones, and a guess only
 * where one stands out: "unknown command 'audti' (known: audit, ...); did you mean 'audit'?".
 * A stray word close to a subcommand (`perturb comapre`) is that subcommand mistyped.
 */
function unknownCommand(message: string, argv: string[]): string {
  const words = argv.filter((w) => !w.startsWith('-'));
  // the first stray word (the subcommand's own words follow it), typed as a word and not as a flag
  const stray = /^Unknown arguments?: ([^\s,]+)/.exec(message)?.[1];
  const subcommand = stray === undefined || !words.includes(stray) ? undefined : closestName(stray, COMMANDS.find((c) => nameOf(c) === words[0])?.subcommands ?? []);
  if (subcommand !== undefined) return `unknown command '${stray}'${meant(quoted(subcommand))}`;
  const guess = /^Did you mean (\S+)\?$/.exec(message)?.[1];
  const top = COMMANDS.map(nameOf);
  // a first word near no command: yargs has no guess, and the known ones are the help
  if (guess === undefined) return stray !== undefined && stray === words[0] && !top.includes(stray) ? `unknown command '${stray}'${knownTail(stray, top)}` : message;
  // under a known command (`target chek`), yargs' guess is its only known subcommand here
  const nested = top.includes(words[0]);
  const typed = (nested ? words[1] : words[0]) ?? '';
  return `unknown command '${typed}'${nested ? meant(quoted(closestName(typed, [guess]))) : knownTail(typed, top)}`;
}

/**
 * A protocol target's or an agent's command typed without the `--` before it
 * (`target check python3 adapter.py`) is a list of unknown words to yargs: the
 * same line with `--` put in front of the first of them.
 */
function commandAfterDash(message: string, argv: string[]): string {
  if (argv.includes('--') || !message.startsWith('Unknown argument')) return message;
  const stray = new Set(/^Unknown arguments?: (.*)$/.exec(message)?.[1].split(', '));
  const skip = argv[0] === 'target' ? 2 : 1;
  const at = argv.findIndex((w, i) => i >= skip && !w.startsWith('-') && stray.has(w));
  const whose = argv[0] === 'perturb' ? "the agent's" : (argv[0] === 'target' && argv[1] === 'check') || argv.some((w, i) => w === '--target=protocol' || (w === '--target' && argv[i + 1] === 'protocol')) ? "the target's" : undefined;
  // a word that names no program (`perturb zzz`) is a typo, not a command missing its `--`
  if (at < 0 || !whose || unstartable(argv[at]) !== undefined) return message;
  return `${message}; ${whose} command goes after \`--\`: blindspot ${shownCommand([...argv.slice(0, at), '--', ...argv.slice(at)])}`;
}

/**
 * Whether the command line asks for JSON: `--json` (or `--json=true`, `--json true`)
 * before any `--`, the last of it and `--no-json` / `--json=false` winning, as yargs
 * reads them. Read from the words, so a line yargs refuses still gets its JSON.
 */
export function wantsJson(argv: readonly string[]): boolean {
  const words = ownWords(argv);
  let json = false;
  words.forEach((w, i) => {
    if (w === '--json') json = words[i + 1] !== 'false';
    else if (w.startsWith('--json=')) json = w !== '--json=false';
    else if (w === '--no-json') json = false;
  });
  return json;
}

/**
 * A failure as a script reads it: the message stderr shows, the exit code, its
 * kind, and what the error itself names: the flag or argument its message begins
 * with (`--workers: ...`, `<run>: ...`), and a file-system error's path, code and call.
 */
function errorFields(e: unknown, message: string, exitCode: number): Record<string, unknown> {
  const kind = e instanceof Interrupted ? 'interrupted' : exitCode === 2 ? 'input' : 'internal';
  const option = /^--[a-z][a-z0-9-]*(?=[: ])/.exec(message)?.[0];
  const argument = /^<[a-z.]+>(?=:)/.exec(message)?.[0];
  // an input error raised over a file-system one keeps it as its cause
  const fsError = ((e as Error)?.cause ?? e ?? {}) as NodeJS.ErrnoException;
  const { path, code, syscall } = fsError;
  return { message, exitCode, kind, ...(option && { option }), ...(argument && { argument }), ...(typeof path === 'string' && { path }), ...(typeof code === 'string' && { code }), ...(syscall && { syscall }) };
}

/** Output piped into `head` and closed early is not an error of ours. */
function onStdoutError(e: NodeJS.ErrnoException): void {
  if (e.code === 'EPIPE') process.exit(process.exitCode === undefined ? 0 : Number(process.exitCode));
}

/** Returns the exit code: 0 done, 2 bad input (or a path or disk the command cannot use), 130 interrupted, 1 anything else. */
export async function main(argv: string[], given: Out = stdio): Promise<number> {
  // once per process, however many commands run in it (a test file runs dozens)
  if (!process.stdout.listeners('error').includes(onStdoutError)) process.stdout.on('error', onStdoutError);
  // This command's folders: none yet, whatever an earlier command in this process made.
  forgetMadeDirs();
  // a command that printed its document before failing keeps stdout to that one document
  let printed = false;
  const out: Out = { log: (s) => ((printed = true), given.log(s)), err: given.err };
  /** The line on stderr (`shown`: with the stack), and under --json the same failure as a JSON document on stdout; returns the exit code. */
  const fail = (e: unknown, message: string, exitCode: number, shown = message): number => {
    out.err(`blindspot: ${shown}`);
    if (wantsJson(argv) && !printed) out.log(JSON.stringify({ error: errorFields(e, message, exitCode) }, null, 2));
    return exitCode;
  };
  try {
    // yargs counts the words after `--` (a target's command) as a command, and then runs none
    const sep = argv.indexOf('--');
    if (sep >= 0 && !argv.slice(0, sep).some((w) => !w.startsWith('-'))) {
      throw new InputError('name a command before `--` (the words after it are a target\'s command); try `blindspot audit --target protocol -- python3 my_target.py`');
    }
    const commands = await commandsFor(argv, out);
    phaseEnded('start-up');
    const cli = buildCli(argv, commands);
    await cli.parseAsync();
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (e) {
    removeEmptyMadeDirs();
    if (e instanceof Interrupted) return fail(e, e.message, 130);
    // Bad input, or a path or machine the command cannot use: one line, exit 2; the stack only on request.
    const problem = e instanceof InputError ? e.message : fsProblem(e);
    if (problem !== undefined) {
      const code = fail(e, problem, 2);
      if (process.env.BLINDSPOT_DEBUG === '1') out.err((e as Error).stack ?? String(e));
      return code;
    }
    // the stack goes to stderr alone: a script reads the message and the exit code
    return fail(e, `internal error: ${errorMessage(e)}`, 1, `internal error: ${(e as Error).stack ?? e}`);
  } finally {
    discardAhead();
  }
}
