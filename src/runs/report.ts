// The recorded-runs report: reproduction first (per suite and per pipeline), then
// per pipeline the recorded, regraded and corrected utility with intervals over
// tasks, the leaderboard orders the corrections change, and each finding with the
// readback that proves it. One model (RunsReport), rendered to markdown, HTML and
// CSV from the same sections.
import { stringify } from 'csv-stringify/sync';
import type { Cell } from '../protocol/cell.ts';
import type { EffectSemantics } from '../target/types.ts';
import type { LedgerEntry } from '../run/ledger.ts';
import type { Triage } from '../triage/triage.ts';
import { canonicalJson, sha256 } from '../util/hash.ts';
import { clopperPearsonInterval } from '../consequence/clopper-pearson.ts';
import { mdTable } from '../report/markdown.ts';
import { esc, STYLE, table } from '../report/html.ts';
import type { Table } from '../report/tables.ts';
import { judgeRuns, RUN_CLASSES, type JudgedRun, type RunClass } from './judge.ts';
import type { RunsExtras } from './cells.ts';

export const RUNS_REPORT_SCHEMA = 'blindspot.runs-report/1';

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
  notReproduced: { reason: string; runs: number; example: string }[];
  excluded: { source: string; reason: string }[];
  /** runs of tasks the target does not list (AgentDojo: injection tasks given as the user's request) */
  unlisted: { runs: number; reproduced: number; falseAccepts: number };
  triage?: { file: string; dismissed: number; accepted: number };
}

const scenarioOf = (task: string) => (task.includes('/') ? task.split('/', 1)[0] : 'all');
const rate = (k: number, n: number) => (n ? k / n : null);

export const findingKey = (target: string, run: JudgedRun) => sha256(canonicalJson([target, run.task, 'recorded-run', run.evidence ?? run.reason])).slice(0, 16);

type Counts = Pick<PipelineRow, 'runs' | 'recordedPasses' | 'regradedPasses' | 'reproduced' | 'falseAccepts' | 'falseRejects' | 'needsReview'>;

/** One pipeline's row from its counts: corrected utility counts false accepts as failures and false rejects as successes. */
export function pipelineRow(pipeline: string, c: Counts): PipelineRow {
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
export function ranked(rows: PipelineRow[]): Pick<RunsReport, 'pipelines' | 'orders'> {
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
  const top1 = { recorded: pipelines.length ? best('recordedUtility') : [], corrected: pipelines.length ? best('correctedUtility') : [] };
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
  triage?: Triage;
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
  const groups = new Map<string, JudgedRun[]>();
  for (const r of scored) {
    const g = `${scenarioOf(r.task)}${listed.has(r.task) ? '' : ' (unlisted tasks)'}`;
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  const reproduction = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, rs]) => ({ group, runs: rs.length, reproduced: rs.filter(reproducedRun).length, rate: rate(rs.filter(reproducedRun).length, rs.length) }));
  const findings = {
    falseAccepts: judged.filter((r) => r.class === 'real-false-accept').map(asFinding),
    falseRejects: judged.filter((r) => r.class === 'real-false-reject').map(asFinding),
    needsReview: judged.filter((r) => r.class === 'needs-review').map(asFinding),
  };
  const dismissed = new Set([...findings.falseAccepts, ...findings.falseRejects].filter((f) => f.triage?.status === 'dismissed').map((f) => f.cell));
  const byPipeline = new Map<string, JudgedRun[]>();
  for (const r of scored) if (listed.has(r.task)) byPipeline.set(r.pipeline, [...(byPipeline.get(r.pipeline) ?? []), r]);
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
  const reasons = new Map<string, JudgedRun[]>();
  for (const r of judged.filter((x) => x.class === 'not-reproduced')) {
    // the reason without its run-specific figures, so that like causes group
    const general = r.reason.replace(/^recorded \w+, regraded \w+/, 'recorded ≠ regraded').replace(/call \d+ \(/, 'a call (').replace(/\([^()]*\) (is rejected|succeeds)/, '$1');
    reasons.set(general, [...(reasons.get(general) ?? []), r]);
  }
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
    notReproduced: [...reasons.entries()].map(([reason, rs]) => ({ reason, runs: rs.length, example: rs[0].source })).sort((a, b) => b.runs - a.runs || a.reason.localeCompare(b.reason)),
    excluded: judged.filter((r) => r.class === 'excluded').map((r) => ({ source: r.source, reason: r.reason })),
    unlisted: { runs: unlistedRuns.length, reproduced: unlistedRuns.filter(reproducedRun).length, falseAccepts: unlistedRuns.filter((r) => r.class === 'real-false-accept').length },
    ...(opts.triage ? { triage: { file: opts.triage.file, dismissed: marked.filter((s) => s === 'dismissed').length, accepted: marked.filter((s) => s === 'accepted').length } } : {}),
  };
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);
const ci = ([lo, hi]: [number, number]) => `[${(lo * 100).toFixed(1)}, ${(hi * 100).toFixed(1)}]`;

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

