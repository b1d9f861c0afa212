// JUnit XML, the one report format every CI system renders: a suite per family
// (controls first), a test case per cell named by generator, a failure per regression.
import type { Change } from './compare.ts';
import type { Outcome } from './baseline.ts';
import type { Reporter } from '../contract/report.ts';

const esc = (s: string) =>
  // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: matching them is the point
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

type JunitCell = Pick<Change, 'cell' | 'family' | 'generator'> & { outcome: Outcome };

function renderJunit(cells: JunitCell[], changes: Change[]): string {
  const byCell = new Map(changes.map((c) => [c.cell, c]));
  const families = [...new Set(cells.map((c) => c.family))].sort((a, b) => Number(b === 'control') - Number(a === 'control') || a.localeCompare(b));
  const suites = families.map((family) => {
    const xs = cells.filter((c) => c.family === family);
    const failures = xs.filter((c) => byCell.get(c.cell)?.regression).length;
    const cases = xs.map((c) => {
      const change = byCell.get(c.cell);
      const open = `    <testcase classname="${esc(c.generator)}" name="${esc(c.cell)}">`;
      if (change?.regression) {
        const msg = `${change.kind}: ${change.before} -> ${change.after}`;
        return `${open}\n      <failure message="${esc(msg)}" type="${esc(change.kind)}">${esc(`${c.generator} ${c.cell}: ${msg}${change.detail ? `\n${change.detail}` : ''}`)}</failure>\n    </testcase>`;
      }
      return `${open}<system-out>${esc(c.outcome + (change ? ` (was ${change.before})` : ''))}</system-out></testcase>`;
    });
    return `  <testsuite name="${esc(family)}" tests="${xs.length}" failures="${failures}" errors="0" skipped="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const failures = changes.filter((c) => c.regression).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="blindspot guard" tests="${cells.length}" failures="${failures}" errors="0">\n${suites.join('\n')}\n</testsuites>\n`;
}

interface JunitModel {
  cells: JunitCell[];
  changes: Change[];
}

/** The guard's JUnit file; the guard writes it where --junit says. */
export const junitReporter = {
  name: 'junit',
  files: ({ cells, changes }: JunitModel) => ({ 'junit.xml': renderJunit(cells, changes) }),
} satisfies Reporter<JunitModel>;
