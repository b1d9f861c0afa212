// A repair result as people read it: the flips table, controls preserved x/y,
// and anything the patch broke or moved, stated before any good news is trusted.
import { stringify } from 'csv-stringify/sync';
import type { Reporter } from '../contract/report.ts';
import { compactMdTable as table } from '../report/section.ts';
import type { Moved, RepairResult } from './result.ts';

const movedTable = (xs: Moved[]) =>
  table(['cell', 'generator', 'shipped', 'patched', 'detail'], xs.map((m) => [m.cell, m.generator, m.shipped ?? '', m.patched, m.detail ?? '']));

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

function renderRepair(r: RepairResult): string {
  const out = [
    `# Repair: ${r.patch} (${r.mode === 'regraded' ? 'regraded on patched checker copies' : r.patch === 'threshold' ? 'would catch: the strictest checker of each recorded episode' : 'would catch: guard over the shipped verdicts, from readback'})`,
    '',
    `Run ${r.run.dir}, increment ${r.run.incrementId}.`,
    '',
    ...headline(r).map((l) => `- ${l}`),
    '',
    '## Flips (every confirmed false accept this patch targets)',
    '',
    r.flips.length
      ? table(['cell', 'family', 'generator', 'shipped', 'patched', 'mechanism'], r.flips.map((f) => [f.cell, f.family, f.generator, f.shipped, f.patched, f.mechanism.join('; ')]))
      : '_No confirmed false accept shows this patch\'s mechanism._',
    '',
    `## Controls preserved ${r.controls.preserved}/${r.controls.total}`,
    '',
    r.controls.broken.length ? movedTable(r.controls.broken) : 'Every control still passes.',
  ];
  if (r.degenerate.total) {
    out.push('', `## Effect-correct (degenerate) cells preserved ${r.degenerate.preserved}/${r.degenerate.total}`, '');
    out.push(r.degenerate.broken.length ? movedTable(r.degenerate.broken) : 'Every one still passes.');
  }
  if (r.otherChanges.length) {
    out.push('', '## Other verdict changes', '', movedTable(r.otherChanges));
  }
  if (r.copies) {
    out.push('', `## Patched copies (${r.copies.dir})`, '');
    out.push(table(['file', 'sha256', 'asserted tables / patched functions', 'skipped'], r.copies.patched.map((p) => [p.path, p.sha256.slice(0, 12), (p.functions ?? p.tables).join(', '), p.skipped.join('; ')])));
  }
  if (r.regrade) out.push('', `Regrade: increment ${r.regrade.incrementId} (${r.regrade.incrementDir}), run folder ${r.regrade.runDir}.`);
  if (r.upstream) out.push('', `Upstream patch: ${r.upstream.diff} (${r.upstream.files.join(', ') || 'no file changed'}); apply it at the root of the benchmark's repository with \`git apply\`.`);
  if (r.notes.length) out.push('', '## Notes', '', ...r.notes.map((n) => `- ${n}`));
  return out.join('\n') + '\n';
}

const flipsCsv = (r: RepairResult) =>
  stringify(
    r.flips.map((f) => ({ cell: f.cell, family: f.family, generator: f.generator, shipped: f.shipped, patched: f.patched, flipped: f.flipped, mechanism: f.mechanism.join('; ') })),
    { header: true, columns: ['cell', 'family', 'generator', 'shipped', 'patched', 'flipped', 'mechanism'] },
  );

/** A repair's files, written into its repair/<patch>/ folder. */
export const repairReporter = {
  name: 'repair',
  files: (r: RepairResult) => ({ 'result.json': JSON.stringify(r, null, 2) + '\n', 'flips.csv': flipsCsv(r), 'repair.md': renderRepair(r) }),
} satisfies Reporter<RepairResult>;
