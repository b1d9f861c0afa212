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
