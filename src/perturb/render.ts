// The perturbation arm's report files: perturb.json (the analysis as it is),
// perturb.md and perturb.html (one page; the HTML colours the heatmap and
// correlation cells), perturb.csv (one row per family), heatmap.csv, and for
// several agents compare.json/.md/.html/.csv; plus the few lines the CLI prints.
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Reporter } from '../contract/report.ts';
import { jsonReporter, pageReporter, writeReports } from '../report/reporter.ts';
import { esc, markdownPage, type Block, type Page, type Section } from '../report/section.ts';
import type { Interval } from './stats.ts';
import type { PerturbAnalysis } from './analysis.ts';
import type { PerturbComparison } from './compare.ts';
import {
  agentErrorTable, constantFamilies, comparisonFactorTable, comparisonFamilyTable, comparisonTable, correlatedFamilies, correlationCell, correlationLine, correlationTable, falseAcceptTable, familyTable, heatmapCell,
  correlationGroupTable, heatmapTable, interval, pairOf, pct, summaryTable, TARGET_NAMES, targetTable, typeTable, usageTable,
} from './tables.ts';

const METHOD_NOTE = (a: PerturbAnalysis) =>
  `Each perturbed instance is paired with its own task's clean episode; C and P are over the same instances, D = 100(C-P)/C (negative: better than clean; n/a when C = 0). ` +
  (a.bootstrap.replicates
    ? `Intervals: ${Math.round(a.bootstrap.confidence * 100)}% percentile intervals of a cluster bootstrap over tasks (${a.bootstrap.replicates} replicates, seed ${a.bootstrap.seed}); a task's instances stay together.`
    : 'No bootstrap intervals (replicates 0).');
const CORRELATION_NOTE =
  "Spearman rho between families of the per-task degradation (clean success minus the family's mean perturbed success), over the tasks both families have; n/a when fewer than 3 tasks are shared or a family's degradation is constant on them.";
const FALSE_ACCEPT_NOTE = "Episodes the benchmark's own checker passed although the readback shows a materially wrong effect: grader blind spots this agent exposed.";

const note = (text: string): Block => ({ text, note: true });

