import { ANY_FAMILY, type Ratio } from './budget.ts';
import type { ConsequenceResult } from './result.ts';
import { groupBy } from '../util/group.ts';
import type { Page, Section, Table } from '../report/section.ts';
import { jsonReporter, pageReporter } from '../report/reporter.ts';
import { ci, pct } from '../report/runs.ts';
import type { Reporter } from '../contract/report.ts';

const table = (head: string[], rows: Table['rows']) => ({ table: { head, rows } });

const num = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(4));
const yesNo = (b: boolean | undefined) => (b === undefined ? 'n/a' : b ? 'yes' : 'no');
const frac = (r: Ratio) => `${r.count}/${r.of}`;

const CAVEATS =
  'Budgets are assumptions, not estimates: each reads what the audited constructions showed as if it bounded the checkers\' errors on ' +
  'the agents\' real work, a transfer that is assumed, not shown; the generators are a fixed census, not a sample, so the ' +
  'Clopper-Pearson reading is illustrative only. A pair whose intervals overlap is not shown to be misordered: the budget could ' +
  'explain its gap, nothing more.';

const familyLabel = (family: string) => (family === ANY_FAMILY ? 'any fault family' : `fault family ${family}`);

function consequencePage(r: ConsequenceResult): Page {
  const conf = `${Math.round(r.confidence * 100)}%`;
  const gens = r.runs.reduce((n, x) => n + x.generators, 0);
  const inputs =
    `Runs: ${r.runs.map((x) => `\`${x.dir}\` (${x.spec}, ${x.generators} generators)`).join(', ')}${r.runs.length > 1 ? `, pooled: ${gens} generators` : ''}` +
    `${r.prefixed ? ' (generator names prefixed with their target spec, as runs shared names)' : ''}.\n` +
    `Scores: ${r.scores ? `\`${r.scores.file}\` (${r.scores.rows} rows, sha256 ${r.scores.sha256.slice(0, 12)})` : 'none'}. Triage: ${r.triage ? `\`${r.triage.file}\` (sha256 ${r.triage.sha256.slice(0, 12)})` : 'none'}.`;
  const page: Page = { title: 'Rank consequence', lead: [{ text: CAVEATS }, { text: inputs }], sections: r.observed ? [observedSection(r.observed)] : [], compact: true };
  if (!r.readings.length) return page;
  const sections = page.sections;
  const alpha = r.budgets.families.find((f) => f.family === r.family)!;
  const c = r.budgets.controls;
  sections.push({
    title: `Budgets (alpha from ${familyLabel(r.family)})`,
    blocks: [
      {
        text:
          `alpha: generators with a confirmed false accept${r.triage ? ' not dismissed by triage' : ''} over generators with a confirmed wrong effect (${familyLabel(r.family)}); ` +
          `beta: generators with a failing control over generators with a scored control. Bound: one-sided ${conf} Clopper-Pearson on the same generator counts.`,
      },
      table(
        ['Budget', 'alpha', 'beta', 'alpha from', 'beta from'],
        r.readings.map((x) => [x.label, num(x.alpha), num(x.beta), x.reading === 'observed' ? `${frac(alpha)} generators` : `bound on ${frac(alpha)}`, x.reading === 'observed' ? `${frac(c)} generators` : `bound on ${frac(c)}`]),
      ),
    ],
  });
  const pairs = r.splits.flatMap((s) =>
    s.readings.map((k, i) => {
      const reading = r.readings.find((x) => x.reading === k.reading)!;
      return [i ? '' : s.split, reading.label, num(reading.alpha), num(reading.beta), k.configurations, `${k.surviving}/${k.pairs}`, yesNo(k.top1Unique)];
    }),
  );
  sections.push({ title: 'Pairs surviving', blocks: [table(['Split', 'Budget', 'alpha', 'beta', 'Configurations', 'Pairs surviving', 'Top-1 unique?'], pairs)] });
  sections.push({
    title: 'Budget per fault family',
    blocks: [
      table(['Family', 'Eligible generators', 'With a false accept', 'Observed', `${conf} bound`, 'Dismissed FA cells', 'Generators with a false accept'], [
        ...r.budgets.families.map((f) => [f.family === ANY_FAMILY ? '**any**' : f.family, f.of, f.count, num(f.observed), num(f.bound), f.dismissedCells, f.generators.join(', ') || '—']),
        ['controls (beta)', c.of, c.count, num(c.observed), num(c.bound), '', c.generators.join(', ') || '—'],
      ]),
    ],
  });
  if (r.perRun.length) {
    // one column per split and reading, so each cell holds one number
    const cols = r.splits.flatMap((s) => r.readings.map((x) => `${s.split}, ${x.label}: pairs surviving, top-1 unique`));
    const runs = r.perRun.map((p) => {
      const pc = p.budgets.controls;
      // in the columns' order; a run whose own budget cannot be read has no readings
      const ranked = p.splits.flatMap((s) => r.readings.map((_, j) => s.readings[j]));
      return [
        `\`${p.run}\``,
        `${num(p.alpha.observed)} (${frac(p.alpha)})`,
        num(p.alpha.of ? p.alpha.bound : undefined),
        `${num(pc.observed)} (${frac(pc)})`,
        num(pc.of ? pc.bound : undefined),
        ...ranked.map((k) => (k ? `${k.surviving}/${k.pairs}, top-1 ${yesNo(k.top1Unique)}` : 'no budget')),
      ];
    });
    sections.push({
      title: `Per run (each run's own budget, alpha from ${familyLabel(r.family)})`,
      blocks: [
        { text: "The published scores pool every run here, so these rows apply one run's budget to the pooled scores: a sensitivity reading, not a per-run leaderboard." },
        table(['Run', 'alpha observed', `alpha ${conf}`, 'beta observed', `beta ${conf}`, ...cols], runs),
      ],
    });
  }
  for (const s of r.splits) {
    const above = s.readings.map((k) => groupBy(k.survivors, ([hi]) => hi));
    const rows = s.readings[0].intervals.map((iv, i) => [
      iv.configuration,
      num(iv.score),
      ...s.readings.flatMap((k, j) => [`[${num(k.intervals[i].lo)}, ${num(k.intervals[i].hi)}]`, above[j].get(iv.configuration)?.length ?? 0]),
    ]);
    sections.push({
      title: `Intervals: ${s.split}`,
      blocks: [
        { text: "'Stays above' counts the configurations below it whose order survives (every surviving pair is listed in consequence.json)." },
        table(['Configuration', 'Published score', ...r.readings.flatMap((x) => [`${x.label} interval`, 'stays above'])], rows),
      ],
    });
  }
  return page;
}

