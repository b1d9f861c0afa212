// A unified diff of two small texts (a checker file and its patched copy), so a
// report can show what a patch changed without a diff tool on the machine: jsdiff's
// hunks, written with the two headers alone, as `diff -u` writes them and `git
// apply` reads them (jsdiff's own patch text adds a separator line and tabs).
import { structuredPatch } from 'diff';

/** `-start,len` of one side of a hunk as diff -u writes it: an empty side starts at the line before, a length of 1 goes unsaid. */
const range = (start: number, len: number) => (len === 1 ? `${start}` : `${len ? start : Math.max(0, start - 1)},${len}`);

/** The unified diff of `a` to `b` with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(a: string, b: string, from: string, to: string, context = 3): string {
  const { hunks } = structuredPatch(from, to, a, b, undefined, undefined, { context });
  if (!hunks.length) return '';
  const out = [`--- ${from}`, `+++ ${to}`];
  for (const h of hunks) out.push(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`, ...h.lines);
  return out.join('\n') + '\n';
}
