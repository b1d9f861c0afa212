// report.html: the report's tables plus two inline-SVG charts (verdicts per family;
// a generator-by-family verdict heatmap) in one self-contained file. No script, no
// stylesheet or font from elsewhere, so it opens from disk, offline, as it is.
import type { Classification, ClassifiedCell } from '../classify/classify.ts';
import type { Report } from './build.ts';
import { OUTCOMES, VECTOR_LEGEND, outcomeOf } from './outcomes.ts';
import { groupBy } from '../util/group.ts';
import { killRateTable, errorTable, floorTable, flowTable, refusalTable, rungTable, supportedTable, weaknessTable, mechanismTable, MUTANTS_NOTE, withoutInsertsNote } from './tables.ts';
import type { Table } from './table.ts';
import { scheduleFalseAcceptTable, scheduleFamilyTable } from './schedules.ts';
import { CHECKER_COLUMNS_NOTE, checkerColumnsTable, checkerGenerators } from './checkers.ts';
import { glance } from './markdown.ts';

export const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export const table = (head: string[], rows: unknown[][], cls = '') =>
  `<table class="${cls}"><thead><tr>${head.map((x) => `<th>${esc(x)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
const html = (t: Table) => table(t.head, t.rows);

function legend(): string {
  return `<div class="legend">${OUTCOMES.map((o) => `<span><i style="background:${o.color}"></i>${esc(o.label)}</span>`).join('')}</div>`;
}

/** Stacked horizontal bars: one per family, one segment per outcome class, counts not rates. */
function familyChart(families: string[], faults: ClassifiedCell[]): string {
  const row = 26;
  const labelW = 130;
  const barW = 560;
  const byFamily = groupBy(faults, (c) => c.family);
  const max = Math.max(1, ...families.map((f) => byFamily.get(f)?.length ?? 0));
  const bars = families.map((family, i) => {
    const xs = byFamily.get(family) ?? [];
    let x = labelW;
    const segs = OUTCOMES.map((o) => {
      const n = xs.filter((c) => outcomeOf(c) === o).length;
      if (!n) return '';
      const w = (n / max) * barW;
      const seg = `<rect x="${x.toFixed(1)}" y="${i * row + 4}" width="${w.toFixed(1)}" height="${row - 8}" fill="${o.color}"><title>${esc(`${family}: ${n} ${o.label}`)}</title></rect>` +
        (w > 18 ? `<text x="${(x + w / 2).toFixed(1)}" y="${i * row + row / 2 + 4}" class="seg">${n}</text>` : '');
      x += w;
      return seg;
    }).join('');
    return `<text x="${labelW - 6}" y="${i * row + row / 2 + 4}" class="lab">${esc(family)}</text>${segs}<text x="${(x + 4).toFixed(1)}" y="${i * row + row / 2 + 4}" class="tot">${xs.length}</text>`;
  });
  const h = families.length * row + 4;
  return `<svg role="img" aria-label="verdicts per family" width="${labelW + barW + 40}" height="${h}" viewBox="0 0 ${labelW + barW + 40} ${h}">${bars.join('')}</svg>`;
}

/** Generator by family: colour = worst outcome among the generator's task variants, text = the verdict vector. */
function heatmap(r: Report, families: string[], faults: ClassifiedCell[]): string {
  const cellW = 92;
  const row = 22;
  const labelW = 210;
  const head = 24;
  const color = new Map(OUTCOMES.map((o, i) => [o.key, { color: o.color, rank: i, label: o.label }]));
  const cellsOf = groupBy(faults, (c) => `${c.generator}\u0000${c.family}`);
  const rows = r.generators.map((g, i) => {
    const y = head + i * row;
    const cells = families.map((f, j) => {
      const xs = cellsOf.get(`${g.generator}\u0000${f}`) ?? [];
      const x = labelW + j * cellW;
      if (!xs.length) return `<rect x="${x}" y="${y}" width="${cellW - 2}" height="${row - 2}" fill="#fff" stroke="#eee"/>`;
      const worst = xs.map((c) => color.get(outcomeOf(c).key)!).sort((a, b) => a.rank - b.rank)[0];
      const tip = `${g.generator} × ${f}: ${xs.map((c) => `${c.checker} ${outcomeOf(c).label}`).join(', ')}`;
      return `<rect x="${x}" y="${y}" width="${cellW - 2}" height="${row - 2}" fill="${worst.color}"><title>${esc(tip)}</title></rect>` +
        `<text x="${x + (cellW - 2) / 2}" y="${y + row / 2 + 3}" class="${worst.rank <= 1 || worst.rank === 3 ? 'hm light' : 'hm'}">${esc(g.vectors[f] ?? '')}</text>`;
    });
    return `<text x="${labelW - 6}" y="${y + row / 2 + 3}" class="lab">${esc(g.generator)}</text>${cells.join('')}`;
  });
  const cols = families.map((f, j) => `<text x="${labelW + j * cellW + cellW / 2}" y="${head - 8}" class="col">${esc(f)}</text>`);
  const w = labelW + families.length * cellW + 4;
  const h = head + r.generators.length * row + 4;
  return `<svg role="img" aria-label="generator by family verdict heatmap" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${cols.join('')}${rows.join('')}</svg>`;
}

export const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#212121}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #e0e0e0;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #e0e0e0;padding:3px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f5f5f5}td.num,th.num{text-align:right}.note{color:#616161}.bad{color:#c62828;font-weight:600}.good{color:#2e7d32;font-weight:600}
.kpi{display:flex;gap:16px;flex-wrap:wrap}.kpi div{border:1px solid #e0e0e0;border-radius:6px;padding:8px 14px}.kpi b{display:block;font-size:20px}
.legend{display:flex;flex-wrap:wrap;gap:12px;font-size:12px;margin:6px 0}.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
svg text{font:12px system-ui,sans-serif}svg .lab{text-anchor:end;fill:#333}svg .seg{text-anchor:middle;fill:#fff;font-weight:600}
svg .tot{fill:#616161}svg .col{text-anchor:middle;fill:#333;font-weight:600}svg .hm{text-anchor:middle;font-family:ui-monospace,monospace;fill:#212121}svg .hm.light{fill:#fff}
code{font-family:ui-monospace,monospace;font-size:12px}
`;

export function renderHtml(r: Report, cls: Classification): string {
  const ev = r.evidence;
  const faults = cls.cells.filter((c) => c.arm === 'fault');
  const families = r.flow.map((f) => f.family);
  const body: string[] = [];
  body.push(`<h1>blindspot audit: ${esc(ev.target)} ${esc(ev.version)}</h1>`);
  body.push(`<p class="note">Run <code>${esc(r.run.id)}</code> (${esc(r.run.status)}${r.run.unscored ? `, ${r.run.unscored} cells not yet scored` : ''}), increment <code>${esc(ev.incrementId)}</code>, ${esc(ev.date)}.</p>`);
  const frClass = r.controls.falseRejects.length ? 'bad' : 'good';
  body.push(
    `<div class="kpi"><div>controls passed<b class="${frClass}">${r.controls.pass}/${r.controls.total}</b></div>` +
      `<div>confirmed false accepts<b class="${r.falseAccepts.length ? 'bad' : 'good'}">${r.falseAccepts.length}</b></div>` +
      `<div>fault cells<b>${ev.counts.faultCells}</b></div><div>checker errors<b>${r.errors.reduce((n, e) => n + e.cells, 0)}</b></div></div>`,
  );
  body.push(`<ul>${glance(r).map((l) => `<li>${esc(l.replace(/^- /, '').replace(/\*\*|`/g, ''))}</li>`).join('')}</ul>`);
  if (r.controls.falseRejects.length) {
    body.push('<h2>False rejects (reference failed its own checker)</h2>', table(['task', 'generator', 'verdict', 'detail'], r.controls.falseRejects.map((f) => [f.task, f.generator, f.verdict, f.detail])));
  }
  if (families.length) {
    body.push('<h2>Verdicts per family</h2>', legend(), familyChart(families, faults));
    body.push('<p class="note">Counts of scheduled cells per family; families are never pooled into a rate.</p>');
    body.push('<h2>Generator × family</h2>', heatmap(r, families, faults));
    body.push(`<p class="note">Colour: the worst outcome among the generator's task variants. Text: the verdict vector, one symbol per variant (${esc(VECTOR_LEGEND)}).</p>`);
    body.push('<h2>Execution flow per family (paper Table 5)</h2>');
    body.push(html(flowTable(r)));
    body.push('<h2>Supported constructions (paper Table 2)</h2>');
    body.push(html(supportedTable(r)));
    if (r.killRates) {
      const t = r.killRates.thresholds;
      body.push('<h2>Kill rate per family</h2>', html(killRateTable(r)));
      body.push(`<p class="note">Fail / (Fail + Pass) over confirmed wrong effects; thresholds high ${t.high}%, low ${t.low}%, break ${t.break === null ? 'none' : `${t.break}%`}.</p>`);
    }
    body.push('<h2>Confirmed false accepts</h2>');
    body.push(r.falseAccepts.length ? table(['cell', 'generator', 'family', 'edit', 'readback evidence'], r.falseAccepts.map((f) => [f.cell, f.generator, f.family, f.edit, f.evidence?.summary.join('; ')])) : '<p>None confirmed in this increment.</p>');
    if (r.refusals.length) body.push('<h2>Refusals</h2>', html(refusalTable(r)));
  }
  if (r.checkers) {
    body.push('<h2>False accepts per checker</h2>', `<p class="note">${esc(CHECKER_COLUMNS_NOTE)}</p>`, html(checkerColumnsTable(r.checkers)));
    body.push(`<ul>${checkerGenerators(r.checkers).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`);
  }
  if (r.schedules) {
    body.push('<h2>Validation schedules</h2>', `<p class="note">${esc(r.schedules.note)}</p>`, html(scheduleFamilyTable(r.schedules)));
    if (r.schedules.falseAccepts.length) body.push(html(scheduleFalseAcceptTable(r.schedules)));
  }
  if (r.floor) body.push('<h2>Null-agent floor</h2>', `<p class="note">${esc(r.floor.note)}</p>`, html(floorTable(r.floor)));
  if (r.search) {
    body.push('<h2>Search findings (exploratory)</h2>');
    if (withoutInsertsNote(r.search)) body.push(`<p class="note">${esc(withoutInsertsNote(r.search))}</p>`);
    if (r.search.mechanisms.length) body.push('<h3>Mechanisms</h3>', html(mechanismTable(r.search)), '<h3>Per task</h3>');
    body.push(html(weaknessTable(r.search)), `<p class="note">${esc(MUTANTS_NOTE)}</p>`);
  }
  if (r.errors.length) body.push('<h2>Checker errors, by cause (never counted as Pass)</h2>', html(errorTable(r)));
  if (r.swap) {
    body.push('<h2>Intent-swap rejection census (paper Table 1)</h2>', `<p class="note">${esc(r.swap.note)}</p>`);
    body.push(html(rungTable(r.swap)));
  }
  body.push('<h2>Evidence record</h2>');
  body.push(table(['field', 'value'], [
    ['target', `${ev.target} ${ev.version}`],
    ['checker hash', ev.checkerHash],
    ['corpus hash', ev.corpusHash],
    ['increment', `${ev.incrementId} (${ev.incrementHash})`],
    ...ev.censuses.map((c) => [`${c.kind} census`, c.hash]),
    ['sealed split opened', ev.unseal ? `${ev.unseal.split}: ${ev.unseal.reason}` : 'no'],
    ['cells', `${ev.counts.cells} (controls ${ev.counts.controls}, fault cells ${ev.counts.faultCells}, scored ${ev.counts.scored})`],
  ]));
  body.push('<p class="note">Counts describe this frozen census of constructions; they are not population rates.</p>');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>blindspot: ${esc(ev.target)} ${esc(r.run.id)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body>
${body.join('\n')}
</body></html>
`;
}
