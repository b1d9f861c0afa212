// The recorded-runs report (src/runs/summary.ts) as sections of the audit's page,
// and its CSV files.
import { csvTable } from './csv.ts';
import type { Section, Table } from './section.ts';
import { CLASS_TEXT, type Finding, type RunsReport } from '../runs/summary.ts';
import { REVIEW_KINDS, RUN_CLASSES } from '../runs/judge.ts';
import { groupBy, largestFirst, movedLast } from '../util/group.ts';
import { isDismissed } from '../triage/dismissed.ts';

export const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);
export const ci = ([lo, hi]: [number, number]) => `[${(lo * 100).toFixed(1)}, ${(hi * 100).toFixed(1)}]`;

const METHOD =
  'Each run is replayed on a fresh environment through the benchmark\'s own runtime (its calls in order, errors answered as recorded), read back before the checker runs, and regraded by the benchmark\'s own checker under the version it was recorded with. ' +
  'Only a run whose regrade reproduces its recorded verdict is judged, by its effect against the reference delivered under the same version, in the target\'s material view (log tables, set semantics, ignored, normalised and aliased columns), with what the task leaves open set apart: the reference\'s free arguments, and the arguments the target declares open unless the instruction quotes their value, wherever the application stores or copies them. ' +
  'Corrected utility counts real false accepts as failures and real false rejects as successes (dismissed ones excepted); intervals are 95% Clopper-Pearson over tasks.';

/** A section of this report: a note, then a table or a sentence. */
interface Part {
  title: string;
  note?: string;
  table?: Table;
  text?: string;
}

const section = ({ title, note, table, text }: Part): Section => ({
  title,
  blocks: [...(note ? [{ text: note, note: true }] : []), table ? { table } : { text: text! }],
});

const evidenceOf = (f: Finding) => (f.evidence ?? [f.reason]).join('; ');

// standing findings first: what is left to triage is read before what is settled
const findingRows = (fs: Finding[]) =>
  movedLast(fs, isDismissed).map((f) => [f.pipeline, f.task, f.version ?? '', evidenceOf(f), f.reason, f.free?.join(', ') ?? '', f.key, f.triage ? `${f.triage.status}: ${f.triage.reason}` : '']);
const FINDING_HEAD = ['pipeline', 'task', 'version', 'evidence (readback)', 'judgement', 'free fields set apart', 'key', 'triage'];
const findings = (title: string, c: 'real-false-accept' | 'real-false-reject', fs: Finding[]): Part =>
  fs.length ? { title, note: CLASS_TEXT[c], table: { head: FINDING_HEAD, rows: findingRows(fs) } } : { title, text: 'None.' };

/** The first three of a list, then how many more. */
const firstThree = (xs: string[]) => [...xs.slice(0, 3), ...(xs.length > 3 ? [`${xs.length - 3} more`] : [])].join(', ');

/**
 * One row per task: a task is one checker, triaged once however many runs got
 * past it; the tasks with the most standing runs first, each with the readback
 * most of its runs share, and its keys, the commonest first.
 */
function byTask(fs: Finding[]): Part {
  const rows = largestFirst(groupBy(fs, (f) => f.task))
    .map(([task, runs]) => {
      const [[evidence, same]] = largestFirst(groupBy(runs, evidenceOf));
      const standing = runs.filter((f) => !isDismissed(f)).length;
      const shared = same.length === runs.length ? '' : ` (${same.length} of ${runs.length} runs)`;
      return { standing, row: [task, runs.length, standing, runs.length - standing, new Set(runs.map((f) => f.pipeline)).size, evidence + shared, firstThree(largestFirst(groupBy(runs, (f) => f.key)).map(([key]) => key))] };
    })
    .sort((a, b) => b.standing - a.standing);
  return {
    title: 'Real false accepts, by task',
    note: "One row per task, that is per checker; every run follows, one a row. A dismissal is per key (the task and its effect difference), so it holds for every run making that difference.",
    table: { head: ['task', 'runs', 'standing', 'dismissed', 'pipelines', 'what its checker passed (readback)', 'keys'], rows: rows.map((r) => r.row) },
  };
}

const dismissedIn = (r: RunsReport, c: string) => {
  const fs = c === 'real-false-accept' ? r.falseAccepts : c === 'real-false-reject' ? r.falseRejects : [];
  const n = fs.filter(isDismissed).length;
  return n ? ` (${n} dismissed)` : '';
};