/** What real agents' recorded runs showed, beside the budget readings: corrections observed, not bounded. */
function observedSection(o: NonNullable<ConsequenceResult['observed']>): Section {
  const orders =
    (o.orders.changed.length
      ? `Orders reversed by the corrections: ${o.orders.changed.map((c) => `${c.higher} above ${c.lower} (${pct(c.recorded[0])} > ${pct(c.recorded[1])}, corrected ${pct(c.corrected[0])} < ${pct(c.corrected[1])})`).join('; ')}.`
      : 'No pairwise order is reversed by the corrections.') +
    `\nTop-1 recorded: ${o.orders.top1.recorded.join(', ')}; corrected: ${o.orders.top1.corrected.join(', ')} (${o.orders.top1.changed ? 'changed' : 'unchanged'}).`;
  return {
    title: 'Observed corrections (recorded runs)',
    blocks: [
      {
        text: `From ${o.from.map((d) => `\`${d}\``).join(', ')}: each pipeline's reproduced runs judged by their effect; corrected utility counts real false accepts as failures and real false rejects as successes. 95% Clopper-Pearson over tasks.`,
      },
      table(['Pipeline', 'Runs', 'Recorded', '95% CI', 'Real FA', 'Real FR', 'Corrected', '95% CI'], o.pipelines.map((p) => [p.pipeline, p.runs, pct(p.recordedUtility), ci(p.recordedCi), p.falseAccepts, p.falseRejects, pct(p.correctedUtility), ci(p.correctedCi)])),
      { text: orders },
    ],
  };
}

/** A consequence reading's files. */
export const CONSEQUENCE_REPORTERS: readonly Reporter<ConsequenceResult>[] = [
  jsonReporter('consequence.json'),
  pageReporter('consequence', consequencePage),
];
