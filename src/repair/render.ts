// A repair result as people read it: the flips table, controls preserved x/y,
// and anything the patch broke or moved, stated before any good news is trusted.
import { csvTable } from '../report/csv.ts';
import type { Reporter } from '../contract/report.ts';
import type { Block, Page, Section } from '../report/section.ts';
import { jsonReporter, pageReporter } from '../report/reporter.ts';
import { groupBy } from '../util/group.ts';
import type { Flip, Moved, RepairResult } from './result.ts';

const movedTable = (xs: Moved[]): Block => ({
  table: { head: ['cell', 'generator', 'shipped', 'patched', 'detail'], rows: xs.map((m) => [m.cell, m.generator, m.shipped ?? '', m.patched, m.detail ?? '']) },
});

/** Lines of the patch shown in repair.md. */
const PATCH_LINES = 300;

/** Not-flipped cells named one by one in the headline up to this many. */
const LISTED = 5;

/** Items grouped by generator, in generator order (user_task_2 before user_task_10). */
const byGenerator = <T extends { generator: string }>(xs: T[]): [string, T[]][] =>
  [...groupBy(xs, (x) => x.generator)].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));

const distinct = (xs: string[], shown = 3) => {
  const u = [...new Set(xs)];
  return u.slice(0, shown).join('; ') + (u.length > shown ? `; and ${u.length - shown} more` : '');
};

/** Why a targeted false accept kept its Pass, as far as the repair knows: when it cannot tell, what it could not tell. */
const whyKept = (fs: Flip[]) =>
  fs.every((f) => f.checkerPatched === false) ? 'checker left as shipped'
    : fs.every((f) => f.checkerPatched === true) ? 'checker patched, still passes'
      : fs.some((f) => f.checkerPatched === undefined) ? 'not known whether the patch reached its checker (the target names no checker function for this task)'
        : 'checker patched for some of these cells, left as shipped for others';

/** The targeted false accepts that kept their Pass, one row per generator, with why. */
function notFlippedSection(r: RepairResult): Section | undefined {
  const missed = r.flips.filter((f) => !f.flipped);
  if (!missed.length) return undefined;
  const flipped = (g: string) => r.flips.filter((f) => f.generator === g && f.flipped).length;
  return {
    title: `Not flipped ${missed.length}/${r.flips.length}, by generator`,
    blocks: [
      {
        table: {
          head: ['generator', 'not flipped', 'flipped', 'why', 'patched verdict', 'mechanism'],
          rows: byGenerator(missed).map(([g, fs]) => [g, fs.length, flipped(g), whyKept(fs), distinct(fs.map((f) => f.patched)), distinct(fs.flatMap((f) => f.mechanism))]),
        },
      },
    ],
  };
}

const dismissed = (r: RepairResult) => r.flips.filter((f) => f.triage?.status === 'dismissed');

/** Targeted cells a maintainer dismissed (not wrong work, by the triage file): a patch that fails them rejects what was accepted. */
function dismissedSection(r: RepairResult): Section | undefined {
  const ds = dismissed(r);
  if (!ds.length) return undefined;
  const failed = ds.filter((f) => f.flipped);
  return {
    title: `Dismissed by triage ${ds.length}, failed by the patch ${failed.length}, by generator`,
    blocks: [
      { text: `Targeted cells whose construction ${r.triage?.file ?? 'the triage file'} dismisses, with the reason: a patch that fails work the benchmark means to accept is stricter than the benchmark; failing one no agent could make costs nothing.` },
      { table: { head: ['generator', 'dismissed', 'failed by the patch', 'reason'], rows: byGenerator(ds).map(([g, fs]) => [g, fs.length, fs.filter((f) => f.flipped).length, distinct(fs.map((f) => f.triage!.reason), 2)]) } },
    ],
  };
}

/** Confirmed false accepts whose readback does not show the patch's mechanism: out of its reach by construction. */
const untargetedSection = (r: RepairResult): Section | undefined =>
  r.untargeted.length
    ? {
        title: `Outside this patch's mechanism ${r.untargeted.length}, by generator`,
        blocks: [
          { text: "Confirmed false accepts whose readback does not show what this patch acts on; the patch was not meant to close them." },
          { table: { head: ['generator', 'cells', 'families'], rows: byGenerator(r.untargeted).map(([g, xs]) => [g, xs.length, distinct(xs.map((x) => x.family), 8)]) } },
        ],
      }
    : undefined;

/** One line per targeted cell whose verdict moved; the ones that kept theirs are counted in the headline (hundreds on a search run). */
export const movedLines = (r: RepairResult): string[] =>
  r.flips.filter((f) => f.patched !== f.shipped).map((f) => `${f.shipped} -> ${f.patched}  ${f.cell}  (${f.generator}, ${f.family})`);

