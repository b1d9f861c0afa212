// The audit report as sections (src/report/section.ts): report.md and report.html
// render this one list, so neither can show a table the other lacks.
import type { Report } from './build.ts';
import { VECTOR_LEGEND } from './outcomes.ts';
import { formatRate } from './thresholds.ts';
import { familyOf } from '../grammar/families/index.ts';
import { describeTimeLimit } from '../run/time-limit.ts';
import { scheduleFalseAcceptTable, scheduleFamilyTable } from './schedules.ts';
import { CHECKER_COLUMNS_NOTE, checkerColumnsTable, checkerGenerators } from './checkers.ts';
import type { Block, Item, Page, Section, Table } from './section.ts';
import type { SearchFinding } from '../search/findings.ts';
import { groupBy, movedLast } from '../util/group.ts';
import { runsSections } from './runs.ts';
import type { RunsReport } from '../runs/summary.ts';
import { isDismissed } from '../triage/dismissed.ts';

/** What HTML draws beside the tables that carry their numbers: the headline counts under the run line, and two charts. */
export interface Figures {
  kpi?: string;
  flow?: string;
  vectors?: string;
}

const triageNote = (t?: { status: string; reason: string }) => (t ? ` **[${t.status} by triage: ${t.reason}]**` : '');
const figure = (html: string | undefined): Block[] => (html ? [{ figure: html }] : []);

const flowTable = (r: Report): Table => ({
  head: ['checker:family', 'sched.', 'ref.', 'inc.', 'deg.', 'immat.', 'cand.', 'class.', 'Pass', 'FA', 'Error'],
  rows: r.flow.map((f) => [`${r.evidence.target}:${f.family}`, f.scheduled, f.refused, f.incomplete, f.degenerate, f.immaterial, f.candidate, f.classified, f.pass, f.fa, f.error]),
});

