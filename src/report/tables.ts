// The report's tables as header and rows, rendered alike by report.md and
// report.html, so a column added to one cannot go missing from the other.
import type { Report } from './build.ts';
import { formatRate } from './thresholds.ts';
import type { Table } from './section.ts';
import type { SearchFinding } from '../search/findings.ts';
import { groupBy } from '../util/group.ts';


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

/** What triage says of a group of minimal mutants: nothing, or per mark how many carry it and why. */
function triageMarks(fs: SearchFinding[]): string {
  const marked = groupBy(fs.filter((f) => f.triage), (f) => `${f.triage!.status}\u0000${f.triage!.reason}`);
  return [...marked.values()].map((xs) => ` [${xs.length === fs.length ? '' : `${xs.length} of ${fs.length} `}${xs[0].triage!.status}: ${xs[0].triage!.reason}]`).join('');
}

export const mechanismTable = (s: NonNullable<Report['search']>): Table => {
  const byName = groupBy(s.findings, (f) => f.mechanism);
  return {
    head: ['mechanism (one weakness on several checkers)', 'checkers', 'minimal mutants', 'example'],
    rows: s.mechanisms.map((m) => [
      m.mechanism + triageMarks(byName.get(m.mechanism)!),
      `${m.tasks.length} of ${m.of}`,
      m.mutants,
      `${m.example.task}${m.example.weakness === m.mechanism ? '' : ` (${m.example.weakness})`}: ${m.example.edits}`,
    ]),
  };
};

export const MUTANTS_NOTE = 'Every minimal mutant, with its edits, size and evidence, is in search.csv and report.json; `blindspot triage <run> --weakness "<name>"` marks a weakness, or a mechanism, on every task at once.';

/** Which tasks had no out-of-scope write to insert, and why; empty when every task had some. */
export function withoutInsertsNote(s: NonNullable<Report['search']>): string {
  const bare = Object.entries(s.spec.withoutInserts ?? {});
  return bare.length ? `Out-of-scope writes are taken only from tasks of the same world; ${bare.length} task(s) have none to insert: ${bare.map(([t, why]) => `${t} (${why})`).join(', ')}.` : '';
}

/** One row per (task, weakness): the minimal mutants stay in search.csv and report.json. */
export const weaknessTable = (s: NonNullable<Report['search']>): Table => {
  const byRow = groupBy(s.findings, (f) => `${f.task}\u0000${f.weakness}`);
  return {
    head: ['task', 'weakness (what the checker does not hold)', 'minimal mutants', 'example', 'evidence'],
    rows: s.weaknesses.map((w) => {
      const fs = byRow.get(`${w.task}\u0000${w.weakness}`)!;
      return [w.task, w.weakness + triageMarks(fs), w.mutants, w.example, fs[0].evidence.summary.join('; ')];
    }),
  };
};

export const rungTable = (s: NonNullable<Report['swap']>): Table => ({
  head: ['rung', 'meaning', 'valid cells', 'checker Pass'],
  rows: s.rungs.map((x) => [x.rung, x.meaning, x.valid, x.rung === 'diag' ? `${x.pass}/${x.valid} pass` : x.pass]),
});
