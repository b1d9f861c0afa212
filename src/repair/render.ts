// A repair result as people read it: the flips table, controls preserved x/y,
// and anything the patch broke or moved, stated before any good news is trusted.
import { csvTable } from '../report/csv.ts';
import type { Reporter } from '../contract/report.ts';
import type { Block, Page, Section } from '../report/section.ts';
import { jsonReporter, pageReporter } from '../report/reporter.ts';
import type { Moved, RepairResult } from './result.ts';

const movedTable = (xs: Moved[]): Block => ({
  table: { head: ['cell', 'generator', 'shipped', 'patched', 'detail'], rows: xs.map((m) => [m.cell, m.generator, m.shipped ?? '', m.patched, m.detail ?? '']) },
});

export function headline(r: RepairResult): string[] {
  const flipped = r.flips.filter((f) => f.flipped).length;
  const verb = r.mode === 'regraded' ? 'flipped to Fail' : 'would be caught (Fail)';
  const lines = [
    `${r.patch}: ${flipped}/${r.flips.length} targeted false accepts ${verb}; controls preserved ${r.controls.preserved}/${r.controls.total}` +
      (r.degenerate.total ? `; effect-correct cells preserved ${r.degenerate.preserved}/${r.degenerate.total}` : '') + '.',
  ];
  if (r.controls.broken.length) lines.push(`PATCH BREAKS CONTROLS: ${r.controls.broken.map((c) => `${c.cell} (${c.patched})`).join(', ')}`);
  if (r.degenerate.broken.length) lines.push(`PATCH REJECTS CORRECT EFFECTS: ${r.degenerate.broken.map((c) => c.cell).join(', ')}`);
  const missed = r.flips.filter((f) => !f.flipped);
  if (missed.length) lines.push(`Not flipped: ${missed.map((f) => `${f.cell} (${f.patched})`).join(', ')}`);
  if (r.untargeted.length) lines.push(`${r.untargeted.length} confirmed false accept(s) outside this patch's mechanism left as they are.`);
  if (r.otherChanges.length) lines.push(`${r.otherChanges.length} other cell(s) changed verdict (see repair.md).`);
  const moved = r.shipped.files.filter((f) => !f.unchanged);
  lines.push(moved.length ? `SHIPPED CHECKERS NOT AS FROZEN: ${moved.map((f) => f.path).join(', ')}` : `Shipped checkers unchanged (${r.shipped.files.length} files, by sha256).`);
  return lines;
}

function repairPage(r: RepairResult): Page {
  const sections: Section[] = [
    {
      title: 'Flips (every confirmed false accept this patch targets)',
      blocks: [
        r.flips.length
          ? { table: { head: ['cell', 'family', 'generator', 'shipped', 'patched', 'mechanism'], rows: r.flips.map((f) => [f.cell, f.family, f.generator, f.shipped, f.patched, f.mechanism.join('; ')]) } }
          : { text: "_No confirmed false accept shows this patch's mechanism._" },
      ],
    },
    { title: `Controls preserved ${r.controls.preserved}/${r.controls.total}`, blocks: [r.controls.broken.length ? movedTable(r.controls.broken) : { text: 'Every control still passes.' }] },
  ];
  if (r.degenerate.total) {
    sections.push({
      title: `Effect-correct (degenerate) cells preserved ${r.degenerate.preserved}/${r.degenerate.total}`,
      blocks: [r.degenerate.broken.length ? movedTable(r.degenerate.broken) : { text: 'Every one still passes.' }],
    });
  }
  if (r.otherChanges.length) sections.push({ title: 'Other verdict changes', blocks: [movedTable(r.otherChanges)] });
  if (r.copies) {
    const head = ['file', 'sha256', 'asserted tables / patched functions', 'skipped'];
    sections.push({ title: `Patched copies (${r.copies.dir})`, blocks: [{ table: { head, rows: r.copies.patched.map((p) => [p.path, p.sha256.slice(0, 12), (p.functions ?? p.tables).join(', '), p.skipped.join('; ')]) } }] });
  }
  // where the regrade and the upstream patch are: closing lines of the last section, as repair.md has always had them
  const last = sections[sections.length - 1].blocks;
  if (r.regrade) last.push({ text: `Regrade: increment ${r.regrade.incrementId} (${r.regrade.incrementDir}), run folder ${r.regrade.runDir}.` });
  if (r.upstream) last.push({ text: `Upstream patch: ${r.upstream.diff} (${r.upstream.files.join(', ') || 'no file changed'}); apply it at the root of the benchmark's repository with \`git apply\`.` });
  if (r.notes.length) sections.push({ title: 'Notes', blocks: [{ list: r.notes }] });
  const how = r.mode === 'regraded' ? 'regraded on patched checker copies' : r.patch === 'threshold' ? 'would catch: the strictest checker of each recorded episode' : 'would catch: guard over the shipped verdicts, from readback';
  return {
    title: `Repair: ${r.patch} (${how})`,
    lead: [{ text: `Run ${r.run.dir}, increment ${r.run.incrementId}.` }, { list: headline(r) }],
    sections,
    compact: true,
  };
}

const flipsCsv = (r: RepairResult) =>
  csvTable(
    r.flips.map((f) => ({ cell: f.cell, family: f.family, generator: f.generator, shipped: f.shipped, patched: f.patched, flipped: f.flipped, mechanism: f.mechanism.join('; ') })),
    ['cell', 'family', 'generator', 'shipped', 'patched', 'flipped', 'mechanism'],
  );

/** A repair's files, written into its repair/<patch>/ folder. */
export const REPAIR_REPORTERS: readonly Reporter<RepairResult>[] = [
  jsonReporter('result.json'),
  { name: 'csv', files: (r) => ({ 'flips.csv': flipsCsv(r) }) },
  pageReporter('repair', repairPage),
];
