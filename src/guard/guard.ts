// `blindspot guard`: rerun a frozen increment's constructions against the checkers
// as they are now (which may differ from the freeze: that is the point), and
// compare every cell's outcome with a committed baseline.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { classify } from '../classify/classify.ts';
import { judge } from '../classify/outcome.ts';
import { checkerChanges, loadIncrement, loadManifest } from '../protocol/increment.ts';
import { readRunLedger } from '../run/verify.ts';
import { readRunFile } from '../run/runfile.ts';
import { abandonedByWriter, lockRunFolder } from '../run/lock.ts';
import { rescore } from '../repair/refreeze.ts';
import type { RunOptions } from '../run/run.ts';
import { fsProblem, InputError } from '../util/errors.ts';
import { readText } from '../util/json-file.ts';
import { makeDir } from '../util/made-dirs.ts';
import { writeFileAtomic } from '../util/atomic.ts';
import { findIncrement } from '../run/locate.ts';
import { byName, checkerMap, outcomesOf, readBaseline, summarize, BASELINE_SCHEMA, type Baseline } from './baseline.ts';
import { compareOutcomes, type CellMeta, type Change } from './compare.ts';
import { junitReporter } from './junit.ts';
import { cellKey, type Triage } from '../triage/triage.ts';
import type { Cell } from '../contract/cell.ts';
import type { TargetInfo } from '../contract/target.ts';
import { checkerOfGenerator } from '../target/checker-files.ts';
import { meant, pathBeside } from '../util/suggest.ts';

interface GuardOptions extends Pick<RunOptions, 'workers' | 'limitMs' | 'progress'> {
  baseline: string;
  /** a maintainer's triage: dismissed findings are named, not counted as regressions */
  triage?: Triage;
  /** the frozen increment; default: the one the baseline names */
  increment?: string;
  /** where else to look for the baseline's increment, by content hash */
  mutants?: string;
  /** score checker copies in this directory instead of the target's shipped checkers */
  checkerDir?: string;
  update: boolean;
  /** score every cell again, even those whose checker files did not change */
  full?: boolean;
  junit?: string;
  /** keep the rerun here; default: a temporary folder removed afterwards */
  out?: string;
  /** where a note on what the guard did besides its result goes (an empty baseline replaced) */
  warn?: (line: string) => void;
}

interface GuardResult {
  baseline: string;
  updated: boolean;
  increment: { id: string; hash: string };
  /** checker files that differ from the baseline's, by name */
  checkersChanged: string[];
  changes: Change[];
  regressions: number;
  summary: Record<string, number>;
  /** cells scored again (their checker files changed, or the baseline lacks them) */
  rescored: number;
  /** cells whose outcome was carried over from the baseline unchanged */
  carried: number;
  rerun?: string;
}

/** Checker files as the engine names them, from a baseline's name -> sha256 map. */
const asFiles = (m: Record<string, string>) => Object.entries(m).map(([path, sha256]) => ({ path, sha256 }));

/**
 * A new false accept or lost rejection whose construction a maintainer dismissed
 * (blindspot triage) is no regression: it stays in the list, named with the
 * reason, and the job does not fail on it.
 */
function dismissByTriage(changes: Change[], target: string, cells: Cell[], triage: Triage | undefined): Change[] {
  if (!triage) return changes;
  const byId = new Map(cells.map((c) => [c.id, c]));
  return changes.map((c) => {
    const cell = byId.get(c.cell);
    const entry = cell && c.regression ? triage.byKey.get(cellKey(target, cell) ?? '') : undefined;
    return entry?.status === 'dismissed' ? { ...c, regression: false, dismissed: entry.reason } : c;
  });
}

/**
 * The cells whose outcome may have changed: the rest can be carried over from the
 * baseline. An incremental guard: a cell is scored again only when a checker file it
 * can depend on changed since the baseline; every other cell keeps the baseline's
 * outcome. A generator's own file is found by the `<dir>/<generator>.<ext>`
 * convention; a cell with no own file (one checker file per suite, as in
 * AgentDojo), or any change to a file no generator owns (a shared helper), is
 * treated as depending on every checker file.
 */
