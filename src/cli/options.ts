import { availableParallelism } from 'node:os';
import { existsSync, mkdtempSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { API_FAMILIES, GUI_EXTRA_FAMILIES, GUI_FAMILIES, CHOICE_FAMILIES } from '../grammar/families/index.ts';
import { formatTargetSpec, knownTargets, parseTargetSpec, prestartTarget } from '../target/registry.ts';
import type { Split } from '../contract/target.ts';
import { InputError, statIfThere } from '../util/errors.ts';
import { knownTail, meant, pathBeside } from '../util/suggest.ts';
import { BROWSER_ENV } from '../util/browser.ts';
import { joinCommand, missingScript, splitCommand, unstartable } from '../util/command-words.ts';
import { DEFAULT_ARMS, parseArms } from '../protocol/arms.ts';
import { parseShard } from '../run/shard.ts';
import { LOCK_FILE } from '../run/lock.ts';
import { atomicLeftoverPid } from '../util/atomic.ts';
import { MAX_TIMER_MS } from '../util/timer.ts';
import { firstFew } from '../util/clip.ts';

// Every module this file imports is loaded at start-up by every command, `--help`
// included: keep them light (no ts-morph, playwright, better-sqlite3, execa).

/** A flag given twice reaches a coerce as an array: refused rather than one value picked silently. */
function once(flag: string, raw: unknown): unknown {
  if (Array.isArray(raw)) throw new InputError(`--${flag}: given ${raw.length} times (${raw.join(', ')}); give it once`);
  return raw;
}

/**
 * A yargs `coerce` for a whole-number option: the number, or one line naming the
 * flag and the value as typed (exit 2). Declared without a yargs type so that
 * `abc` reaches here as typed instead of as NaN.
 */
export const wholeNumber =
  (flag: string, min: number, what = 'a whole number', max = Number.MAX_SAFE_INTEGER) =>
  (raw: unknown): number => {
    const v = once(flag, raw);
    const n = typeof v === 'number' ? v : /^\s*-?\d+\s*$/.test(String(v)) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      const bound = n > max ? ` <= ${max}` : min === 1 ? ' > 0' : min > Number.MIN_SAFE_INTEGER ? ` >= ${min}` : '';
      throw new InputError(`--${flag}: expected ${what}${bound}, got '${v}'`);
    }
    return n;
  };

/** A yargs `coerce` for a time limit in ms: whole, > 0, and one a timer can wait. */
export const milliseconds = (flag: string) => wholeNumber(flag, 1, 'a whole number of milliseconds', MAX_TIMER_MS);

/** A yargs `coerce` for a string option given once, and not empty: `--out "$DIR"` with DIR unset is a mistake, not the current folder. */
const text = (flag: string) => (raw: unknown): string => {
  const v = String(once(flag, raw));
  if (!v.trim()) throw new InputError(`--${flag}: expected a value, got an empty one`);
  return v;
};

/**
 * A string option taken through `text`: a path above all, where an empty value
 * would name the current folder and a repeated flag an array that no path
 * function takes (an internal error, after the work it was given for).
 */
export const textOption = (flag: string) => ({ type: 'string' as const, requiresArg: true, coerce: text(flag) });

/** Each element of a list option must be known: one line naming the flag, the bad value and the known values. */
export function knownList<T extends string>(flag: string, what: string, known: readonly T[], xs: string[]): T[] {
  for (const x of xs) if (!known.includes(x as T)) throw new InputError(`--${flag}: unknown ${what} '${x}'${knownTail(x, known)}`);
  return xs as T[];
}

/** A yargs `coerce` for an enumerated option (yargs' own `choices` message spans several lines). */
export const oneOf =
  <T extends string>(flag: string, known: readonly T[]) =>
  (raw: unknown): T =>
    knownList(flag, 'value', known, [String(once(flag, raw))])[0];

/** The per-cell time limit option of every scoring command (whole ms > 0). */
export const timeLimitOption = (describe: string) => ({
  requiresArg: true,
  defaultDescription: 'calibrated: 10 x the slowest control, at least 10000',
  coerce: milliseconds('time-limit'),
  describe,
});

/**
 * More scorers than this is a typo (`--workers 100000` for 10): each is a thread or
 * a process with its own target, and so many exhausted the memory (a V8 out-of-memory
 * abort, not a line) once the run started them.
 */
