// What report.html draws beside the audit's sections (the same page report.md
// renders): the headline counts, and two inline-SVG charts beside the tables that
// carry their numbers (verdicts per family by the flow table; the
// generator-by-family heatmap by the verdict vectors).
import type { Judged, ScoredCell } from '../classify/outcome.ts';
import type { Report } from './build.ts';
import { OUTCOMES, VECTOR_LEGEND, outcomeOf } from './outcomes.ts';
import { groupBy } from '../util/group.ts';
import { esc } from './section.ts';
import type { Figures } from './sections.ts';

const LEGEND = `<div class="legend">${OUTCOMES.map((o) => `<span><i style="background:${o.color}"></i>${esc(o.label)}</span>`).join('')}</div>`;

/** Stacked horizontal bars: one per family, one segment per outcome class, counts not rates. */
function familyChart(families: string[], faults: ScoredCell[]): string {
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
function heatmap(r: Report, families: string[], faults: ScoredCell[]): string {
  const cellW = 92;
  const row = 22;
  const labelW = 210;
  const head = 24;
  const cellsOf = groupBy(faults, (c) => `${c.generator}\u0000${c.family}`);
  const rows = r.generators.map((g, i) => {
    const y = head + i * row;
    const cells = families.map((f, j) => {
      const xs = cellsOf.get(`${g.generator}\u0000${f}`) ?? [];
      const x = labelW + j * cellW;
      if (!xs.length) return `<rect x="${x}" y="${y}" width="${cellW - 2}" height="${row - 2}" fill="#fff" stroke="#eee"/>`;
      const worst = xs.map(outcomeOf).sort((a, b) => a.rank - b.rank)[0];
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

export function auditFigures(r: Report, cls: Judged): Figures {
  const faults = cls.cells.filter((c) => c.arm === 'fault');
  const families = r.flow.map((f) => f.family);
  const kpi =
    `<div class="kpi"><div>controls passed<b class="${r.controls.falseRejects.length ? 'bad' : 'good'}">${r.controls.pass}/${r.controls.total}</b></div>` +
    `<div>confirmed false accepts<b class="${r.falseAccepts.length ? 'bad' : 'good'}">${r.falseAccepts.length}</b></div>` +
    `<div>fault cells<b>${r.evidence.counts.faultCells}</b></div><div>checker errors<b>${r.errors.reduce((n, e) => n + e.cells, 0)}</b></div></div>`;
  if (!families.length) return { kpi };
  return {
    kpi,
    flow: `${LEGEND}${familyChart(families, faults)}<p class="note">Counts of scheduled cells per family; families are never pooled into a rate.</p>`,
    vectors: `${heatmap(r, families, faults)}<p class="note">Colour: the worst outcome among the generator's task variants. Text: the verdict vector, one symbol per variant (${esc(VECTOR_LEGEND)}).</p>`,
  };
}