function cellsToRescore(baseline: Baseline, info: TargetInfo, cells: Cell[], warn?: (line: string) => void): Cell[] {
  // A target that names no checker files has no hash that moves when its checker
  // is edited: carrying outcomes over would pass any weakened checker unseen.
  if (!info.checkerFiles.length) {
    warn?.(`blindspot: target ${info.name} names no checker files, so guard cannot tell whether a checker changed: every cell is scored again (name them in the target: checker_files in a Python adapter)`);
    return cells;
  }
  const now = checkerMap(info.checkerFiles);
  // added, removed or edited since the baseline
  const changed = new Set([...Object.keys(baseline.checkers), ...Object.keys(now)].filter((n) => baseline.checkers[n] !== now[n]));
  if (!changed.size) return cells.filter((c) => baseline.cells[c.id] === undefined);
  const own = (generator: string) => {
    const f = checkerOfGenerator(info.checkerFiles, generator);
    return f && basename(f.path);
  };
  const owned = new Set(cells.map((c) => own(c.generator)).filter((n): n is string => n !== undefined));
  const sharedChanged = [...changed].some((n) => !owned.has(n));
  return cells.filter((c) => {
    if (baseline.cells[c.id] === undefined || sharedChanged) return true;
    const mine = own(c.generator);
    return mine === undefined || changed.has(mine);
  });
}

/**
 * The baseline to compare with. Under --update-baseline an empty file (touched by
 * a CI step, or left by a write cut short) holds nothing to lose and is replaced;
 * any other file that is no baseline is refused, not overwritten: it may be
 * another file named by mistake (`--baseline package.json`).
 */
async function readBaselineToUpdate(file: string, update: boolean): Promise<{ baseline?: Baseline; empty?: true }> {
  try {
    return { baseline: await readBaseline(file) };
  } catch (e) {
    if (!update || !(e instanceof InputError)) throw e;
    if (readText(file).trim()) throw new InputError(`--baseline: ${e.message}; --update-baseline does not overwrite a file that is not a guard baseline: remove it to start over`);
    return { empty: true };
  }
}

/** An output file written at the end, its folders created; a failure names the flag, not only the path. */
function writeOutput(flag: string, file: string, text: string): void {
  try {
    makeDir(dirname(file));
    writeFileAtomic(file, text);
  } catch (e) {
    const problem = fsProblem(e);
    throw problem === undefined ? e : new InputError(`${flag}: ${problem}`);
  }
}

