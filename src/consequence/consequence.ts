// `blindspot consequence`: what a run's findings could mean for a leaderboard.
// Reads runs through the same verified path as the report, derives the
// generator-level budgets, and asks of each split of published scores which
// pairwise orders and which top-1 those budgets leave identified.
import { existsSync, readFileSync } from 'node:fs';
import { poolPipelines, type RunsReport } from '../runs/summary.ts';
import { join, resolve } from 'node:path';
import { loadRun } from '../run/load.ts';
import { classify } from '../classify/classify.ts';
import { lockRunFolder } from '../run/lock.ts';
import type { Triage } from '../triage/triage.ts';
import { InputError } from '../util/errors.ts';
import { knownTail } from '../util/suggest.ts';
import { groupBy } from '../util/group.ts';
import { sha256 } from '../util/hash.ts';
import { ANY_FAMILY, budgets, type Budgets, type FamilyBudget, type RunCells } from './budget.ts';
import { rankConsequence } from './rank.ts';
import { readScores } from './scores.ts';
import { CONSEQUENCE_REPORTERS } from './markdown.ts';
import { reportFiles, writeReportFiles } from '../report/reporter.ts';
import { CONSEQUENCE_SCHEMA, type ConsequenceResult, type Reading, type RunSummary } from './result.ts';

interface ConsequenceOptions {
  runs: string[];
  /** published scores; optional when the runs hold recorded-runs reports (their observed corrections need none) */
  scores?: string;
  /** the fault family whose budget is alpha (default: any family) */
  family?: string;
  triage?: Triage;
  /** where consequence.json and .md go (default: the run folder, when there is one) */
  out?: string;
}

interface LoadedRun extends RunCells {
  summary: RunSummary;
}

/**
 * Pooled runs count each generator once: where two runs name a generator alike
 * (two suites both with `user_task_0`, say) every name is prefixed with its
 * run's target spec, and runs of one spec would count their generators twice.
 */
function nameGenerators(runs: LoadedRun[]): boolean {
  const distinct = new Set(runs.flatMap((r) => r.manifest.map((c) => c.generator))).size;
  if (distinct === runs.reduce((n, r) => n + r.summary.generators, 0)) return false;
  for (const [spec, same] of groupBy(runs, (r) => r.summary.spec))
    if (same.length > 1) throw new InputError(`runs ${same.map((r) => r.summary.dir).join(' and ')} both audit ${spec}: pooling them would count its generators twice (give each target once)`);
  for (const r of runs) r.generatorName = (g) => `${r.summary.spec}:${g}`;
  return true;
}

function readingsOf(b: Budgets, family: string, confidence: number): { alpha: FamilyBudget; readings: Reading[] } {
  const alpha = b.families.find((f) => f.family === family);
  const c = b.controls;
  if (!alpha?.of || c.observed === undefined) return { alpha: alpha ?? { family, count: 0, of: 0, bound: 1, generators: [], dismissedCells: 0 }, readings: [] };
  return {
    alpha,
    readings: [
      { reading: 'observed', label: 'Observed magnitude', alpha: alpha.observed!, beta: c.observed },
      { reading: 'bound', label: `Illustrative ${Math.round(confidence * 100)}%`, alpha: alpha.bound, beta: c.bound },
    ],
  };
}