export function runsSections(r: RunsReport): Section[] {
  const top1 = `Top-1 recorded: ${r.orders.top1.recorded.join(', ') || 'n/a'}; corrected: ${r.orders.top1.corrected.join(', ') || 'n/a'} (${r.orders.top1.changed ? 'changed' : 'unchanged'}).`;
  const out: Part[] = [
    {
      title: 'Recorded runs: classes',
      note: METHOD,
      table: {
        head: ['class', 'runs', 'meaning'],
        rows: RUN_CLASSES.filter((c) => r.counts[c] || c !== 'unscored').map((c) => [c, `${r.counts[c]}${dismissedIn(r, c)}`, CLASS_TEXT[c]]),
      },
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
    {
      title: 'Leaderboard orders the corrections change',
      ...(r.orders.changed.length
        ? { note: top1, table: { head: ['was above', 'now below', 'recorded', 'corrected'], rows: r.orders.changed.map((c) => [c.higher, c.lower, `${pct(c.recorded[0])} > ${pct(c.recorded[1])}`, `${pct(c.corrected[0])} < ${pct(c.corrected[1])}`]) } }
        : { text: `None. ${top1}` }),
    },
    ...(r.falseAccepts.length ? [byTask(r.falseAccepts)] : []),
    findings('Real false accepts', 'real-false-accept', r.falseAccepts),
    findings('Real false rejects', 'real-false-reject', r.falseRejects),
  ];
  if (r.needsReview.length) {
    // the tasks behind a reason, six at most
    const tasks = (ts: { task: string; runs: number }[]) => [...ts.slice(0, 6).map((t) => `${t.task} (${t.runs})`), ...(ts.length > 6 ? [`${ts.length - 6} more`] : [])].join(', ');
    out.push(
      {
        title: 'Needs review, by reason (not counted)',
        note: 'What sets each run apart, and what its reader checks to settle it; every run follows, one a row.',
        table: { head: ['reason', 'runs', 'tasks (runs)', 'what to check'], rows: r.reviewReasons.map((g) => [g.review, g.runs, tasks(g.tasks), REVIEW_KINDS[g.review]]) },
      },
      {
        title: 'Needs review (not counted)',
        table: {
          head: ['pipeline', 'task', 'version', 'why', 'what it shows (readback, answer)', 'key'],
          rows: r.needsReview.map((f) => [f.pipeline, f.task, f.version ?? '', f.reason, [...(f.evidence ?? []), ...(f.detail ?? [])].join('; '), f.key]),
        },
      },
    );
  }
  if (r.freeDiffering.length) {
    out.push({
      title: 'Passes differing only in fields set apart as free, by task (correct passes)',
      note: "Counted as correct passes: the effect is the reference's once the fields the task leaves to the agent are set apart. Read a row where a field should not have been free (a date the prompt states).",
      table: { head: ['task', 'runs', 'pipelines', 'fields that differ', 'example (pipeline: what differs)'], rows: r.freeDiffering.map((g) => [g.task, g.runs, g.pipelines, g.columns.join(', '), g.example]) },
    });
  }
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
  return out.map(section);
}

export function runsCsv(judged: RunsReport): { pipelines: string; findings: string } {
  const pipelines = csvTable(
    judged.pipelines.map((p) => ({
      pipeline: p.pipeline, runs: p.runs, recorded_passes: p.recordedPasses, regraded_passes: p.regradedPasses, reproduced: p.reproduced,
      real_false_accepts: p.falseAccepts, real_false_rejects: p.falseRejects, needs_review: p.needsReview,
      recorded_utility: p.recordedUtility.toFixed(4), recorded_ci_low: p.recordedCi[0].toFixed(4), recorded_ci_high: p.recordedCi[1].toFixed(4),
      corrected_utility: p.correctedUtility.toFixed(4), corrected_ci_low: p.correctedCi[0].toFixed(4), corrected_ci_high: p.correctedCi[1].toFixed(4),
    })),
  );
  const findings = csvTable(
    [...judged.falseAccepts, ...judged.falseRejects, ...judged.needsReview].map((f) => ({
      class: f.class, pipeline: f.pipeline, task: f.task, version: f.version ?? '', source: f.source, recorded: f.recorded ?? '', regraded: f.regraded ?? '',
      reason: f.reason, evidence: (f.evidence ?? []).join('; '), free: (f.free ?? []).join(' '), key: f.key, triage: f.triage ? `${f.triage.status}: ${f.triage.reason}` : '',
    })),
    ['class', 'pipeline', 'task', 'version', 'source', 'recorded', 'regraded', 'reason', 'evidence', 'free', 'key', 'triage'],
  );
  return { pipelines, findings };
}
