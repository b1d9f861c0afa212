// The perturbation arm's report files: perturb.json (the analysis as it is),
// perturb.md and perturb.html (one page; the HTML colours the heatmap and
// correlation cells), perturb.csv (one row per family), heatmap.csv, and for
// several agents compare.json/.md/.html/.csv; plus the few lines the CLI prints.
import { join } from 'node:path';
import { csvTable } from '../report/csv.ts';
import type { Reporter } from '../contract/report.ts';
import { jsonReporter, pageReporter, writeReports } from '../report/reporter.ts';
import { esc, markdownPage, type Block, type Page, type Section, type Table } from '../report/section.ts';
import { PERTURB_FAMILIES, PERTURB_TARGETS, PERTURB_TYPES, type PerturbTarget } from './inputs.ts';
import type { Interval } from './stats.ts';
import { firstFew } from '../util/clip.ts';
import type { Degradation, EpisodeOutcome, PerturbAnalysis, SetSummary, UsageSummary } from './analysis.ts';
import { DIFFERENCE_NOTE, type PairedDifference, type PerturbComparison } from './compare.ts';

const TARGET_NAMES: Record<PerturbTarget, string> = { U: 'user utterance', P: 'procedure', C: 'context', T: 'tool contract' };
const targetLabel = (t: PerturbTarget) => `${t} (${TARGET_NAMES[t]})`;

/** A percentage or rate with one decimal; n/a for undefined. */
const pct = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(1));
const interval = (i: Interval | null | undefined) => (i ? `[${i.lo.toFixed(1)}, ${i.hi.toFixed(1)}]` : '');
const withCi = (x: number | null, i: Interval | null | undefined) => [pct(x), interval(i)].filter(Boolean).join(' ');
/** A rate with its sign, or n/a alone (no instance to rate). */
const percent = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : `${pct(x)}%`);

const DEGRADATION_HEAD = ['tasks', 'instances', 'clean %', 'perturbed %', 'rel. degradation %', 'broke (✓→✗)', 'fixed (✗→✓)'];
const degradationCells = (d: Degradation): (string | number)[] => [
  d.tasks,
  d.instances,
  withCi(d.clean, d.ci?.clean),
  withCi(d.perturbed, d.ci?.perturbed),
  d.degradation === null ? `n/a${d.instances ? ' (C = 0)' : ''}` : withCi(d.degradation, d.ci?.degradation),
  d.broke,
  d.fixed,
];

const summaryTable = (a: PerturbAnalysis): Table => ({
  head: ['', 'value'],
  rows: [
    ['agent', a.agent],
    [
      'episodes',
      (a.interrupted ? `${a.episodes} of the set's ${a.interrupted.of}: the run was interrupted, run the same command again to resume; ` : `${a.episodes} `) +
        `(${a.unscored.episodes} unscored, excluded; ${a.unpaired.instances} perturbed without a scored clean episode, excluded)`,
    ],
    ['tasks (clean episodes scored)', a.clean.tasks],
    ['clean success C %', withCi(a.clean.rate, a.clean.ci)],
    ['perturbed success P % (all instances, paired)', withCi(a.overall.perturbed, a.overall.ci?.perturbed)],
    ['relative degradation 100(C-P)/C %', a.overall.degradation === null ? `n/a: ${a.overall.reason}` : withCi(a.overall.degradation, a.overall.ci?.degradation)],
    ['perturbed instances', a.overall.instances],
    ['grader false accepts', a.falseAccepts.length],
    ['agent errors', a.agentErrors.reduce((n, e) => n + e.count, 0)],
  ],
});

const familyTable = (a: PerturbAnalysis): Table => ({
  head: ['family', ...DEGRADATION_HEAD, 'asked the user', 'grader FA', 'agent errors'],
  rows: a.families.map((f) => [f.family, ...degradationCells(f), f.asked, f.falseAccepts, f.agentErrors]),
});

/** One row per target or per type, pooled over the other factor. */
const marginalTable = <T extends Degradation>(factor: string, xs: T[], label: (x: T) => string): Table => ({
  head: [factor, ...DEGRADATION_HEAD],
  rows: xs.map((x) => [label(x), ...degradationCells(x)]),
});