const METHOD =
  'Each run is replayed on a fresh environment through the benchmark\'s own runtime (its calls in order, errors answered as recorded), read back before the checker runs, and regraded by the benchmark\'s own checker under the version it was recorded with. ' +
  'Only a run whose regrade reproduces its recorded verdict is judged, by its effect against the reference delivered under the same version, in the target\'s material view (log tables, set semantics, ignored and normalised columns) with the reference\'s free arguments set apart. ' +
  'Corrected utility counts real false accepts as failures and real false rejects as successes (dismissed ones excepted); intervals are 95% Clopper-Pearson over tasks.';

interface Section {
  title: string;
  note?: string;
  table?: Table;
  text?: string;
}

const findingRows = (fs: Finding[]) =>
  fs.map((f) => [f.pipeline, f.task, f.version ?? '', (f.evidence ?? [f.reason]).join('; '), f.free?.join(', ') ?? '', f.key, f.triage ? `${f.triage.status}: ${f.triage.reason}` : '']);
const FINDING_HEAD = ['pipeline', 'task', 'version', 'evidence (readback)', 'free fields set apart', 'key', 'triage'];

export function runsSections(r: RunsReport): Section[] {
  const out: Section[] = [
    {
      title: 'Recorded runs: classes',
      note: METHOD,
      table: { head: ['class', 'runs', 'meaning'], rows: RUN_CLASSES.filter((c) => r.counts[c] || c !== 'unscored').map((c) => [c, r.counts[c], CLASS_TEXT[c]]) },
    },
    { title: 'Reproduction per suite', table: { head: ['suite', 'runs', 'reproduced', 'rate'], rows: r.reproduction.map((g) => [g.group, g.runs, g.reproduced, pct(g.rate)]) } },
    {
      title: 'Per pipeline',
      note: 'Runs of the listed tasks only (the published utility column). Recorded: the verdict in the run file; regraded: the checker here.',
      table: {
        head: ['pipeline', 'runs', 'recorded utility', '95% CI', 'regraded utility', 'reproduced', 'real FA', 'real FR', 'needs review', 'corrected utility', '95% CI'],
        rows: r.pipelines.map((p) => [p.pipeline, p.runs, pct(p.recordedUtility), ci(p.recordedCi), pct(p.regradedPasses / p.runs), pct(p.reproduced / p.runs), p.falseAccepts, p.falseRejects, p.needsReview, pct(p.correctedUtility), ci(p.correctedCi)]),
      },
    },
    r.orders.changed.length
      ? {
          title: 'Leaderboard orders the corrections change',
          note: `Top-1 recorded: ${r.orders.top1.recorded.join(', ')}; corrected: ${r.orders.top1.corrected.join(', ')} (${r.orders.top1.changed ? 'changed' : 'unchanged'}).`,
          table: { head: ['was above', 'now below', 'recorded', 'corrected'], rows: r.orders.changed.map((c) => [c.higher, c.lower, `${pct(c.recorded[0])} > ${pct(c.recorded[1])}`, `${pct(c.corrected[0])} < ${pct(c.corrected[1])}`]) },
        }
      : { title: 'Leaderboard orders the corrections change', text: `None. Top-1 recorded: ${r.orders.top1.recorded.join(', ') || 'n/a'}; corrected: ${r.orders.top1.corrected.join(', ') || 'n/a'} (${r.orders.top1.changed ? 'changed' : 'unchanged'}).` },
    r.falseAccepts.length
      ? { title: 'Real false accepts', note: CLASS_TEXT['real-false-accept'], table: { head: FINDING_HEAD, rows: findingRows(r.falseAccepts) } }
      : { title: 'Real false accepts', text: 'None.' },
    r.falseRejects.length
      ? { title: 'Real false rejects', note: CLASS_TEXT['real-false-reject'], table: { head: FINDING_HEAD, rows: findingRows(r.falseRejects) } }
      : { title: 'Real false rejects', text: 'None.' },
  ];
  if (r.needsReview.length) out.push({ title: 'Needs review (not counted)', table: { head: ['pipeline', 'task', 'version', 'why', 'key'], rows: r.needsReview.map((f) => [f.pipeline, f.task, f.version ?? '', f.reason, f.key]) } });
  if (r.notReproduced.length) out.push({ title: 'Not reproduced, by reason (never counted)', table: { head: ['reason', 'runs', 'example'], rows: r.notReproduced.map((n) => [n.reason, n.runs, n.example]) } });
  if (r.unlisted.runs) out.push({ title: "Runs of tasks the target does not list", text: `${r.unlisted.runs} runs (AgentDojo: injection tasks given as the user's request, graded by the injection task's own check); ${r.unlisted.reproduced} reproduced; ${r.unlisted.falseAccepts} real false accepts. Not part of the utility columns.` });
  if (r.excluded.length) {
    // runs of suites this audit does not serve are one line per suite; runs.json lists every excluded run
    const other = new Map<string, number>();
    const rest: RunsReport['excluded'] = [];
    for (const e of r.excluded) {
      const m = /a run of (\S+), which this audit does not serve/.exec(e.reason);
      if (m) other.set(m[1], (other.get(m[1]) ?? 0) + 1);
      else rest.push(e);
    }
    const rows = [...[...other].sort().map(([suite, n]) => [`${n} run(s) of ${suite}`, 'a suite this audit does not serve']), ...rest.map((e) => [e.source, e.reason])];
    out.push({ title: 'Excluded runs', table: { head: ['run', 'reason'], rows } });
  }
  return out;
}