export const MAX_WORKERS = 256;

/** The --workers option of every scoring command (whole number from 0 to MAX_WORKERS). */
export const workersOption = (dflt: number, describe: string) => ({
  default: Math.min(dflt, MAX_WORKERS),
  requiresArg: true,
  coerce: wholeNumber('workers', 0, 'a whole number', MAX_WORKERS),
  describe,
});

/** Cluster-bootstrap resamples (perturb, perturb compare, merge): intervals settle long before this, and 1e9 ran for hours with no progress shown. */
export const MAX_BOOTSTRAP = 100_000;

// Set in the environment rather than threaded through options: worker threads
// inherit it, and the increment never records a machine-specific path.
const browserOption = <T>(y: Argv<T>) =>
  y.option('browser', {
    type: 'string',
    describe: `Chromium executable for live-browser targets (default $${BROWSER_ENV}, else a system Chromium, headless shell preferred)`,
    coerce: (path: string) => {
      process.env[BROWSER_ENV] = path;
      return path;
    },
  });

// The intent options (--target, --arms, --split, --seed...) have no yargs default:
// `audit --out` on an existing run compares only the flags the user gave (see
// resume.ts), so defaults are applied in code and shown with defaultDescription.
export const DEFAULT_TARGET = 'apps';
const DEFAULT_SPLITS: Split[] = ['dev'];
export const SPLITS: Split[] = ['dev', 'test', 'holdout'];

export const targetOption = <T>(y: Argv<T>) =>
  browserOption(y)
    .option('target', { type: 'string', defaultDescription: DEFAULT_TARGET, describe: `target to audit (${knownTargets().join(', ')}), or a module exporting \`target\` (./my-target.ts, .mts, .js or .mjs)` })
    .option('target-option', {
      type: 'string',
      array: true,
      describe: 'key=value passed to the target (repeatable); e.g. command="python3 my_target.py" for --target protocol',
    })
    .option('suite', { type: 'string', describe: 'shorthand for --target-option suite=<name> (agentdojo: workspace, slack, banking, travel; bfcl: base, miss_param, miss_func, long_context, all)' });

/** A word that names a file or folder, or a new one in a folder that exists (a log the target will write). */
const namesPath = (word: string) => existsSync(word) || (word.includes('/') && existsSync(dirname(word)));

/**
 * The target spec the increment records: the name plus every target option, so
 * that workers and later runs reopen exactly this target. Words after `--` are
 * the command of a protocol target.
 */
export function targetSpec(a: Record<string, any>): string {
  const options: Record<string, string> = {};
  for (const kv of (a['target-option'] ?? []) as string[]) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw new InputError(`--target-option: expected key=value, got '${kv}'`);
    options[kv.slice(0, eq)] = kv.slice(eq + 1);
  }
  if (a.suite !== undefined) options.suite = String(a.suite);
  const rest = ((a['--'] ?? []) as unknown[]).map(String);
  if (rest.length) options.command = joinCommand(rest, namesPath);
  const parsed = parseTargetSpec(String(a.target ?? DEFAULT_TARGET));
  // the protocol target's interpreter starts, and the handshake failed with its stderr (a Node stack trace, for `node ./x.mjs`)
  const script = parsed.name === 'protocol' ? missingScript(rest) : undefined;
  if (script !== undefined) throw new InputError(`the target's command after \`--\`: ${script}: no such file${meant(pathBeside(script, 'file'))}`);
  // a program that is not there is the user's typo, refused as one (exit 2), not a target that fails its handshake (target check's exit 1)
  const [word] = parsed.name === 'protocol' && options.command ? splitCommand(options.command) : [];
  const program = word === undefined ? undefined : unstartable(word);
  if (program !== undefined) throw new InputError(`${rest.length ? "the target's command after `--`" : '--target-option command'}: ${word}: ${program}`);
  return formatTargetSpec(parsed.name, { ...parsed.options, ...options });
}

/**
 * Starts the target's process (a protocol target, a Python bridge) while the
 * command loads the engine and checks the rest of its input; main() kills it if
 * the command ends without opening it. A spec that does not parse starts nothing.
 */
export function prestartNamedTarget(a: Record<string, any>): void {
  let spec: string;
  try {
    spec = targetSpec(a);
  } catch {
    return;
  }
  void prestartTarget(spec);
}