/** Each cell: the family's relative degradation and its instances. */
const heatmapTable = (a: PerturbAnalysis): Table => ({
  head: ['target \\ type', ...a.heatmap.types],
  rows: a.heatmap.targets.map((target) => [
    targetLabel(target),
    ...a.heatmap.types.map((type) => {
      const f = a.families.find((x) => x.target === target && x.type === type)!;
      return f.instances ? `${pct(f.degradation)} (n=${f.instances})` : '–';
    }),
  ]),
});

/** Families the run has, in order: the rows and columns of the correlation matrix. */
const correlatedFamilies = (a: PerturbAnalysis) => a.families.filter((f) => f.tasks > 0).map((f) => f.family);

/** Families whose per-task degradation is the same on every task, so their rho with any family is undefined. */
const constantFamilies = (a: PerturbAnalysis) =>
  correlatedFamilies(a).filter((f) => new Set(a.correlation.perTask.filter((t) => t.families[f] !== undefined).map((t) => t.families[f])).size === 1);

const pairOf = (a: PerturbAnalysis, x: string, y: string) => a.correlation.pairs.find((q) => (q.a === x && q.b === y) || (q.a === y && q.b === x));

function correlationCell(a: PerturbAnalysis, x: string, y: string): string {
  if (x === y) return '1';
  const p = pairOf(a, x, y);
  return p ? `${p.rho === null ? 'n/a' : p.rho.toFixed(2)} (n=${p.n})` : '–';
}

const correlationTable = (a: PerturbAnalysis): Table => {
  const fs = correlatedFamilies(a);
  return { head: ['', ...fs], rows: fs.map((x) => [x, ...fs.map((y) => correlationCell(a, x, y))]) };
};

const correlationGroupTable = (a: PerturbAnalysis): Table => ({
  head: ['family pairs', 'pairs', 'with rho defined', 'mean rho'],
  rows: (
    [
      ['same target', a.correlation.groups.sameTarget],
      ['same type', a.correlation.groups.sameType],
      ['neither', a.correlation.groups.neither],
    ] as const
  ).map(([label, g]) => [label, g.pairs, g.defined, g.meanRho === null ? 'n/a' : g.meanRho.toFixed(2)]),
});

const falseAcceptTable = (a: PerturbAnalysis): Table => ({
  head: ['instance', 'family', 'verdict', 'checker detail', 'readback evidence'],
  rows: a.falseAccepts.map((f) => [f.instance, f.family, f.verdict, f.detail, f.evidence]),
});

/** Per family: how many perturbations validated, one edit as example (with what the simulated user answers), how many were rejected and why. */
const setTable = (set: SetSummary): Table => ({
  head: ['family', 'validated', 'example edit', 'rejected', 'why rejected'],
  rows: set.families.map((f) => [
    f.family,
    f.validated,
    f.example ? `${f.example.instance}: ${f.example.edit}${f.example.recovery ? ` (asked "${f.example.recovery.ask}", the user answers "${f.example.recovery.answer}")` : ''}` : '–',
    f.rejected,
    f.reasons.map((r) => `${r.reason} (${r.count})`).join('; '),
  ]),
});

const outcomeTable = (xs: EpisodeOutcome[]): Table => ({
  head: ['instance', 'family', 'checker detail', 'readback evidence', 'agent error'],
  rows: xs.map((x) => [x.instance, x.family, x.detail, x.evidence ?? '', x.agentError ?? '']),
});

const agentErrorTable = (a: PerturbAnalysis): Table => ({
  head: ['cause', 'episodes', 'instances', 'messages (up to 3)'],
  rows: a.agentErrors.map((e) => [e.cause, e.count, e.instances.join(', '), e.examples.join(' / ')]),
});

const usageRow = (label: string, u: UsageSummary): (string | number)[] => [
  label,
  u.episodes,
  u.tokens ? `${u.tokens.total} (${u.tokens.episodes} episodes)` : 'not reported',
  u.tokens ? pct(u.tokens.perSuccess) : '',
  u.tokens ? pct(u.tokens.successesPerMTokens) : '',
  u.cost ? `${u.cost.usd.toFixed(4)} (${u.cost.episodes} episodes)` : 'not reported',
  u.cost?.perSuccess === undefined ? '' : u.cost.perSuccess === null ? 'n/a' : u.cost.perSuccess.toFixed(4),
];

