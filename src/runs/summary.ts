// The recorded-runs report's model: reproduction first (per suite and per
// pipeline), then per pipeline the recorded, regraded and corrected utility with
// intervals over tasks, the leaderboard orders the corrections change, and each
// finding with the readback that proves it. Rendered by src/report/runs.ts.
import type { Cell } from '../contract/cell.ts';
import type { EffectSemantics } from '../contract/target.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { canonicalJson, sha256 } from '../util/hash.ts';
import { clopperPearsonInterval } from '../util/clopper-pearson.ts';
import { groupBy, largestFirst } from '../util/group.ts';
import { clip } from '../util/clip.ts';
import { judgeRuns, RUN_CLASSES, type JudgedRun, type ReviewKind, type RunClass } from './judge.ts';
import type { RunsExtras } from './cells.ts';
import { isDismissed } from '../triage/dismissed.ts';
import { PAIRING_HINT } from '../readback/compare.ts';

const RUNS_REPORT_SCHEMA = 'blindspot.runs-report/1';

export interface PipelineRow {
  pipeline: string;
  /** runs of the target's listed tasks (the tasks behind the published utility) */
  runs: number;
  recordedPasses: number;
  regradedPasses: number;
  reproduced: number;
  falseAccepts: number;
  falseRejects: number;
  needsReview: number;
  recordedUtility: number;
  correctedUtility: number;
  recordedCi: [number, number];
  correctedCi: [number, number];
}

export interface Finding extends JudgedRun {
  /** triage identity: the task and the effect difference, so one dismissal holds for every run making it */
  key: string;
  triage?: { status: string; reason: string };
}

export interface RunsReport {
  schema: typeof RUNS_REPORT_SCHEMA;
  target: string;
  increment: string;
  input: { root: string; files: number };
  counts: Record<RunClass, number>;
  /** per scenario (AgentDojo: suite), listed tasks' runs and unlisted tasks' runs apart */
  reproduction: { group: string; runs: number; reproduced: number; rate: number | null }[];
  pipelines: PipelineRow[];
  orders: { changed: { higher: string; lower: string; recorded: [number, number]; corrected: [number, number] }[]; top1: { recorded: string[]; corrected: string[]; changed: boolean } };
  falseAccepts: Finding[];
  falseRejects: Finding[];
  needsReview: Finding[];
  /** the runs set apart, by why, the most runs first; per reason its tasks, the most runs first */
  reviewReasons: { review: ReviewKind; runs: number; tasks: { task: string; runs: number }[] }[];
  /** correct passes whose free fields differ from the reference's, per task, the most runs first: what setting them apart accepted */
  freeDiffering: { task: string; runs: number; pipelines: number; columns: string[]; example: string }[];
  notReproduced: { reason: string; runs: number; example: string }[];
  excluded: { source: string; reason: string }[];
  /** runs of tasks the target does not list (AgentDojo: injection tasks given as the user's request) */
  unlisted: { runs: number; reproduced: number; falseAccepts: number };
  triage?: { file: string; dismissed: number; accepted: number };
}

const scenarioOf = (task: string) => (task.includes('/') ? task.split('/', 1)[0] : 'all');
const rate = (k: number, n: number) => (n ? k / n : null);

/**
 * A recorded run's finding is keyed by what its effect got wrong, so a dismissal
 * holds for later runs: a line that only explains the difference (added when the
 * evidence learnt to explain) is left out, or every triage file would lose its
 * dismissals the day the explanation was added.
 */
export const findingKey = (target: string, run: JudgedRun) =>
  sha256(canonicalJson([target, run.task, 'recorded-run', run.evidence?.filter((l) => !l.endsWith(PAIRING_HINT)) ?? run.reason])).slice(0, 16);

type Counts = Pick<PipelineRow, 'runs' | 'recordedPasses' | 'regradedPasses' | 'reproduced' | 'falseAccepts' | 'falseRejects' | 'needsReview'>;

