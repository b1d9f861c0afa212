// `blindspot guard`: rerun a frozen increment's constructions against the checkers
// as they are now (which may differ from the freeze: that is the point), and
// compare every cell's outcome with a committed baseline.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { classify } from '../classify/classify.ts';
import { checkerChanges, loadIncrement, loadManifest } from '../protocol/increment.ts';
import { readRunLedger } from '../run/verify.ts';
import { readRunFile } from '../run/runfile.ts';
import { rescore } from '../repair/refreeze.ts';
import { InputError } from '../util/errors.ts';
import { checkerMap, outcomesOf, readBaseline, summarize, writeBaseline, BASELINE_SCHEMA, type Baseline } from './baseline.ts';
import { compareOutcomes, type CellMeta, type Change } from './compare.ts';
import { renderJunit } from './junit.ts';

export interface GuardOptions {
  baseline: string;
  /** the frozen increment; default: the one the baseline names */
  increment?: string;
  /** score checker copies in this directory instead of the target's shipped checkers */
  checkerDir?: string;
  update: boolean;
  junit?: string;
  /** keep the rerun here; default: a temporary folder removed afterwards */
  out?: string;
  workers: number;
  limitMs: number;
  progress?: boolean;
}

export interface GuardResult {
  baseline: string;
  updated: boolean;
  increment: { id: string; hash: string };
  /** checker files that differ from the baseline's, by name */
  checkersChanged: string[];
  changes: Change[];
  regressions: number;
  summary: Record<string, number>;
  rerun?: string;
}

/** Checker files that differ between two name -> sha256 maps, as the engine names them. */
const asFiles = (m: Record<string, string>) => Object.entries(m).map(([path, sha256]) => ({ path, sha256 }));
const checkerDiff = (before: Record<string, string>, after: Record<string, string>) => checkerChanges(asFiles(before), asFiles(after)).sort();

export async function guard(opts: GuardOptions): Promise<GuardResult> {
  const baselineFile = resolve(opts.baseline);
  const baseline = await readBaseline(baselineFile);
  if (!baseline && !opts.update) {
    throw new InputError(`${opts.baseline}: no baseline yet; create it with --update-baseline --increment <frozen increment folder>`);
  }
  if (!baseline && !opts.increment) throw new InputError(`${opts.baseline}: no baseline yet, so --increment <frozen increment folder> is needed to take one`);
  const incDir = opts.increment ? resolve(opts.increment) : resolve(dirname(baselineFile), baseline!.increment.dir);
  const increment = await loadIncrement(incDir);
  const manifest = await loadManifest(incDir, increment);
  if (baseline && baseline.increment.hash !== increment.hash && !opts.update) {
    throw new InputError(
      `${opts.baseline}: the baseline was taken on increment ${baseline.increment.id}, not ${increment.id}; pass its --increment or rewrite it with --update-baseline`,
    );
  }

  const out = opts.out ? resolve(opts.out) : await mkdtemp(join(tmpdir(), 'blindspot-guard-'));
  try {
    const cells = manifest.filter((c) => c.arm === 'control' || c.arm === 'fault');
    const runDir = join(out, 'run');
    const rerun = await rescore({
      incrementDir: incDir,
      increment,
      cells,
      checkerDir: opts.checkerDir ? resolve(opts.checkerDir) : undefined,
      root: join(out, 'mutants'),
      purpose: 'guard',
      runDir,
      workers: opts.workers,
      limitMs: opts.limitMs,
      progress: opts.progress,
    });
    if (rerun.status !== 'complete') throw new InputError(`guard rerun did not complete (${rerun.status}); nothing compared`);
    const cls = classify(cells, readRunLedger(runDir, rerun.increment, cells, await readRunFile(runDir)).entries, rerun.increment.target.semantics);
    const outcomes = outcomesOf(cls.cells);
    const checkers = checkerMap(rerun.increment.target.checkerFiles);
    const meta = new Map<string, CellMeta>(cls.cells.map((c) => [c.cell, { generator: c.generator, family: c.family, detail: c.detail }]));
    const changes = baseline ? compareOutcomes(baseline.cells, outcomes, meta) : [];
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
      await writeBaseline(baselineFile, next);
    }
    if (opts.junit) {
      const junitCells = cls.cells.filter((c) => outcomes[c.cell]).map((c) => ({ cell: c.cell, family: c.family, generator: c.generator, outcome: outcomes[c.cell] }));
      await writeFile(opts.junit, renderJunit(junitCells, opts.update ? [] : changes));
    }
    return {
      baseline: opts.baseline,
      updated: opts.update,
      increment: { id: increment.id, hash: increment.hash },
      checkersChanged: baseline ? checkerDiff(baseline.checkers, checkers) : [],
      changes,
      regressions,
      summary,
      ...(opts.out ? { rerun: runDir } : {}),
    };
  } finally {
    if (!opts.out) await rm(out, { recursive: true, force: true });
  }
}