const usageTable = (u: NonNullable<PerturbAnalysis['usage']>): Table => ({
  head: ['episodes', 'count', 'tokens', 'tokens per successful episode', 'successes per M tokens', 'cost USD', 'cost per success USD'],
  rows: [
    usageRow('all', u.all),
    usageRow('clean', u.clean),
    usageRow('perturbed', u.perturbed),
    ...Object.entries(u.families).map(([f, x]) => usageRow(f, x)),
  ],
});

const comparisonTable = (c: PerturbComparison): Table => ({
  head: ['rank', 'agent', 'clean %', 'perturbed %', 'rel. degradation %', 'tasks', 'instances', 'grader FA'],
  rows: c.agents.map((a) => [
    a.rank ?? '–',
    a.agent,
    withCi(a.clean, a.ci?.clean),
    pct(a.perturbed),
    a.degradation === null ? `n/a (${a.reason})` : withCi(a.degradation, a.ci?.degradation),
    a.tasks,
    a.instances,
    a.falseAccepts,
  ]),
});

const differenceTable = (ds: PairedDifference[]): Table => ({
  head: ['higher-ranked a', 'lower-ranked b', 'tasks', 'D(b) − D(a), points', 'significant'],
  rows: ds.map((d) => [
    d.a,
    d.b,
    d.tasks,
    d.difference === null ? 'n/a (a degradation is undefined on the shared tasks)' : withCi(d.difference, d.ci),
    d.significant === null ? 'n/a (no bootstrap)' : d.significant ? 'yes' : 'no: the interval includes 0',
  ]),
});

const comparisonFactorTable = (c: PerturbComparison): Table => ({
  head: ['agent', ...PERTURB_TARGETS, ...PERTURB_TYPES],
  rows: c.agents.map((a) => [a.agent, ...PERTURB_TARGETS.map((t) => pct(a.targets[t])), ...PERTURB_TYPES.map((t) => pct(a.types[t]))]),
});

const comparisonFamilyTable = (c: PerturbComparison): Table => ({
  head: ['agent', ...PERTURB_FAMILIES],
  rows: c.agents.map((a) => [a.agent, ...PERTURB_FAMILIES.map((f) => pct(a.families[f]))]),
});

const correlationLine = (c: PerturbComparison['cleanVsDegradation']) =>
  c.rho === null
    ? `Spearman rho (clean score vs relative degradation): n/a over ${c.n} ranked agent(s): ${c.reason}.`
    : `Spearman rho (clean score vs relative degradation): ${c.rho.toFixed(2)} over ${c.n} ranked agents, permutation p = ${c.p === null ? 'n/a' : c.p.toFixed(3)}.`;

const METHOD_NOTE = (a: PerturbAnalysis) =>
  `Each perturbed instance is paired with its own task's clean episode; C and P are over the same instances, D = 100(C-P)/C (negative: better than clean; n/a when C = 0). ` +
  (a.bootstrap.replicates
    ? `Intervals: ${Math.round(a.bootstrap.confidence * 100)}% percentile intervals of a cluster bootstrap over tasks (${a.bootstrap.replicates} replicates, seed ${a.bootstrap.seed}); a task's instances stay together.`
    : 'No bootstrap intervals (replicates 0).');
const CORRELATION_NOTE =
  "Spearman rho between families of the per-task degradation (clean success minus the family's mean perturbed success), over the tasks both families have; n/a when fewer than 3 tasks are shared or a family's degradation is constant on them.";
const FALSE_ACCEPT_NOTE = "Episodes the benchmark's own checker passed although the readback shows a materially wrong effect: grader blind spots this agent exposed.";

const note = (text: string): Block => ({ text, note: true });
/** What is listed, after a note on how to read it; or the one line that says there is nothing. */
const listedOrNone = (rows: number, how: string, table: () => Table, none: string): Block[] => (rows ? [note(how), { table: table() }] : [{ text: none }]);