export async function guard(opts: GuardOptions): Promise<GuardResult> {
  const baselineFile = resolve(opts.baseline);
  // read by the path as typed, so that a refusal names it as the user wrote it
  const { baseline, empty } = await readBaselineToUpdate(opts.baseline, opts.update);
  if (!baseline && !opts.update) {
    // a baseline's name mistyped, or typed with a trailing slash, is not a first run
    const near = pathBeside(opts.baseline, 'file');
    if (near !== undefined) throw new InputError(`${opts.baseline}: no such file${meant(near)}`);
    throw new InputError(`${opts.baseline}: no baseline yet; create it with --update-baseline --increment <frozen increment folder>`);
  }
  if (!baseline && !opts.increment) throw new InputError(`${opts.baseline}: no baseline yet, so --increment <frozen increment folder> is needed to take one`);
  if (empty) opts.warn?.(`blindspot: ${opts.baseline} is empty; --update-baseline replaces it`);
  const incDir = opts.increment
    ? resolve(opts.increment)
    : findIncrement(baseline!.increment, resolve(dirname(baselineFile), baseline!.increment.dir), `${opts.baseline}: increment`, opts.mutants);
  const increment = await loadIncrement(incDir);
  const manifest = await loadManifest(incDir, increment);
  if (baseline && baseline.increment.hash !== increment.hash && !opts.update) {
    throw new InputError(
      `${opts.baseline}: the baseline was taken on increment ${baseline.increment.id}, not ${increment.id}; pass its --increment or rewrite it with --update-baseline`,
    );
  }

  const temp = opts.out ? undefined : await tempFolder();
  const out = temp?.dir ?? resolve(opts.out!);
  try {
    const cells = manifest.filter((c) => c.arm === 'control' || c.arm === 'fault');
    const runDir = join(out, 'run');
    // Incremental only against a baseline of this very increment: its outcomes are what these cells gave.
    const incremental = baseline !== undefined && baseline.increment.hash === increment.hash && !opts.full;
    const rerun = await rescore({
      incrementDir: incDir,
      increment,
      cells,
      checkerDir: opts.checkerDir ? resolve(opts.checkerDir) : undefined,
      root: join(out, 'mutants'),
      purpose: 'guard',
      // a task added or a reference edited is routine in a benchmark's repository: the whole baseline is retaken
      corpusMoved: `freeze a new increment (blindspot freeze) and take a new baseline on it (blindspot guard --baseline ${opts.baseline} --increment <its folder> --update-baseline)`,
      ...(incremental ? { select: (info: TargetInfo, all: Cell[]) => cellsToRescore(baseline!, info, all, opts.warn) } : {}),
      runDir,
      workers: opts.workers,
      limitMs: opts.limitMs,
      progress: opts.progress,
    });
    const cls = judge(classify(rerun.cells, readRunLedger(runDir, rerun.increment, rerun.cells, await readRunFile(runDir)).entries, rerun.increment.target.semantics));
    const rescored = new Set(rerun.cells.map((c) => c.id));
    const carried = incremental ? cells.filter((c) => !rescored.has(c.id) && baseline!.cells[c.id] !== undefined) : [];
    const outcomes = byName({ ...Object.fromEntries(carried.map((c) => [c.id, baseline!.cells[c.id]])), ...outcomesOf(cls.cells) });
    const checkers = checkerMap(rerun.increment.target.checkerFiles);
    const meta = new Map<string, CellMeta>([
      ...carried.map((c): [string, CellMeta] => [c.id, { generator: c.generator, family: c.family }]),
      ...cls.cells.map((c): [string, CellMeta] => [c.cell, { generator: c.generator, family: c.family, detail: c.detail }]),
    ]);
    const changes = dismissByTriage(baseline ? compareOutcomes(baseline.cells, outcomes, meta) : [], increment.target.name, cells, opts.triage);
    const regressions = opts.update ? 0 : changes.filter((c) => c.regression).length;
    const summary = summarize(outcomes);
    if (opts.update) {
      const next: Baseline = {
        schema: BASELINE_SCHEMA,
        increment: { id: increment.id, hash: increment.hash, dir: relative(dirname(baselineFile), incDir) || '.' },
        target: increment.target.name,
        checkers,
        summary,
        cells: outcomes,
      };
      writeOutput('--baseline', baselineFile, JSON.stringify(next, null, 2) + '\n');
    }
    if (opts.junit) {
      const junitCells = [...meta].filter(([id]) => outcomes[id]).map(([cell, m]) => ({ cell, family: m.family, generator: m.generator, outcome: outcomes[cell] }));
      writeOutput('--junit', resolve(opts.junit), junitReporter.files({ cells: junitCells, changes: opts.update ? [] : changes })['junit.xml']);
    }
    return {
      baseline: opts.baseline,
      updated: opts.update,
      increment: { id: increment.id, hash: increment.hash },
      checkersChanged: baseline ? checkerChanges(asFiles(baseline.checkers), asFiles(checkers)).sort() : [],
      changes,
      regressions,
      summary,
      rescored: cls.cells.filter((c) => outcomes[c.cell] !== undefined).length,
      carried: carried.length,
      ...(opts.out ? { rerun: runDir } : {}),
    };
  } finally {
    if (temp) {
      await rm(temp.dir, { recursive: true, force: true });
      temp.unlock();
    }
  }
}

/** A guard's temporary folder: named by the pid of its guard, which holds its writer lock while it runs. */
const TEMP = /^blindspot-guard-(\d+)-/;

/**
 * A fresh temporary folder for a guard without --out, locked for as long as the
 * guard runs. A guard killed with SIGKILL cannot remove its own, so each guard
 * first removes those of guards that are gone (their lock, or without one the
 * pid in their name, tells: run/lock.ts); one it may not remove (another user's)
 * is left as it is.
 */
async function tempFolder(): Promise<{ dir: string; unlock: () => void }> {
  const root = tmpdir();
  for (const name of await readdir(root).catch(() => [])) {
    const maker = TEMP.exec(name)?.[1];
    if (maker && abandonedByWriter(join(root, name), Number(maker))) await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined);
  }
  const dir = await mkdtemp(join(root, `blindspot-guard-${process.pid}-`));
  return { dir, unlock: lockRunFolder(dir) };
}