/**
 * A yargs `coerce` for a list option (space or comma separated). An empty value
 * is refused: `--families ""` would otherwise mean "no family" and freeze
 * controls only, and `--operators ""` every built-in operator.
 */
export const list =
  (flag: string, what: string) =>
  (xs: unknown[]): string[] => {
    const given = xs.map(String);
    const items = given.flatMap((x) => x.split(',')).map((x) => x.trim());
    if (!items.length || items.some((x) => !x)) {
      throw new InputError(`--${flag}: expected one or more ${what}, space or comma separated, got ${given.length ? given.map((g) => `'${g}'`).join(' ') : 'nothing'}`);
    }
    return items;
  };

/** Which tasks a command takes: census and freeze alike. */
export const taskOptions = <T>(y: Argv<T>) =>
  y
    .option('split', {
      type: 'string',
      array: true,
      defaultDescription: DEFAULT_SPLITS.join(','),
      describe: `task splits to include (${SPLITS.join(', ')})`,
      coerce: list('split', 'splits'),
    })
    .option('tasks', { type: 'string', array: true, coerce: list('tasks', 'task ids or generator names'), describe: 'restrict to these task ids or generator names' })
    .option('unseal', { type: 'string', describe: 'open a sealed split (needs --reason, recorded in the evidence)' })
    .option('reason', { type: 'string', describe: 'why a sealed split is opened' })
    .option('censuses', { ...textOption('censuses'), default: 'censuses', describe: 'folder of frozen censuses' });

/** What freeze enumerates over the selected tasks, and where it freezes it. */
export const selectionOptions = <T>(y: Argv<T>) =>
  taskOptions(y)
    .option('arms', {
      type: 'string',
      array: true,
      defaultDescription: DEFAULT_ARMS.join(','),
      describe:
        'faults (the paper\'s fault grammar: one construction per family per task), floor (null-agent floor: an empty trajectory and a bare claim per task), ' +
        'swap (intent-swap grid: every checker against every trajectory), search (composed mutation plans per task, shrunk to minimal mutants), ' +
        'runs (recorded agent runs, --runs: replayed, regraded, and judged by their effect)',
      coerce: list('arms', 'arms'),
    })
    .option('runs', {
      ...textOption('runs'),
      describe:
        'runs arm: recorded agent runs to replay: a folder of AgentDojo run files (its runs/ folder) or of blindspot JSON-lines files (docs/protocol.md, "Recorded runs"), or one such file',
    })
    .option('budget', { requiresArg: true, coerce: wholeNumber('budget', 1, 'a whole number of plans per task'), describe: 'search: plans explored per task (default 64)' })
    .option('operators', {
      type: 'string',
      array: true,
      coerce: list('operators', 'operators'),
      describe: 'search: operators to compose (default all built-in: drop, duplicate, reorder, move, list, exchange, insert, answer) or a module path exporting `operators`',
    })
    .option('checkers', { type: 'string', array: true, coerce: list('checkers', 'task ids or generator names'), describe: 'swap: checker tasks (ids or generators; default all selected)' })
    .option('trajectories', { type: 'string', array: true, coerce: list('trajectories', 'task ids or generator names'), describe: 'swap: trajectory tasks (ids or generators; default all selected)' })
    .option('pilot', {
      requiresArg: true,
      coerce: wholeNumber('pilot', 1, 'a whole number of off-diagonal cells'),
      describe: 'swap: freeze a deterministic sample of N off-diagonal cells instead of the full grid',
    })
    .option('seed', {
      requiresArg: true,
      coerce: wholeNumber('seed', Number.MIN_SAFE_INTEGER, 'an integer'),
      defaultDescription: '0',
      describe: 'seed of the swap --pilot sample and of the search arm\'s plan sampling',
    })
    .option('families', {
      type: 'string',
      array: true,
      coerce: list('families', 'families'),
      describe: `fault families to enumerate (space or comma separated; default every family of the target's grammar: API ${API_FAMILIES.join(', ')}; GUI ${GUI_FAMILIES.join(', ')}; GUI families asked for by name: ${GUI_EXTRA_FAMILIES.join(', ')}; GUI targets with choices, such as miniwob, also ${CHOICE_FAMILIES.join(', ')})`,
    })
    .option('mutants', { ...textOption('mutants'), default: 'mutants', describe: 'folder of frozen increments' });