/** Sections in order; HTML draws the heatmap and the correlation matrix coloured, in place of their plain tables. */
function sections(a: PerturbAnalysis): Section[] {
  const heatmap = heatmapTable(a);
  const heatmapHtml = `${heatTable(heatmap, (i, j) => a.heatmap.degradation[i][j])}\n<p class="note">Colour: red where perturbed success falls below clean, green where it rises; grey: no instance or C = 0.</p>`;
  const constant = constantFamilies(a);
  const corrNote = CORRELATION_NOTE + (constant.length ? ` Degradation constant on every task: ${constant.join(', ')}.` : '');
  return [
    { title: 'Summary', blocks: [note(METHOD_NOTE(a)), { table: summaryTable(a) }] },
    ...(a.set
      ? [
          {
            title: 'What was perturbed',
            blocks: [
              note(`The frozen set ${a.set.hash.slice(0, 12)} (target ${a.set.target}): per family, the validated perturbations with the first one's edit, and the candidates rejected at validation with their reasons.`),
              { table: setTable(a.set) },
            ],
          },
        ]
      : []),
    { title: 'Relative degradation per family', blocks: [{ table: familyTable(a) }] },
    { title: 'Marginal effect by target (pooled over types)', blocks: [{ table: marginalTable('target', a.targets, (t) => targetLabel(t.target)) }] },
    { title: 'Marginal effect by type (pooled over targets)', blocks: [{ table: marginalTable('type', a.types, (t) => t.type) }] },
    { title: 'Heatmap: relative degradation %, target × type', blocks: [{ table: heatmap, html: heatmapHtml }] },
    {
      title: 'Per-task degradation: Spearman between families',
      blocks:
        correlatedFamilies(a).length > 1
          ? [note(corrNote), { table: correlationTable(a), html: correlationHtml(a) }, { table: correlationGroupTable(a) }]
          : [{ text: 'Fewer than two families in this run.' }],
    },
    { title: 'Grader false accepts', blocks: listedOrNone(a.falseAccepts.length, FALSE_ACCEPT_NOTE, () => falseAcceptTable(a), 'None: no Pass on a materially wrong effect.') },
    {
      title: 'Failures the perturbation caused',
      blocks: listedOrNone(a.broken.length, 'Perturbed instances that failed although their task passed clean (the broke counts, one by one).', () => outcomeTable(a.broken), 'None: every perturbed instance of a task that passed clean passed too.'),
    },
    {
      title: "The agent's own failures (clean episodes)",
      blocks: listedOrNone(a.cleanFailures.length, 'Tasks the agent failed with nothing perturbed: their perturbed instances say nothing about the perturbation (C counts them as 0).', () => outcomeTable(a.cleanFailures), 'None: every scored clean episode passed.'),
    },
    ...(a.agentErrors.length ? [{ title: 'Agent errors by cause', blocks: [{ table: agentErrorTable(a) }] }] : []),
    {
      title: 'Cost',
      blocks: a.usage
        ? [note('Over the episodes that reported tokens or cost, all, clean, perturbed, then per family; unscored episodes count, their tokens were spent.'), { table: usageTable(a.usage) }]
        : [{ text: 'The agent reported no tokens or cost.' }],
    },
  ];
}

/** White at 0, red towards +100 (worse than clean), green towards -100 (better). */
export function degradationColor(d: number | null): string {
  if (d === null) return '#eeeeee';
  const t = Math.min(1, Math.abs(d) / 100);
  const [r, g, b] = d >= 0 ? [198, 40, 40] : [46, 125, 50];
  const mix = (c: number) => Math.round(255 + (c - 255) * t);
  return `rgb(${mix(r)},${mix(g)},${mix(b)})`;
}

/** A cell coloured like a degradation of `heat` (-100..100), white text on the dark end. */
const colored = (text: string, heat: number | null) =>
  `<td class="num" style="background:${degradationColor(heat)}${heat !== null && Math.abs(heat) > 55 ? ';color:#fff' : ''}">${esc(text)}</td>`;

/** A table drawn with each cell after a row's label coloured like a degradation of its heat (row i, column j of those cells). */
const heatTable = (t: Table, heat: (i: number, j: number) => number | null) =>
  `<table class="heat"><thead><tr>${t.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${t.rows
    .map(([label, ...cells], i) => `<tr><th>${esc(label)}</th>${cells.map((text, j) => colored(String(text), heat(i, j))).join('')}</tr>`)
    .join('')}</tbody></table>`;