export function renderRunsMarkdown(r: RunsReport, level = 2): string {
  const h = '#'.repeat(level);
  const out: string[] = [];
  for (const s of runsSections(r)) {
    out.push('', `${h} ${s.title}`, '');
    if (s.note) out.push(s.note, '');
    out.push(s.table ? mdTable(s.table.head, s.table.rows) : s.text!);
  }
  return out.join('\n') + '\n';
}

export function renderRunsHtmlBody(r: RunsReport): string {
  return runsSections(r)
    .map((s) => `<h2>${esc(s.title)}</h2>${s.note ? `<p class="note">${esc(s.note)}</p>` : ''}${s.table ? table(s.table.head, s.table.rows) : `<p>${esc(s.text)}</p>`}`)
    .join('\n');
}

export const renderRunsHtml = (r: RunsReport) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>blindspot recorded runs: ${esc(r.target)}</title><style>${STYLE}</style></head><body><h1>blindspot recorded runs: ${esc(r.target)}</h1>${renderRunsHtmlBody(r)}</body></html>\n`;

export function runsCsv(judged: RunsReport): { pipelines: string; findings: string } {
  const pipelines = stringify(
    judged.pipelines.map((p) => ({
      pipeline: p.pipeline, runs: p.runs, recorded_passes: p.recordedPasses, regraded_passes: p.regradedPasses, reproduced: p.reproduced,
      real_false_accepts: p.falseAccepts, real_false_rejects: p.falseRejects, needs_review: p.needsReview,
      recorded_utility: p.recordedUtility.toFixed(4), recorded_ci_low: p.recordedCi[0].toFixed(4), recorded_ci_high: p.recordedCi[1].toFixed(4),
      corrected_utility: p.correctedUtility.toFixed(4), corrected_ci_low: p.correctedCi[0].toFixed(4), corrected_ci_high: p.correctedCi[1].toFixed(4),
    })),
    { header: true },
  );
  const findings = stringify(
    [...judged.falseAccepts, ...judged.falseRejects, ...judged.needsReview].map((f) => ({
      class: f.class, pipeline: f.pipeline, task: f.task, version: f.version ?? '', source: f.source, recorded: f.recorded ?? '', regraded: f.regraded ?? '',
      reason: f.reason, evidence: (f.evidence ?? []).join('; '), free: (f.free ?? []).join(' '), key: f.key, triage: f.triage ? `${f.triage.status}: ${f.triage.reason}` : '',
    })),
    { header: true, columns: ['class', 'pipeline', 'task', 'version', 'source', 'recorded', 'regraded', 'reason', 'evidence', 'free', 'key', 'triage'] },
  );
  return { pipelines, findings };
}