/** One pipeline's row from its counts: corrected utility counts false accepts as failures and false rejects as successes. */
function pipelineRow(pipeline: string, c: Counts): PipelineRow {
  const corrected = c.recordedPasses - c.falseAccepts + c.falseRejects;
  return {
    pipeline,
    ...c,
    recordedUtility: c.recordedPasses / c.runs,
    correctedUtility: corrected / c.runs,
    recordedCi: clopperPearsonInterval(c.recordedPasses, c.runs),
    correctedCi: clopperPearsonInterval(corrected, c.runs),
  };
}

/** The rows in recorded order, the pairs whose order the corrections reverse, and the top-1 before and after. */
function ranked(rows: PipelineRow[]): Pick<RunsReport, 'pipelines' | 'orders'> {
  const pipelines = [...rows].sort((a, b) => b.recordedUtility - a.recordedUtility || a.pipeline.localeCompare(b.pipeline));
  const changed: RunsReport['orders']['changed'] = [];
  for (const a of pipelines) {
    for (const b of pipelines) {
      if (a.recordedUtility > b.recordedUtility && a.correctedUtility < b.correctedUtility) {
        changed.push({ higher: a.pipeline, lower: b.pipeline, recorded: [a.recordedUtility, b.recordedUtility], corrected: [a.correctedUtility, b.correctedUtility] });
      }
    }
  }
  const best = (key: 'recordedUtility' | 'correctedUtility') => {
    const top = Math.max(...pipelines.map((p) => p[key]));
    return pipelines.filter((p) => p[key] === top).map((p) => p.pipeline).sort();
  };
  const top1 = { recorded: best('recordedUtility'), corrected: best('correctedUtility') };
  return { pipelines, orders: { changed, top1: { ...top1, changed: canonicalJson(top1.recorded) !== canonicalJson(top1.corrected) } } };
}

/** Several runs reports (one per suite, say) as one leaderboard: each pipeline's counts summed over them. */
export function poolPipelines(reports: RunsReport[]): Pick<RunsReport, 'pipelines' | 'orders'> {
  const sums = new Map<string, Counts>();
  for (const r of reports) {
    for (const p of r.pipelines) {
      const s = sums.get(p.pipeline) ?? { runs: 0, recordedPasses: 0, regradedPasses: 0, reproduced: 0, falseAccepts: 0, falseRejects: 0, needsReview: 0 };
      for (const k of Object.keys(s) as (keyof Counts)[]) s[k] += p[k];
      sums.set(p.pipeline, s);
    }
  }
  return ranked([...sums].map(([pipeline, c]) => pipelineRow(pipeline, c)));
}