/** Correlation matrix, cells coloured by rho (red = the families degrade the same tasks). */
function correlationHtml(a: PerturbAnalysis): string {
  const fs = correlatedFamilies(a);
  // the diagonal stays neutral, so the eye goes to the pairs
  const heat = (i: number, j: number) => {
    const rho = i === j ? null : (pairOf(a, fs[i], fs[j])?.rho ?? null);
    return rho === null ? null : rho * 100;
  };
  return `<div class="scroll">${heatTable(correlationTable(a), heat)}</div>`;
}

function perturbPage(a: PerturbAnalysis): Page {
  const ci = (i: Interval | null | undefined) => (i ? `<small>${esc(interval(i))}</small>` : '');
  const kpi =
    `<div class="kpi"><div>clean C<b>${esc(percent(a.clean.rate))}</b>${ci(a.clean.ci)}</div>` +
    `<div>perturbed P<b>${esc(percent(a.overall.perturbed))}</b>${ci(a.overall.ci?.perturbed)}</div>` +
    `<div>relative degradation<b class="${(a.overall.degradation ?? 0) > 0 ? 'bad' : 'good'}">${esc(percent(a.overall.degradation))}</b>${ci(a.overall.ci?.degradation)}</div>` +
    `<div>grader false accepts<b class="${a.falseAccepts.length ? 'bad' : 'good'}">${a.falseAccepts.length}</b></div></div>`;
  const style = 'th,td{overflow-wrap:normal}table.heat td{white-space:nowrap}.scroll{overflow-x:auto}.kpi small{color:#616161}';
  return { title: `blindspot perturb: ${a.agent}`, lead: [{ figure: kpi }], sections: sections(a), style };
}

/** Numbers for the CSV files: 4 decimals, blank for undefined. */
const num = (x: number | null | undefined) => (x === null || x === undefined ? '' : String(Math.round(x * 1e4) / 1e4));
/** A rate and its interval as three CSV columns: `<name>`, `<name>_lo`, `<name>_hi`. */
const withBounds = (name: string, x: number | null, i: Interval | null | undefined) => ({ [name]: num(x), [`${name}_lo`]: num(i?.lo), [`${name}_hi`]: num(i?.hi) });

function perturbCsv(a: PerturbAnalysis): string {
  return csvTable(
    a.families.map((f) => ({
      family: f.family, target: f.target, type: f.type, tasks: f.tasks, instances: f.instances,
      ...withBounds('clean', f.clean, f.ci?.clean), ...withBounds('perturbed', f.perturbed, f.ci?.perturbed), ...withBounds('degradation', f.degradation, f.ci?.degradation),
      broke: f.broke, fixed: f.fixed, asked: f.asked, reason: f.reason ?? '', false_accepts: f.falseAccepts, agent_errors: f.agentErrors,
    })),
  );
}

function heatmapCsv(a: PerturbAnalysis): string {
  return csvTable(
    a.heatmap.targets.map((target, i) => ({ target, ...Object.fromEntries(a.heatmap.types.map((y, j) => [y, num(a.heatmap.degradation[i][j])])) })),
    ['target', ...a.heatmap.types],
  );
}

const perturbReporters: Reporter<PerturbAnalysis>[] = [
  jsonReporter('perturb.json'),
  pageReporter('perturb', perturbPage),
  { name: 'csv', files: (a) => ({ 'perturb.csv': perturbCsv(a), 'heatmap.csv': heatmapCsv(a) }) },
];

/** Writes the analysis's report files into `dir` (created if missing); returns their names. */
export const writePerturbReport = (dir: string, a: PerturbAnalysis): Promise<string[]> => writeReports(dir, perturbReporters, a);

/** Writes a finished run's report files; returns what the terminal shows of them, the summary and where each file is. */
export async function reportPerturbRun(dir: string, a: PerturbAnalysis): Promise<string[]> {
  const files = await writePerturbReport(dir, a);
  return [formatPerturbSummary(a), `written: ${files.map((f) => join(dir, f)).join(', ')}`];
}