const killRateTable = (r: Report): Table => ({
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

const supportedTable = (r: Report): Table => ({
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

/** What triage says of a group of minimal mutants: nothing, or per mark how many carry it and why. */
function triageMarks(fs: SearchFinding[]): string {
  const marked = groupBy(fs.filter((f) => f.triage), (f) => `${f.triage!.status}\u0000${f.triage!.reason}`);
  return [...marked.values()].map((xs) => ` [${xs.length === fs.length ? '' : `${xs.length} of ${fs.length} `}${xs[0].triage!.status}: ${xs[0].triage!.reason}]`).join('');
}

/** Whether triage dismissed every minimal mutant of a group: settled, so listed after what is left to triage. */
const settled = (fs: SearchFinding[]) => fs.every(isDismissed);

const mechanismTable = (s: NonNullable<Report['search']>): Table => {
  const byName = groupBy(s.findings, (f) => f.mechanism);
  return {
    head: ['mechanism (one weakness on several checkers)', 'checkers', 'minimal mutants', 'example'],
    rows: movedLast(s.mechanisms, (m) => settled(byName.get(m.mechanism)!)).map((m) => [
      m.mechanism + triageMarks(byName.get(m.mechanism)!),
      `${m.tasks.length} of ${m.of}`,
      m.mutants,
      `${m.example.task}${m.example.weakness === m.mechanism ? '' : ` (${m.example.weakness})`}: ${m.example.edits}`,
    ]),
  };
};

const MUTANTS_NOTE = 'Every minimal mutant, with its edits, size and evidence, is in search.csv and report.json; `blindspot triage <run> --weakness "<name>"` marks a weakness, or a mechanism, on every task at once.';

/** Which tasks had no out-of-scope write to insert, and why; no block when every task had some. */
function withoutInsertsNote(s: NonNullable<Report['search']>): Block[] {
  const bare = Object.entries(s.spec.withoutInserts ?? {});
  return bare.length ? [{ text: `Out-of-scope writes are taken only from tasks of the same world; ${bare.length} task(s) have none to insert: ${bare.map(([t, why]) => `${t} (${why})`).join(', ')}.` }] : [];
}

/** One row per (task, weakness): the minimal mutants stay in search.csv and report.json. */
const weaknessTable = (s: NonNullable<Report['search']>): Table => {
  const byRow = groupBy(s.findings, (f) => `${f.task}\u0000${f.weakness}`);
  const findingsOf = (w: { task: string; weakness: string }) => byRow.get(`${w.task}\u0000${w.weakness}`)!;
  return {
    head: ['task', 'weakness (what the checker does not hold)', 'minimal mutants', 'example', 'evidence'],
    rows: movedLast(s.weaknesses, (w) => settled(findingsOf(w))).map((w) => {
      const fs = findingsOf(w);
      return [w.task, w.weakness + triageMarks(fs), w.mutants, w.example, fs[0].evidence.summary.join('; ')];
    }),
  };
};

/** What a reader must know before any table: no-op acceptances, the headline counts, and what happened to the run. */
export function glance(r: Report): string[] {
  const out: string[] = [];
  out.push(`Controls passed ${r.controls.pass}/${r.controls.total}${r.controls.falseRejects.length ? `; **${r.controls.falseRejects.length} false reject(s)**` : ''}.`);
  if (r.noOpCheckers.length) {
    out.push(`**Checkers that pass work that does nothing** (${r.noOpCheckers.length}): ${r.noOpCheckers.map((n) => `\`${n.task}\` (${n.constructions.join(', ')})`).join(', ')}.`);
  } else if (r.floor || r.flow.some((f) => familyOf(f.family).writesNothing)) {
    out.push('No checker passes a construction that does nothing where the reference changes state.');
  }
  if (r.flow.length) {
    const tasks = new Set(r.falseAccepts.map((f) => f.task)).size;
    const immaterial = r.flow.reduce((n, f) => n + f.immaterial, 0);
    const dismissed = r.falseAccepts.filter(isDismissed).length;
    out.push(
      `Confirmed false accepts (fault arm): **${r.falseAccepts.length}** cell(s) over ${tasks} task(s)${dismissed ? ` (${dismissed} dismissed by triage)` : ''}` +
        (immaterial ? `; ${immaterial} cell(s) set apart as immaterial (they differ only in what the target declares immaterial: log tables, set duplicates, ignored columns).` : '.'),
    );
  }
  const k = r.killRates;
  if (k?.families.some((f) => f.rate !== undefined)) {
    const rated = k.families.filter((f) => f.rate !== undefined).map((f) => `${f.family} ${formatRate(f.rate)}`).join(', ');
    const below = k.families.filter((f) => f.belowBreak).map((f) => f.family);
    out.push(`Kill rate per family: ${rated}${below.length ? `; **below the break threshold ${k.thresholds.break}%: ${below.join(', ')} (exit code 1)**` : ''}.`);
  }
  if (r.floor) {
    const fa = r.floor.rows.reduce((n, x) => n + x.falseAccepts.length, 0);
    const nd = r.floor.rows.reduce((n, x) => n + x.nonDiscriminating.length, 0);
    out.push(`Null-agent floor: ${fa} task(s) pass a do-nothing agent where the reference changes state; ${nd} task(s) are non-discriminating.`);
  }
  if (r.search) {
    const dismissed = r.search.findings.filter(isDismissed).length;
    out.push(
      `Search (exploratory): ${r.search.findings.length} minimal mutant(s) the checkers accept${dismissed ? ` (${dismissed} dismissed by triage)` : ''}, exposing ${r.search.weaknesses.length} weakness(es)${r.search.mechanisms.length ? ` (${r.search.mechanisms.length} recurring over several checkers)` : ''}, from ${r.search.explorationFindings} accepted plan(s) of ${r.search.plans} explored` +
        `${r.search.complete ? '' : ' (shrinking not finished: resume the run)'}; confirm them on fresh environments with \`blindspot rerun --from <this run>\`.`,
    );
  }
  if (r.triage) {
    out.push(`Triage (${r.triage.file}): ${r.triage.dismissed} finding(s) dismissed, ${r.triage.accepted} accepted; dismissed ones stay in the tables, marked, and \`guard\` does not fail on them.`);
  }
  if (r.errors.length) out.push(`Checker errors: ${r.errors.reduce((n, e) => n + e.cells, 0)} cell(s) in ${r.errors.length} cause(s), never counted as Pass.`);
  const broken = r.run.sessions.filter((s) => s.status !== 'complete');
  out.push(
    broken.length
      ? `Sessions: ${r.run.sessions.length}; ${broken.map((s) => `${s.status}${s.signal ? ` by ${s.signal}` : ''} ${s.endedAt ? `at ${s.endedAt}` : `(the session started at ${s.startedAt})`}`).join(', ')}; each later session resumed from the ledger.`
      : `Sessions: ${r.run.sessions.length}, none interrupted.`,
  );
  // a kill mid-write tears the ledger's last line: the resume drops it and scores that cell again, which run.json records
  const torn = r.run.sessions.filter((s) => s.droppedTornLine).length;
  if (torn) out.push(`Torn last ledger line (a kill mid-write) dropped when resuming: ${torn} time(s); its cell was scored again.`);
  const limits = [...new Set(r.run.sessions.flatMap((s) => (s.timeLimit ? [describeTimeLimit(s.timeLimit)] : [])))];
  if (limits.length) out.push(`Per-cell time limit: ${limits.join('; then ')}.`);
  const swept = r.run.sessions.flatMap((s) => s.recovered ?? []);
  if (swept.length) out.push(`Residue of interrupted sessions swept before resuming: ${swept.join('; ')}.`);
  for (const s of r.run.sessions) {
    if (s.residue) out.push(s.residue.found.length ? `**Residue left after the run**: ${s.residue.found.join('; ')} (checked ${s.residue.checked}).` : `Residue after the run: 0 (checked ${s.residue.checked}).`);
  }
  return out;
}

function controls(r: Report): Section {
  const blocks: Block[] = [{ text: `Controls passed: **${r.controls.pass}/${r.controls.total}**.` }];
  if (r.controls.falseRejects.length) {
    blocks.push(
      { text: `**${r.controls.falseRejects.length} FALSE REJECT(S)**: the reference trajectory failed its own checker.` },
      { table: { head: ['task', 'generator', 'verdict', 'detail'], rows: r.controls.falseRejects.map((f) => [f.task, f.generator, f.verdict ?? '-', f.detail ?? '']) } },
    );
  }
  if (r.controls.unscored.length) {
    blocks.push(
      { text: `${r.controls.unscored.length} control(s) could not be scored (delivery broke or the checker errored); where the delivery broke, the task's fault cells have no reference effect and stay candidates.` },
      { table: { head: ['task', 'verdict', 'detail'], rows: r.controls.unscored.map((f) => [f.task, f.verdict ?? '-', f.detail ?? '']) } },
    );
  }
  return { title: 'Diagonal controls', blocks };
}

function faults(r: Report, figures: Figures): Section[] {
  const out: Section[] = [
    {
      title: 'Execution flow per family (paper Table 5)',
      blocks: [
        {
          text:
            'Scheduled cells partition into refused, incomplete, degenerate, immaterial (the effect differs only where the target declares it does not matter: log tables, set duplicates, ignored columns), candidate and classified (confirmed wrong effect). ' +
            'Pass and FA are outcome columns, not part of the partition. FA = 0 means no false accept was confirmed, not that none exists.',
        },
        { table: flowTable(r) },
        ...figure(figures.flow),
      ],
    },
    {
      title: 'Supported constructions (paper Table 2)',
      blocks: [{ text: 'Constructions whose wrong effect is proven by readback or guaranteed by construction. Rows are not pooled.' }, { table: supportedTable(r) }],
    },
  ];
  if (r.killRates) {
    const t = r.killRates.thresholds;
    out.push({
      title: 'Kill rate per family',
      blocks: [
        {
          text:
            `Confirmed wrong-effect cells the checker rejected: Fail / (Fail + Pass); checker errors and dismissed false accepts are left out, as Stryker leaves out invalid mutants. ` +
            `Thresholds: high ${t.high}%, low ${t.low}%, break ${t.break === null ? 'none' : `${t.break}%`}. Families are never pooled.`,
        },
        { table: killRateTable(r) },
      ],
    });
  }
  if (r.checkers) {
    out.push({ title: 'False accepts per checker', blocks: [{ text: CHECKER_COLUMNS_NOTE }, { table: checkerColumnsTable(r.checkers) }, { list: checkerGenerators(r.checkers) }] });
  }
  const fas: Item[] = r.falseAccepts.map((fa) => ({
    text: `\`${fa.cell}\` (${fa.generator}, ${fa.family}): ${fa.edit ?? ''}${triageNote(fa.triage)}`,
    sub: [
      ...(fa.evidence?.summary ?? []).map((line) => `readback: ${line}`),
      ...(fa.checkers ? [`checkers: ${Object.entries(fa.checkers).map(([n, v]) => `${n} ${v}`).join(', ')} (${fa.detail ?? ''})`] : []),
    ],
  }));
  out.push({ title: 'Confirmed false accepts', blocks: [fas.length ? { list: fas } : { text: 'None confirmed in this increment.' }] });
  const families = r.flow.map((f) => f.family);
  out.push({
    title: 'Verdict vectors per generator',
    blocks: [
      { text: `One symbol per task variant: ${VECTOR_LEGEND}.` },
      { table: { head: ['generator', ...families], rows: r.generators.map((g) => [g.generator, ...families.map((f) => g.vectors[f] ?? '')]) } },
      ...figure(figures.vectors),
    ],
  });
  if (r.refusals.length) {
    const table = { head: ['family', 'reason', 'cells'], rows: r.refusals.map((x) => [x.family, x.reason, x.cells]) };
    out.push({ title: 'Refusals', blocks: [{ table }] });
  }
  return out;
}

function floor(f: NonNullable<Report['floor']>): Section {
  const passed = f.passed.map((p) => `\`${p.task}\`: ${p.outcome === 'false-accept' ? 'false accept of a do-nothing agent' : 'non-discriminating'} (passes ${p.families.join(' and ')})`);
  const table = {
    head: ['scenario', 'tasks', 'do-nothing false accepts', 'non-discriminating tasks', 'unscored'],
    rows: f.rows.map((r) => [r.scenario, r.tasks, r.falseAccepts.length, r.nonDiscriminating.length, r.unscored.length]),
  };
  return { title: 'Null-agent floor', blocks: [{ text: f.note }, { table }, ...(passed.length ? [{ list: passed, tight: true }] : [])] };
}

function search(s: NonNullable<Report['search']>): Section[] {
  const note =
    `Beyond the fixed census: ${s.plans} plans explored (operators ${s.spec.operators.map((o) => o.name).join(', ')}; seed ${s.spec.seed}, budget ${s.spec.budget} per task), ` +
    `${s.cells} search cells scored. Each accepted plan was shrunk to a minimal mutant (fewest edits, then steps, then arguments changed) that the checker still passes on a confirmed wrong effect. ` +
    'Exploratory: `blindspot rerun --from <this run>` freezes the minimal mutants as an ordinary increment and confirms them on fresh environments.';
  const title = 'Search findings (exploratory)';
  const head = [{ text: note }, ...withoutInsertsNote(s)];
  if (!s.findings.length) return [{ title, blocks: [...head, { text: 'No plan the checkers accept.' }] }];
  const count = {
    text:
      `${s.findings.length} minimal mutant(s) expose ${s.weaknesses.length} weakness(es): distinct (task, weakness) pairs, a weakness being what the mutant changed in the benchmark's terms; ` +
      `${s.mechanisms.length} weakness(es) recur over several checkers (mechanisms).` +
      (s.findings.some(isDismissed) ? ' A row whose every minimal mutant triage dismissed follows the rows left to triage.' : ''),
  };
  const perTask = [{ table: weaknessTable(s) }, { text: MUTANTS_NOTE }];
  if (!s.mechanisms.length) return [{ title, blocks: [...head, count, ...perTask] }];
  return [
    { title, blocks: [...head, count] },
    { title: 'Mechanisms', level: 3, blocks: [{ table: mechanismTable(s) }] },
    { title: 'Per task', level: 3, blocks: perTask },
  ];
}

function swap(s: NonNullable<Report['swap']>): Section[] {
  const total = s.rungs.reduce((n, r) => n + r.valid, 0);
  const out: Section[] = [
    {
      title: 'Intent-swap rejection census (paper Table 1)',
      blocks: [
        { text: s.note },
        { table: { head: ['rung', 'meaning', 'valid cells', 'checker Pass'], rows: s.rungs.map((x) => [x.rung, x.meaning, x.valid, x.rung === 'diag' ? `${x.pass}/${x.valid} pass` : x.pass]) } },
        { text: `${total} valid cells; the off-diagonal ones span ${s.generatorPairs} ordered generator pairs. ${s.errors.length} error cell(s) excluded from the denominators.` },
        ...(s.offDiagonalPasses.length ? [] : [{ text: 'No off-diagonal Pass.' }]),
      ],
    },
  ];
  if (s.offDiagonalPasses.length) {
    const passes = s.offDiagonalPasses.map((p) => ({ text: `\`${p.cell}\` (${p.rung}): ${p.collateral ? 'collateral satisfaction' : 'acceptance of other work'}`, sub: p.evidence }));
    out.push({ title: 'Off-diagonal Passes', level: 3, blocks: [{ list: passes }] });
  }
  if (s.errors.length) {
    out.push({ title: 'Error cells (kept in the ledger)', level: 3, blocks: [{ table: { head: ['cell', 'rung', 'error'], rows: s.errors.map((e) => [e.cell, e.rung ?? 'diag', e.error]) } }] });
  }
  return out;
}

function errors(r: Report): Section[] {
  if (!r.errors.length) return [];
  const examples = r.errors.map((e) => `${e.cause}: e.g. \`${e.examples[0].cell}\`: ${e.examples[0].detail.split('\n')[0].slice(0, 300)}`);
  const table = { head: ['cause', 'cells', 'examples'], rows: r.errors.map((e) => [e.cause, e.cells, e.examples.map((x) => x.cell).join(', ')]) };
  return [{ title: 'Checker errors, by cause (never counted as Pass)', blocks: [{ table }, { list: examples }] }];
}

function evidence(r: Report): Section {
  const ev = r.evidence;
  const rows = [
    ['target', `${ev.target} ${ev.version}`],
    ['checker hash', ev.checkerHash],
    ['corpus hash', ev.corpusHash],
    ['increment', `${ev.incrementId} (${ev.incrementHash.slice(0, 12)})`],
    ...ev.censuses.map((c) => [`${c.kind} census`, c.hash]),
    ['sealed split opened', ev.unseal ? `${ev.unseal.split}: ${ev.unseal.reason}` : 'no'],
    ['date', ev.date],
    ['cells', `${ev.counts.cells} (controls ${ev.counts.controls}, fault cells ${ev.counts.faultCells}, scored ${ev.counts.scored})`],
  ];
  return { title: 'Evidence record', blocks: [{ table: { head: ['field', 'value'], rows } }, { text: 'Counts describe this frozen census of constructions; they are not population rates.' }] };
}

/** The run line under the title. */
const runLine = (r: Report) =>
  `Run \`${r.run.id}\` (${r.run.status}${r.run.unscored ? `, ${r.run.unscored} cells not yet scored` : ''}), increment \`${r.evidence.incrementId}\`.`;

/** The audit's page; a recorded-runs audit's findings are its runs, whose sections follow the fault report's. */
export const auditPage = (r: Report, figures: Figures, runs?: RunsReport): Page => ({
  title: `blindspot audit: ${r.evidence.target} ${r.evidence.version}`,
  htmlTitle: `blindspot: ${r.evidence.target} ${r.run.id}`,
  lead: [{ text: runLine(r), note: true }, ...figure(figures.kpi)],
  sections: [...auditSections(r, figures), ...(runs ? runsSections(runs) : [])],
});

function auditSections(r: Report, figures: Figures): Section[] {
  const out: Section[] = [{ title: 'At a glance', blocks: [{ list: glance(r) }] }, controls(r)];
  if (r.flow.length) out.push(...faults(r, figures));
  if (r.schedules) {
    out.push({
      title: 'Validation schedules',
      blocks: [{ text: r.schedules.note }, { table: scheduleFamilyTable(r.schedules) }, ...(r.schedules.falseAccepts.length ? [{ table: scheduleFalseAcceptTable(r.schedules) }] : [])],
    });
  }
  if (r.floor) out.push(floor(r.floor));
  if (r.search) out.push(...search(r.search));
  if (r.swap) out.push(...swap(r.swap));
  out.push(...errors(r), evidence(r));
  return out;
}
