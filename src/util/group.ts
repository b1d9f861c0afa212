/** Items grouped by key, each group in the items' order. */
export function groupBy<T>(xs: T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const group = m.get(k);
    if (group) group.push(x);
    else m.set(k, [x]);
  }
  return m;
}

/** The first item of each key, in the items' order. */
export const distinctBy = <T>(xs: T[], key: (x: T) => string): T[] => [...groupBy(xs, key).values()].map((group) => group[0]);

/** A grouping's groups, the largest first, ties by key. */
export const largestFirst = <T>(groups: Map<string, T[]>): [string, T[]][] => [...groups].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));

/** The items `last` holds for, moved after the others; each part keeps the items' order. */
export const movedLast = <T>(xs: T[], last: (x: T) => boolean): T[] => [...xs.filter((x) => !last(x)), ...xs.filter(last)];

/** Whether two lists hold the same members, however ordered or repeated. */
export function sameMembers(xs: readonly string[], ys: readonly string[]): boolean {
  const y = new Set(ys);
  return new Set(xs).size === y.size && xs.every((x) => y.has(x));
}