const comparisonPage = (c: PerturbComparison): Page => ({
  title: 'blindspot perturb compare',
  lead: [
    { text: 'Ranked by overall relative degradation, most robust first; ties by the higher clean score.' },
    { table: comparisonTable(c) },
    { text: correlationLine(c.cleanVsDegradation) },
    { text: c.cleanVsDegradation.note, note: true },
  ],
  sections: [
    ...(c.differences?.length ? [{ title: 'Are the differences between agents significant?', blocks: [note(DIFFERENCE_NOTE), { table: differenceTable(c.differences) }] }] : []),
    { title: 'Relative degradation % by target and by type', blocks: [{ table: comparisonFactorTable(c) }] },
    { title: 'Relative degradation % per family', blocks: [{ table: comparisonFamilyTable(c) }] },
    ...(c.warnings.length ? [{ title: 'Warnings', blocks: [{ list: c.warnings }] }] : []),
  ],
});

/** compare.md's text, which the CLI prints. */
export const renderComparisonMarkdown = (c: PerturbComparison): string => markdownPage(comparisonPage(c));

const comparisonReporters: Reporter<PerturbComparison>[] = [
  jsonReporter('compare.json'),
  pageReporter('compare', comparisonPage),
  {
    name: 'csv',
    files: (c) => ({
      'compare.csv': csvTable(
        c.agents.map((a) => ({
          rank: a.rank ?? '', agent: a.agent, ...withBounds('clean', a.clean, a.ci?.clean), perturbed: num(a.perturbed),
          ...withBounds('degradation', a.degradation, a.ci?.degradation), tasks: a.tasks, instances: a.instances, false_accepts: a.falseAccepts, reason: a.reason ?? '',
          ...Object.fromEntries([...Object.entries(a.targets), ...Object.entries(a.types), ...Object.entries(a.families)].map(([k, d]) => [`degradation_${k}`, num(d)])),
        })),
      ),
    }),
  },
];

/** Writes compare.json, compare.md, compare.html and compare.csv into `dir`; returns their names. */
export const writeComparison = (dir: string, c: PerturbComparison): Promise<string[]> => writeReports(dir, comparisonReporters, c);

/** A few lines for the terminal after a run. */
export function formatPerturbSummary(a: PerturbAnalysis): string {
  const ci = (i: Interval | null | undefined) => (i ? ` ${interval(i)}` : '');
  const lines = [
    `${a.agent}: clean ${percent(a.clean.rate)}${ci(a.clean.ci)} over ${a.clean.tasks} tasks; perturbed ${percent(a.overall.perturbed)}${ci(a.overall.ci?.perturbed)} over ${a.overall.instances} instances; ` +
      `relative degradation ${a.overall.degradation === null ? `n/a (${a.overall.reason})` : `${percent(a.overall.degradation)}${ci(a.overall.ci?.degradation)}`}`,
  ];
  const worst = a.families.filter((f) => f.degradation !== null && f.degradation > 0).sort((x, y) => y.degradation! - x.degradation!).slice(0, 3);
  lines.push(`most damaging families: ${worst.length ? worst.map((f) => `${f.family} ${percent(f.degradation)} (n=${f.instances})`).join(', ') : 'none degrade'}`);
  const marginal = (xs: { label: string; degradation: number | null; instances: number }[]) =>
    xs.filter((x) => x.instances).map((x) => `${x.label} ${percent(x.degradation)}`).join(', ') || 'no perturbed instance';
  lines.push(`by target: ${marginal(a.targets.map((t) => ({ ...t, label: t.target })))}; by type: ${marginal(a.types.map((t) => ({ ...t, label: t.type })))}`);
  const errors = a.agentErrors.reduce((n, e) => n + e.count, 0);
  lines.push(
    `grader false accepts: ${a.falseAccepts.length}${a.falseAccepts.length ? ` (${firstFew(a.falseAccepts.map((f) => f.instance))})` : ''}; ` +
      `agent errors: ${errors}${errors ? ` (${a.agentErrors.map((e) => `${e.cause} ${e.count}`).join(', ')})` : ''}` +
      (a.unscored.episodes ? `; unscored: ${a.unscored.episodes}` : ''),
  );
  const u = a.usage?.all;
  if (u?.tokens || u?.cost) {
    const parts = [
      u.tokens && `${u.tokens.total} tokens, ${pct(u.tokens.successesPerMTokens)} successes per M tokens`,
      u.cost && `$${u.cost.usd.toFixed(4)}${u.cost.perSuccess === null ? '' : `, $${u.cost.perSuccess.toFixed(4)} per success`}`,
    ].filter(Boolean);
    lines.push(`cost: ${parts.join('; ')}`);
  }
  return lines.join('\n');
}