export function headline(r: RepairResult): string[] {
  const flipped = r.flips.filter((f) => f.flipped).length;
  const verb = r.mode === 'regraded' ? 'flipped to Fail' : 'would be caught (Fail)';
  const lines = [
    `${r.patch}: ${flipped}/${r.flips.length} targeted false accepts ${verb}; controls preserved ${r.controls.preserved}/${r.controls.total}` +
      (r.degenerate.total ? `; effect-correct cells preserved ${r.degenerate.preserved}/${r.degenerate.total}` : '') + '.',
  ];
  const ds = dismissed(r);
  if (ds.length) {
    const failed = ds.filter((f) => f.flipped).length;
    lines.push(
      `Dismissed by triage (${r.triage?.file ?? 'triage file'}): ${ds.length} of the ${r.flips.length} targeted; ` +
        (failed ? `the patch fails ${failed} of them: check that none is work the benchmark accepts (repair.md lists them with the reason).` : 'the patch fails none of them.'),
    );
  }
  if (r.controls.broken.length) lines.push(`PATCH BREAKS CONTROLS: ${r.controls.broken.map((c) => `${c.cell} (${c.patched})`).join(', ')}`);
  if (r.degenerate.broken.length) lines.push(`PATCH REJECTS CORRECT EFFECTS: ${r.degenerate.broken.map((c) => c.cell).join(', ')}`);
  const missed = r.flips.filter((f) => !f.flipped);
  // a few are named; hundreds (a search run's) would be one unreadable line, so they are counted and grouped in repair.md
  if (missed.length > LISTED) {
    const unpatched = missed.filter((f) => f.checkerPatched === false).length;
    lines.push(
      `Not flipped: ${missed.length} cells over ${byGenerator(missed).length} generators` +
        (unpatched ? `, ${unpatched} of them judged by checkers the patch left as shipped` : '') + ' (repair.md lists them by generator).',
    );
  } else if (missed.length) lines.push(`Not flipped: ${missed.map((f) => `${f.cell} (${f.patched})`).join(', ')}`);
  if (r.untargeted.length) lines.push(`${r.untargeted.length} confirmed false accept(s) outside this patch's mechanism left as they are.`);
  if (r.otherChanges.length) lines.push(`${r.otherChanges.length} other cell(s) changed verdict (see repair.md).`);
  const moved = r.shipped.files.filter((f) => !f.unchanged);
  lines.push(moved.length ? `SHIPPED CHECKERS NOT AS FROZEN: ${moved.map((f) => f.path).join(', ')}` : `Shipped checkers unchanged (${r.shipped.files.length} files, by sha256).`);
  return lines;
}

function repairPage(r: RepairResult): Page {
  // a table of the cells that flipped, and those that did not only while few: hundreds of
  // 'pass | pass' rows (a search run's) would bury the flips; the grouped section counts them
  const shown = r.flips.filter((f) => !f.flipped).length > LISTED ? r.flips.filter((f) => f.flipped) : r.flips;
  const sections: Section[] = [
    {
      title: 'Flips (every confirmed false accept this patch targets)',
      blocks: [
        r.flips.length
          ? { table: { head: ['cell', 'family', 'generator', 'shipped', 'patched', 'mechanism'], rows: shown.map((f) => [f.cell, f.family, f.generator, f.shipped, f.patched, f.mechanism.join('; ')]) } }
          : { text: "_No confirmed false accept shows this patch's mechanism._" },
        ...(shown.length < r.flips.length ? [{ text: `The ${r.flips.length - shown.length} that kept their verdict are counted by generator below; flips.csv lists every targeted cell.` }] : []),
      ],
    },
    ...[notFlippedSection(r), dismissedSection(r), untargetedSection(r)].filter((x) => x !== undefined),
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
  // the change itself, so repair.md alone says what was patched; long ones are cut, the file has them whole
  if (r.change) {
    const lines = r.change.split('\n');
    const where = r.upstream ? r.upstream.diff : `the copies in ${r.copies?.dir ?? 'the repair folder'}`;
    sections.push({
      title: 'Patch',
      blocks: [
        { code: lines.length > PATCH_LINES ? lines.slice(0, PATCH_LINES).join('\n') + '\n' : r.change, lang: 'diff' },
        ...(lines.length > PATCH_LINES ? [{ text: `The first ${PATCH_LINES} of ${lines.length - 1} lines; all of it: ${where}.` }] : []),
      ],
    });
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
    r.flips.map((f) => ({ cell: f.cell, family: f.family, generator: f.generator, shipped: f.shipped, patched: f.patched, flipped: f.flipped, mechanism: f.mechanism.join('; '), triage: f.triage?.status ?? '' })),
    ['cell', 'family', 'generator', 'shipped', 'patched', 'flipped', 'mechanism', 'triage'],
  );

/** A repair's files, written into its repair/<patch>/ folder. */
export const REPAIR_REPORTERS: readonly Reporter<RepairResult>[] = [
  jsonReporter('result.json'),
  { name: 'csv', files: (r) => ({ 'flips.csv': flipsCsv(r) }) },
  pageReporter('repair', repairPage),
];