export async function consequence(opts: ConsequenceOptions): Promise<{ result: ConsequenceResult; markdown: string; dir: string; files: string[] }> {
  const dirs = opts.runs.map((d) => resolve(d));
  const twice = dirs.find((d, i) => dirs.indexOf(d) !== i);
  if (twice) throw new InputError(`run folder ${twice} given twice`);
  if (dirs.length > 1 && !opts.out) throw new InputError('--out: several runs pool into one result; name the folder it is written to');
  const confidence = 0.95;
  const family = opts.family ?? ANY_FAMILY;
  const recorded = dirs.filter((d) => existsSync(join(d, 'runs.json')));
  if (!opts.scores && !recorded.length) throw new InputError('--scores: required (published scores to weigh the budgets against), unless the runs are recorded-runs audits');
  const scores = opts.scores ? readScores(opts.scores) : [];

  const runs: LoadedRun[] = [];
  for (const [i, dir] of dirs.entries()) {
    const { run, increment, manifest, ledger } = await loadRun(dir);
    // A run killed or interrupted part-way has seen fewer false accepts than it will: budgets read from it would be too small.
    const scored = new Set(ledger.map((e) => e.cell));
    const unscored = manifest.filter((c) => !scored.has(c.id)).length;
    if (unscored) {
      throw new InputError(`${opts.runs[i]}: the run is not finished (${unscored} of its ${manifest.length} cells are not scored yet); resume it (the audit or run command that made it, with --out ${opts.runs[i]}) before reading budgets from it`);
    }
    runs.push({
      target: increment.target.name,
      manifest,
      classification: classify(manifest, ledger, increment.target.semantics),
      generatorName: (g) => g,
      // the folder as the user named it, for the output
      summary: { dir: opts.runs[i], id: run.id, target: increment.target.name, spec: increment.target.spec, version: increment.target.version, increment: increment.hash, generators: new Set(manifest.map((c) => c.generator)).size },
    });
  }
  const observed = recorded.length
    ? { from: recorded.map((d) => opts.runs[dirs.indexOf(d)]), ...poolPipelines(recorded.map((d) => JSON.parse(readFileSync(join(d, 'runs.json'), 'utf8')) as RunsReport)) }
    : undefined;
  const prefixed = nameGenerators(runs);
  const known = [...new Set(runs.flatMap((r) => r.manifest.filter((c) => c.arm === 'fault').map((c) => c.family)))].sort();
  if (family !== ANY_FAMILY && !known.includes(family)) throw new InputError(`--family: no fault family '${family}' in these runs${knownTail(family, [ANY_FAMILY, ...known])}`);

  const pooled = budgets(runs, opts.triage, confidence);
  const { readings } = readingsOf(pooled, family, confidence);
  if (!readings.length && !observed) {
    const why = pooled.controls.of === 0 ? 'no scored control' : `no generator with a confirmed wrong effect in family ${family}`;
    throw new InputError(`no budget can be read from these runs: ${why} (the runs need the fault arm and controls)`);
  }
  const bySplit = groupBy(scores, (s) => s.split);
  const rank = (rs: Reading[], split: string) => rs.map((r) => ({ reading: r.reading, ...rankConsequence(bySplit.get(split)!, r) }));
  const result: ConsequenceResult = {
    schema: CONSEQUENCE_SCHEMA,
    runs: runs.map((r) => r.summary),
    prefixed,
    ...(opts.triage ? { triage: { file: opts.triage.file, sha256: opts.triage.sha256 } } : {}),
    ...(opts.scores ? { scores: { file: opts.scores, sha256: sha256(readFileSync(opts.scores)), rows: scores.length } } : {}),
    ...(observed ? { observed } : {}),
    family,
    confidence,
    budgets: pooled,
    readings,
    splits: [...bySplit.keys()].map((split) => ({ split, readings: rank(readings, split) })),
    perRun:
      runs.length < 2
        ? []
        : runs.map((r) => {
            const b = budgets([r], opts.triage, confidence);
            const own = readingsOf(b, family, confidence);
            return {
              run: r.summary.dir,
              spec: r.summary.spec,
              budgets: b,
              alpha: own.alpha,
              readings: own.readings,
              splits: [...bySplit.keys()].map((split) => ({
                split,
                readings: rank(own.readings, split).map(({ reading, surviving, pairs, top1Unique }) => ({ reading, surviving, pairs, top1Unique })),
              })),
            };
          }),
  };
  const dir = opts.out ?? opts.runs[0];
  const files = await reportFiles(CONSEQUENCE_REPORTERS, result);
  // Writing beside a run's ledger: one writer at a time, as for the report.
  const unlock = dirs.includes(resolve(dir)) ? lockRunFolder(dir) : () => {};
  try {
    writeReportFiles(dir, files);
  } finally {
    unlock();
  }
  return { result, markdown: files['consequence.md'], dir, files: Object.keys(files) };
}