export function buildRunsReport(opts: {
  target: string;
  increment: string;
  extras: RunsExtras;
  cells: Cell[];
  entryOf: (id: string) => LedgerEntry | undefined;
  semantics: EffectSemantics | undefined;
  /** what the report reads of a triage file (src/triage/triage.ts), by finding key */
  triage?: { file: string; byKey: Map<string, { status: string; reason: string }> };
}): RunsReport {
  const listed = new Set(opts.cells.filter((c) => c.run?.listed).map((c) => c.checker));
  const judged = judgeRuns(opts.cells, opts.entryOf, opts.semantics);
  const asFinding = (r: JudgedRun): Finding => {
    const key = findingKey(opts.target, r);
    const t = opts.triage?.byKey.get(key);
    return { ...r, key, ...(t ? { triage: { status: t.status, reason: t.reason } } : {}) };
  };
  const counts = Object.fromEntries(RUN_CLASSES.map((c) => [c, judged.filter((r) => r.class === c).length])) as Record<RunClass, number>;
  const scored = judged.filter((r) => r.class !== 'excluded' && r.class !== 'unscored');
  const reproducedRun = (r: JudgedRun) => r.class !== 'not-reproduced';
  const groups = groupBy(scored, (r) => `${scenarioOf(r.task)}${listed.has(r.task) ? '' : ' (unlisted tasks)'}`);
  const reproduction = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, rs]) => ({ group, runs: rs.length, reproduced: rs.filter(reproducedRun).length, rate: rate(rs.filter(reproducedRun).length, rs.length) }));
  const findings = {
    falseAccepts: judged.filter((r) => r.class === 'real-false-accept').map(asFinding),
    falseRejects: judged.filter((r) => r.class === 'real-false-reject').map(asFinding),
    needsReview: judged.filter((r) => r.class === 'needs-review').map(asFinding),
  };
  const dismissed = new Set([...findings.falseAccepts, ...findings.falseRejects].filter(isDismissed).map((f) => f.cell));
  const byPipeline = groupBy(scored.filter((r) => listed.has(r.task)), (r) => r.pipeline);
  const pipelines = [...byPipeline.entries()].map(([pipeline, rs]) =>
    pipelineRow(pipeline, {
      runs: rs.length,
      recordedPasses: rs.filter((r) => r.recorded === 'pass').length,
      regradedPasses: rs.filter((r) => r.regraded === 'pass').length,
      reproduced: rs.filter(reproducedRun).length,
      falseAccepts: rs.filter((r) => r.class === 'real-false-accept' && !dismissed.has(r.cell)).length,
      falseRejects: rs.filter((r) => r.class === 'real-false-reject' && !dismissed.has(r.cell)).length,
      needsReview: rs.filter((r) => r.class === 'needs-review').length,
    }),
  );
  // the reason without its run-specific figures, so that like causes group
  const reasons = groupBy(judged.filter((x) => x.class === 'not-reproduced'), (r) =>
    r.reason.replace(/^recorded \w+, regraded \w+/, 'recorded ≠ regraded').replace(/call \d+ \(/, 'a call (').replace(/\([^()]*\) (is rejected|succeeds)/, '$1'),
  );
  const unlistedRuns = scored.filter((r) => !listed.has(r.task));
  const marked = [...findings.falseAccepts, ...findings.falseRejects].map((f) => f.triage?.status);
  return {
    schema: RUNS_REPORT_SCHEMA,
    target: opts.target,
    increment: opts.increment,
    input: { root: opts.extras.root, files: opts.extras.files.length },
    counts,
    reproduction,
    ...ranked(pipelines),
    ...findings,
    reviewReasons: largestFirst(groupBy(findings.needsReview, (f) => f.review!)).map(([review, rs]) => ({
      review: review as ReviewKind,
      runs: rs.length,
      tasks: largestFirst(groupBy(rs, (f) => f.task)).map(([task, ts]) => ({ task, runs: ts.length })),
    })),
    freeDiffering: largestFirst(groupBy(judged.filter((r) => r.freeDiffers), (r) => r.task)).map(([task, rs]) => ({
      task,
      runs: rs.length,
      pipelines: new Set(rs.map((r) => r.pipeline)).size,
      columns: [...new Set(rs.flatMap((r) => r.freeDiffers!))].sort(),
      example: clip(`${rs[0].pipeline}: ${rs[0].detail!.join('; ')}`, 400),
    })),
    notReproduced: largestFirst(reasons).map(([reason, rs]) => ({ reason, runs: rs.length, example: rs[0].source })),
    excluded: judged.filter((r) => r.class === 'excluded').map((r) => ({ source: r.source, reason: r.reason })),
    unlisted: { runs: unlistedRuns.length, reproduced: unlistedRuns.filter(reproducedRun).length, falseAccepts: unlistedRuns.filter((r) => r.class === 'real-false-accept').length },
    ...(opts.triage ? { triage: { file: opts.triage.file, dismissed: marked.filter((s) => s === 'dismissed').length, accepted: marked.filter((s) => s === 'accepted').length } } : {}),
  };
}

export const CLASS_TEXT: Record<RunClass, string> = {
  'real-false-accept': 'Pass, and the replayed effect differs from the reference in what the task determines (another recipient, a second payment, a missing or extra row, a changed field the prompt states)',
  'real-false-reject': "Fail, although the replayed effect is the reference's in what the task determines and the answer states the reference answer",
  'correct-pass': "Pass on the reference's effect",
  'correct-fail': 'Fail on an effect (or answer) that differs from the reference',
  'needs-review': 'a difference the engine cannot classify (e.g. only free text the agent composed, where the checker may read it); listed, never counted',
  'not-reproduced': 'the regrade differs from the recorded verdict: never a finding',
  excluded: 'not replayed: a bad file, a task this audit does not serve',
  unscored: 'not scored yet',
};