export const runOptions = <T>(y: Argv<T>) =>
  browserOption(y)
    .option(
      'workers',
      {
        ...workersOption(
          availableParallelism(),
          `parallel scorers: the main thread plus N-1 worker threads, started only when the work outlasts their start-up (0 or 1: main thread only; at most ${MAX_WORKERS})`,
        ),
        // the help of every machine says the same: this one's count is no default of another's
        defaultDescription: `the number of CPUs (${availableParallelism()} here)`,
      },
    )
    .option('time-limit', timeLimitOption('per-cell time limit in ms; past it the cell is a checker Error'))
    .option('progress', progressOption);

/** The --progress option of every command that scores cells. */
export const progressOption = {
  type: 'boolean',
  default: true,
  describe: 'show progress on stderr: a bar on a terminal, else one line every 10 s ($BLINDSPOT_PROGRESS_SECONDS) and one at the end; none with --no-progress or --json',
} as const;

/** --shard i/n for the commands that score an increment. */
export const shardOption = <T>(y: Argv<T>) =>
  y.option('shard', {
    type: 'string',
    requiresArg: true,
    coerce: parseShard,
    describe: 'score only shard i of n (e.g. 2/3) into the run folder: a deterministic share of the cells, whole tasks at a time; combine the shard folders with `blindspot merge`',
  });

/** What runIncrement takes from the scoring options (validated by their coerce). */
export const runSettings = (a: Record<string, any>) => ({
  workers: a.workers as number,
  limitMs: a['time-limit'] as number | undefined,
  progress: Boolean(a.progress) && !a.json,
});

/** Where to look for a moved run's increment (see run/locate.ts). */
export const mutantsLookupOption = <T>(y: Argv<T>) =>
  y.option('mutants', {
    ...textOption('mutants'),
    describe: 'folder holding a copy of the run\'s frozen increment, for a run folder moved away from it (found by content hash; ./mutants is always searched)',
  });

export const jsonOption = <T>(y: Argv<T>) => y.option('json', { type: 'boolean', default: false, describe: 'print JSON for machines' });

/** The report step's formats beyond the built-in ones. */
export const reporterOption = <T>(y: Argv<T>) =>
  y.option('reporter', {
    type: 'string',
    array: true,
    requiresArg: true,
    // an empty path (an unset variable) named the current folder: "--reporter:  is a folder, not a module file"
    coerce: (xs: unknown[]) => xs.map((x) => text('reporter')(x)),
    describe: 'module exporting `reporters` (Reporter[], typed from blindspot): their files are written, checksummed and listed with the built-in formats',
  });

/** Where a maintainer's triage of findings is kept (see `blindspot triage`). */
export const triageOption = <T>(y: Argv<T>) =>
  y.option('triage', { ...textOption('triage'), describe: 'triage file to apply (default ./blindspot-triage.json when it exists): dismissed findings are marked, and guard does not fail on them' });

/** --split as given, or the default; every name known. */
export const parseSplits = (xs: string[] | undefined): Split[] => knownList('split', 'split', SPLITS, xs ?? DEFAULT_SPLITS);

export function parseUnseal(unseal?: string, reason?: string): { split: Split; reason: string } | undefined {
  // every command that takes --unseal: census, perturb and target check ignored a --reason given alone
  if (unseal === undefined && reason !== undefined) throw new InputError('--reason: says why a sealed split is opened; name the split with --unseal <split>');
  if (unseal === undefined) return undefined;
  const [split] = knownList('unseal', 'split', SPLITS, [unseal]);
  if (!reason?.trim()) throw new InputError('--reason: opening a sealed split needs a reason, which is recorded in the evidence');
  return { split, reason };
}

/**
 * A folder a command writes into (--out, --mutants, --censuses), checked before
 * any work: a folder that can be written, or nothing yet below one. A file
 * there, a file on its way, or a folder that cannot be written is refused in one
 * line naming the flag and the path.
 */
