// The report's tables as header and rows, rendered alike by report.md and
// report.html, so a column added to one cannot go missing from the other.
import type { Report } from './build.ts';
import { formatRate } from './thresholds.ts';
import type { Table } from './table.ts';


export const flowTable = (r: Report): Table => ({
  head: ['checker:family', 'sched.', 'ref.', 'inc.', 'deg.', 'immat.', 'cand.', 'class.', 'Pass', 'FA', 'Error'],
  rows: r.flow.map((f) => [`${r.evidence.target}:${f.family}`, f.scheduled, f.refused, f.incomplete, f.degenerate, f.immaterial, f.candidate, f.classified, f.pass, f.fa, f.error]),
});

export const killRateTable = (r: Report): Table => ({
  head: ['checker:family', 'killed', 'survived', 'errors', 'kill rate', 'band'],
  rows: (r.killRates?.families ?? []).map((k) => [
    `${r.evidence.target}:${k.family}`,
    k.killed,
    k.survived + (k.dismissed ? ` (+${k.dismissed} dismissed)` : ''),
    k.errors,
    formatRate(k.rate),
    k.band + (k.belowBreak ? ' (below break)' : ''),
  ]),
});

export const supportedTable = (r: Report): Table => ({
  head: ['checker:family', 'wrong effect', 'evidence', 'N', 'Pass', 'FA', 'generators with FA'],
  rows: r.supported.map((s) => [
    `${r.evidence.target}:${s.family}${s.sameAs ? ` (${s.sameAs.cells} identical to ${s.sameAs.family})` : ''}`,
    s.wrongEffect,
    s.evidence,
    s.n,
    s.pass,
    s.fa,
    `${s.generatorsWithFa}/${s.generatorsEligible}`,
  ]),
});

export const refusalTable = (r: Report): Table => ({
  head: ['family', 'reason', 'cells'],
  rows: r.refusals.map((x) => [x.family, x.reason, x.cells]),
});

export const errorTable = (r: Report): Table => ({
  head: ['cause', 'cells', 'examples'],
  rows: r.errors.map((e) => [e.cause, e.cells, e.examples.map((x) => x.cell).join(', ')]),
});

export const floorTable = (f: NonNullable<Report['floor']>): Table => ({
  head: ['scenario', 'tasks', 'do-nothing false accepts', 'non-discriminating tasks', 'unscored'],
  rows: f.rows.map((r) => [r.scenario, r.tasks, r.falseAccepts.length, r.nonDiscriminating.length, r.unscored.length]),
});

export const weaknessTable = (s: NonNullable<Report['search']>): Table => ({
  head: ['task', 'weakness (what the checker does not hold)', 'minimal mutants', 'example'],
  rows: s.weaknesses.map((w) => [w.task, w.weakness, w.mutants, w.example]),
});

export const searchTable = (s: NonNullable<Report['search']>): Table => ({
  head: ['task', 'minimal mutant', 'size (edits/steps/args)', 'explored', 'shrink tried/steps', 'evidence'],
  rows: s.findings.map((f) => [
    f.task,
    f.minimal.edits.join('; then ') + (f.triage ? ` [${f.triage.status}: ${f.triage.reason}]` : ''),
    `${f.minimal.size.edits}/${f.minimal.size.steps}/${f.minimal.size.args}`,
    f.explored,
    `${f.tried}/${f.shrinks}${f.stop === 'minimal' ? '' : ` (${f.stop})`}`,
    f.evidence.summary.join('; '),
  ]),
});

export const rungTable = (s: NonNullable<Report['swap']>): Table => ({
  head: ['rung', 'meaning', 'valid cells', 'checker Pass'],
  rows: s.rungs.map((x) => [x.rung, x.meaning, x.valid, x.rung === 'diag' ? `${x.pass}/${x.valid} pass` : x.pass]),
});
