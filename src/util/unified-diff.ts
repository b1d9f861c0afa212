// A unified diff of two small texts (a checker file and its patched copy), so a
// report can show what a patch changed without a diff tool on the machine. Lines
// are matched by longest common subsequence: quadratic, which is fine for files of
// a few hundred lines. For reading; a trailing newline missing on one side only is
// not marked.

type Op = { t: ' ' | '-' | '+'; line: string; i: number; j: number };

function lines(text: string): string[] {
  const xs = text.split('\n');
  if (xs[xs.length - 1] === '') xs.pop();
  return xs;
}

function edits(x: string[], y: string[]): Op[] {
  const n = x.length;
  const m = y.length;
  // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) ops.push({ t: ' ', line: x[i++], i: i - 1, j: j++ });
    else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ t: '-', line: x[i++], i: i - 1, j });
    else ops.push({ t: '+', line: y[j++], i, j: j - 1 });
  }
  return ops;
}

/** `-start,len` of one side of a hunk, as diff -u writes it (an empty side starts at the line before). */
const range = (start: number, len: number) => `${len ? start + 1 : start},${len}`;

/** The unified diff of `a` to `b` with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(a: string, b: string, from: string, to: string, context = 3): string {
  const ops = edits(lines(a), lines(b));
  const changed = ops.flatMap((o, k) => (o.t === ' ' ? [] : [k]));
  if (!changed.length) return '';
  const out = [`--- ${from}`, `+++ ${to}`];
  for (let h = 0; h < changed.length; ) {
    // a hunk takes every change whose unchanged gap to the one before fits in two contexts
    let last = h;
    while (last + 1 < changed.length && changed[last + 1] - changed[last] <= 2 * context) last++;
    const s = Math.max(0, changed[h] - context);
    const e = Math.min(ops.length - 1, changed[last] + context);
    const hunk = ops.slice(s, e + 1);
    const aLen = hunk.filter((o) => o.t !== '+').length;
    const bLen = hunk.filter((o) => o.t !== '-').length;
    out.push(`@@ -${range(hunk[0].i, aLen)} +${range(hunk[0].j, bLen)} @@`, ...hunk.map((o) => o.t + o.line));
    h = last + 1;
  }
  return out.join('\n') + '\n';
}