/** Sections in order; HTML draws the heatmap and the correlation matrix coloured, in place of their plain tables. */
function sections(a: PerturbAnalysis): Section[] {
  const heatmap = `${heatmapHtml(a)}\n<p class="note">Colour: red where perturbed success falls below clean, green where it rises; grey: no instance or C = 0.</p>`;
  const out: Section[] = [
    { title: 'Summary', blocks: [note(METHOD_NOTE(a)), { table: summaryTable(a) }] },
    { title: 'Relative degradation per family', blocks: [{ table: familyTable(a) }] },
    { title: 'Marginal effect by target (pooled over types)', blocks: [{ table: targetTable(a) }] },
    { title: 'Marginal effect by type (pooled over targets)', blocks: [{ table: typeTable(a) }] },
    { title: 'Heatmap: relative degradation %, target × type', blocks: [{ table: heatmapTable(a), html: heatmap }] },
  ];
  const corr = 'Per-task degradation: Spearman between families';
  const constant = constantFamilies(a);
  const corrNote = CORRELATION_NOTE + (constant.length ? ` Degradation constant on every task: ${constant.join(', ')}.` : '');
  out.push(
    correlatedFamilies(a).length > 1
      ? { title: corr, blocks: [note(corrNote), { table: correlationTable(a), html: correlationHtml(a) }, { table: correlationGroupTable(a) }] }
      : { title: corr, blocks: [{ text: 'Fewer than two families in this run.' }] },
  );
  out.push({ title: 'Grader false accepts', blocks: a.falseAccepts.length ? [note(FALSE_ACCEPT_NOTE), { table: falseAcceptTable(a) }] : [{ text: 'None: no Pass on a materially wrong effect.' }] });
  if (a.agentErrors.length) out.push({ title: 'Agent errors by cause', blocks: [{ table: agentErrorTable(a) }] });
  out.push({
    title: 'Cost',
    blocks: a.usage
      ? [note('Over the episodes that reported tokens or cost, all, clean, perturbed, then per family; unscored episodes count, their tokens were spent.'), { table: usageTable(a.usage) }]
      : [{ text: 'The agent reported no tokens or cost.' }],
  });
  return out;
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

/** A table of coloured numbers: a head row, then each row's label and its cells, each coloured like a degradation of its heat. */
const heatTable = (corner: string, cols: string[], rows: { label: string; cells: [string, number | null][] }[]) =>
  `<table class="heat"><thead><tr><th>${esc(corner)}</th>${cols.map((y) => `<th>${esc(y)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr><th>${esc(r.label)}</th>${r.cells.map(([text, heat]) => colored(text, heat)).join('')}</tr>`)
    .join('')}</tbody></table>`;

const heatmapHtml = (a: PerturbAnalysis) =>
  heatTable(
    'target \\ type',
    a.heatmap.types,
    a.heatmap.targets.map((t, i) => ({ label: `${t} (${TARGET_NAMES[t]})`, cells: a.heatmap.types.map((_, j): [string, number | null] => [heatmapCell(a, i, j), a.heatmap.degradation[i][j]]) })),
  );

/** Correlation matrix, cells coloured by rho (red = the families degrade the same tasks). */
function correlationHtml(a: PerturbAnalysis): string {
  const fs = correlatedFamilies(a);
  // the diagonal stays neutral, so the eye goes to the pairs
  const heat = (x: string, y: string) => {
    const rho = x === y ? null : pairOf(a, x, y)?.rho;
    return rho === null || rho === undefined ? null : rho * 100;
  };
  return `<div class="scroll">${heatTable('', fs, fs.map((x) => ({ label: x, cells: fs.map((y): [string, number | null] => [correlationCell(a, x, y), heat(x, y)]) })))}</div>`;
}

function perturbPage(a: PerturbAnalysis): Page {
  const ci = (i: Interval | null | undefined) => (i ? `<small>${esc(interval(i))}</small>` : '');
  const kpi =
    `<div class="kpi"><div>clean C<b>${esc(pct(a.clean.rate))}%</b>${ci(a.clean.ci)}</div>` +
    `<div>perturbed P<b>${esc(pct(a.overall.perturbed))}%</b>${ci(a.overall.ci?.perturbed)}</div>` +
    `<div>relative degradation<b class="${(a.overall.degradation ?? 0) > 0 ? 'bad' : 'good'}">${esc(pct(a.overall.degradation))}%</b>${ci(a.overall.ci?.degradation)}</div>` +
    `<div>grader false accepts<b class="${a.falseAccepts.length ? 'bad' : 'good'}">${a.falseAccepts.length}</b></div></div>`;
  const style = 'th,td{overflow-wrap:normal}table.heat td{white-space:nowrap}.scroll{overflow-x:auto}.kpi small{color:#616161}';
  return { title: `blindspot perturb: ${a.agent}`, lead: [{ figure: kpi }], sections: sections(a), style };
}

/** Numbers for the CSV files: 4 decimals, blank for undefined. */
const num = (x: number | null | undefined) => (x === null || x === undefined ? '' : String(Math.round(x * 1e4) / 1e4));

function perturbCsv(a: PerturbAnalysis): string {
  return stringify(
    a.families.map((f) => ({
      family: f.family, target: f.target, type: f.type, tasks: f.tasks, instances: f.instances,
      clean: num(f.clean), clean_lo: num(f.ci?.clean?.lo), clean_hi: num(f.ci?.clean?.hi),
      perturbed: num(f.perturbed), perturbed_lo: num(f.ci?.perturbed?.lo), perturbed_hi: num(f.ci?.perturbed?.hi),
      degradation: num(f.degradation), degradation_lo: num(f.ci?.degradation?.lo), degradation_hi: num(f.ci?.degradation?.hi),
      broke: f.broke, fixed: f.fixed, asked: f.asked, reason: f.reason ?? '', false_accepts: f.falseAccepts, agent_errors: f.agentErrors,
    })),
    { header: true },
  );
}

function heatmapCsv(a: PerturbAnalysis): string {
  return stringify(
    a.heatmap.targets.map((target, i) => ({ target, ...Object.fromEntries(a.heatmap.types.map((y, j) => [y, num(a.heatmap.degradation[i][j])])) })),
    { header: true, columns: ['target', ...a.heatmap.types] },
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
      'compare.csv': stringify(
        c.agents.map((a) => ({
          rank: a.rank ?? '', agent: a.agent, clean: num(a.clean), clean_lo: num(a.ci?.clean?.lo), clean_hi: num(a.ci?.clean?.hi), perturbed: num(a.perturbed),
          degradation: num(a.degradation), degradation_lo: num(a.ci?.degradation?.lo), degradation_hi: num(a.ci?.degradation?.hi), tasks: a.tasks, instances: a.instances,
          false_accepts: a.falseAccepts, reason: a.reason ?? '',
          ...Object.fromEntries([...Object.entries(a.targets), ...Object.entries(a.types), ...Object.entries(a.families)].map(([k, d]) => [`degradation_${k}`, num(d)])),
        })),
        { header: true },
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
    `${a.agent}: clean ${pct(a.clean.rate)}%${ci(a.clean.ci)} over ${a.clean.tasks} tasks; perturbed ${pct(a.overall.perturbed)}%${ci(a.overall.ci?.perturbed)} over ${a.overall.instances} instances; ` +
      `relative degradation ${a.overall.degradation === null ? `n/a (${a.overall.reason})` : `${pct(a.overall.degradation)}%${ci(a.overall.ci?.degradation)}`}`,
  ];
  const worst = a.families.filter((f) => f.degradation !== null && f.degradation > 0).sort((x, y) => y.degradation! - x.degradation!).slice(0, 3);
  const percent = (x: number | null) => (x === null ? 'n/a' : `${pct(x)}%`);
  lines.push(`most damaging families: ${worst.length ? worst.map((f) => `${f.family} ${percent(f.degradation)} (n=${f.instances})`).join(', ') : 'none degrade'}`);
  const marginal = (xs: { label: string; degradation: number | null; instances: number }[]) => xs.filter((x) => x.instances).map((x) => `${x.label} ${percent(x.degradation)}`).join(', ');
  lines.push(`by target: ${marginal(a.targets.map((t) => ({ ...t, label: t.target })))}; by type: ${marginal(a.types.map((t) => ({ ...t, label: t.type })))}`);
  const errors = a.agentErrors.reduce((n, e) => n + e.count, 0);
  lines.push(
    `grader false accepts: ${a.falseAccepts.length}${a.falseAccepts.length ? ` (${a.falseAccepts.slice(0, 3).map((f) => f.instance).join(', ')}${a.falseAccepts.length > 3 ? ', ...' : ''})` : ''}; ` +
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