export function writableFolder(flag: string, path: string | undefined): void {
  if (path === undefined) return;
  const abs = resolve(String(path));
  let at = abs;
  for (let st = statIfThere(at); !st; st = statIfThere(at)) at = dirname(at);
  if (!statIfThere(at)!.isDirectory()) {
    throw new InputError(at === abs ? `${flag}: ${path} is a file, not a folder` : `${flag}: cannot create the folder ${path}: ${at} is a file, not a folder`);
  }
  try {
    // a folder made and removed at once: permission bits alone pass /proc and /sys, which refuse every mkdir
    rmdirSync(mkdtempSync(join(at, '.blindspot-probe-')));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EROFS' ? 'it is on a read-only file system' : code === 'ENOENT' ? 'the system creates no folders there (ENOENT)' : `it cannot be written (${code})`;
    throw new InputError(at === abs ? `${flag}: ${path}: ${why}` : `${flag}: cannot create the folder ${path}: ${at}: ${why}`);
  }
}

/**
 * --mutants and --censuses swapped (`--mutants censuses`): increments were frozen
 * among the censuses, or censuses stored among the increments, without a word. Each
 * folder is refused when it holds what the other one keeps (a census file
 * <kind>-<hash>.json in a target's folder; an increment folder with its increment.json).
 */
export function notTheOtherStore(flag: '--mutants' | '--censuses', path: string | undefined): void {
  if (path === undefined || !statIfThere(resolve(String(path)))?.isDirectory()) return;
  const children = readdirSync(String(path), { withFileTypes: true }).filter((d) => d.isDirectory());
  const holding = (d: { name: string }) => readdirSync(join(String(path), d.name));
  const other =
    flag === '--censuses'
      ? children.filter((d) => holding(d).includes('increment.json')).map((d) => d.name)
      : children.filter((d) => holding(d).some((f) => /^(idempotence|effects)-[0-9a-f]{12}\.json$/.test(f))).map((d) => `${d.name}/`);
  if (!other.length) return;
  const held = flag === '--censuses' ? 'frozen increments' : 'censuses';
  const theirs = flag === '--censuses' ? '--mutants' : '--censuses';
  throw new InputError(`${flag}: ${path} holds ${held} (${firstFew(other)}), not ${flag === '--censuses' ? 'censuses' : 'frozen increments'}; is it the ${theirs} folder?`);
}

/** The folders freeze writes (--mutants) and reads or writes (--censuses): usable, and not each other's. */
export function storeFolders(a: Record<string, any>): void {
  for (const flag of ['--mutants', '--censuses'] as const) {
    writableFolder(flag, a[flag.slice(2)]);
    notTheOtherStore(flag, a[flag.slice(2)]);
  }
}

/**
 * The run folder a scoring command writes (--out): new, empty, or a run folder to
 * resume. A folder of other files is refused before any work: the report's files
 * (report.md, ...) would be written among them, over any of the same name.
 */
export function runFolder(flag: string, path: string | undefined): void {
  writableFolder(flag, path);
  // what a session writes there before run.json, or while writing it: a kill in between leaves a folder to resume, not a stranger's
  const others = strangers(path, ['target-state', 'perturbations']);
  if (others.length && !others.includes('run.json')) {
    throw new InputError(`${flag}: ${path} holds other files (${firstFew(others)}) and no run.json: name a new or empty folder, or a run folder to resume`);
  }
}

/** What a folder holds beyond the names a command keeps there, its lock and its interrupted atomic writes; none when it does not exist. */
function strangers(path: string | undefined, kept: string[]): string[] {
  if (path === undefined || !statIfThere(resolve(String(path)))) return [];
  return readdirSync(String(path)).filter((f) => ![LOCK_FILE, ...kept].includes(f) && atomicLeftoverPid(f) === undefined);
}

/** guard's --out: new, empty, or one an earlier guard kept (its mutants/ and run/); its rerun would be written among other files. */
export function guardFolder(flag: string, path: string | undefined): void {
  writableFolder(flag, path);
  const others = strangers(path, ['mutants', 'run']);
  if (others.length) throw new InputError(`${flag}: ${path} holds other files (${firstFew(others)}); guard keeps its rerun (mutants/ and run/) there: name a new or empty folder, or one an earlier guard kept`);
}

/**
 * A file the command writes at its end (a JUnit report, a baseline): refused up
 * front when it could not be written, so that a long run does not end by losing
 * its result to a mistyped path. A missing folder is not a mistake: the command
 * creates it, as it does its output folders.
 */
export function writableFile(flag: string, path: string | undefined): void {
  if (path === undefined) return;
  if (statIfThere(resolve(String(path)), flag)?.isDirectory()) throw new InputError(`${flag}: ${path} is a folder, not a file`);
  // `--junit reports/` was written as a file named reports, and `--triage t/` failed on a temporary file's name
  if (/[\\/]$/.test(String(path))) throw new InputError(`${flag}: ${path} names a folder (it ends with /), not a file`);
  writableFolder(flag, dirname(String(path)));
}

/**
 * An existing folder a command reads (a run folder, a --mutants folder to look in);
 * `what` says which. `optional`: a missing one is left to the command to name,
 * unless a folder beside it is what was most likely meant.
 */
export function existingFolder(flag: string, path: string | undefined, what: string, optional = false): void {
  if (path === undefined) return;
  const st = statIfThere(resolve(String(path)));
  if (!st) {
    const near = pathBeside(String(path), 'folder');
    if (optional && near === undefined) return;
    throw new InputError(`${flag}: ${path}: no such folder (expected ${what})${meant(near)}`);
  }
  if (!st.isDirectory()) throw new InputError(`${flag}: ${path} is a file, not a folder (expected ${what})`);
}

/**
 * A perturbation run or set is read and scored by `perturb` alone: elsewhere its
 * perturbation families would be taken for fault families and fail late, after
 * scoring or after a repair made its folders. Read with the readers the rest of the
 * command uses (a broken file is named as they name it), loaded only when called:
 * this module loads with every command.
 */
export async function notPerturbation(flag: string, path: string | undefined, holds: 'run' | 'increment'): Promise<void> {
  if (path === undefined) return;
  if (holds === 'run') {
    const run = await (await import('../run/runfile.ts')).readRunFile(path);
    if (run?.agent) {
      throw new InputError(
        `${flag}: ${path} is a perturbation run (agent ${run.agent.name}): its report is perturb.md, written by \`blindspot perturb\` (run the same command again to re-render it; \`blindspot perturb compare\` ranks agents)`,
      );
    }
  } else if ((await (await import('../protocol/increment.ts')).loadIncrement(path)).arms.includes('perturb')) {
    throw new InputError(`${flag}: ${path} is a perturbation set: an agent is run on it with \`blindspot perturb --perturbations ${path} --agent <agent>\``);
  }
}

/** The flags that configure one arm: given without it, they would be ignored without a word (--runs is checked by the freeze). */
const ARM_FLAGS = { budget: 'search', operators: 'search', checkers: 'swap', trajectories: 'swap', pilot: 'swap' } as const;

/** The arms named by --arms (undefined: the freeze's defaults), once every arm's flag given has its arm. */
function armsOf(a: Record<string, any>) {
  const arms = a.arms === undefined ? undefined : parseArms(a.arms);
  const taken = arms ?? DEFAULT_ARMS;
  for (const [flag, arm] of Object.entries(ARM_FLAGS)) {
    if (a[flag] !== undefined && !taken.includes(arm)) {
      throw new InputError(`--${flag}: configures the ${arm} arm, which is not among the arms (${taken.join(', ')}); add it: --arms ${[...taken, arm].join(',')}`);
    }
  }
  // it seeds the swap --pilot sample and the search arm's sampling alone: elsewhere the increment froze as if it were 0
  if (a.seed !== undefined && a.pilot === undefined && !taken.includes('search')) {
    throw new InputError(`--seed: seeds the swap arm's --pilot sample and the search arm, neither of which is asked for (arms ${taken.join(', ')}); add --arms ${[...taken, 'search'].join(',')} or a swap --pilot`);
  }
  return arms;
}

/** What `freeze` and `audit` freeze, from their flags. */
export const freezeOptionsFrom = (a: Record<string, any>) => ({
  target: targetSpec(a),
  // undefined: freeze applies its default arms
  arms: armsOf(a),
  families: a.families,
  swap: { checkers: a.checkers, trajectories: a.trajectories, pilot: a.pilot, seed: a.seed },
  search: { operators: a.operators, seed: a.seed, budget: a.budget },
  runs: a.runs,
  splits: parseSplits(a.split),
  tasks: a.tasks,
  unseal: parseUnseal(a.unseal, a.reason),
  mutantsDir: a.mutants,
  censusDir: a.censuses,
});
