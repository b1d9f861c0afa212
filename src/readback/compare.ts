import type { Effect, Row, TableEffect } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { canonicalJson } from '../util/hash.ts';

/** How one table of a delivered effect differs from the reference effect. */
export interface TableDifference {
  table: string;
  /** rows the reference added that this delivery did not (by values) */
  missingAdded: Record<string, Json>[];
  /** rows this delivery added beyond the reference (by values) */
  extraAdded: Record<string, Json>[];
  missingUpdates: { key: string; after: Record<string, Json> }[];
  extraUpdates: { key: string; before: Record<string, Json>; after: Record<string, Json> }[];
  missingRemoved: string[];
  extraRemoved: string[];
}

const EMPTY: TableEffect = { added: [], updated: [], removed: [] };

/**
 * Canonical JSON of a row, computed once per row object: a task's reference rows
 * are compared with every fault cell of that task, and each comparison runs both
 * ways, so without the cache the same rows are serialised many times over.
 */
const keyCache = new WeakMap<object, string>();
function cachedKey<T extends object>(x: T, key: (x: T) => string): string {
  let k = keyCache.get(x);
  if (k === undefined) keyCache.set(x, (k = key(x)));
  return k;
}

/**
 * Multiset difference by canonical JSON: duplicates count, so an extra copy of a
 * reference row shows up as extra. Added rows are compared by values only, since
 * surrogate keys carry no meaning across deliveries.
 */
function multisetMinus<T>(a: T[], b: T[], key: (x: T) => string): T[] {
  if (!a.length) return [];
  if (!b.length) return [...a];
  const counts = new Map<string, number>();
  for (const x of b) {
    const k = key(x);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const out: T[] = [];
  for (const x of a) {
    const k = key(x);
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else out.push(x);
  }
  return out;
}

const valuesKey = (r: Row) => cachedKey(r, (x) => canonicalJson(x.values));
const updateKey = (u: { key: string; after: Record<string, Json> }) => cachedKey(u, (x) => canonicalJson([x.key, x.after]));
const keyOf = (r: Row) => String(r.key);

function diffTable(table: string, ref: TableEffect, got: TableEffect): TableDifference {
  return {
    table,
    missingAdded: multisetMinus(ref.added, got.added, valuesKey).map((r) => r.values),
    extraAdded: multisetMinus(got.added, ref.added, valuesKey).map((r) => r.values),
    missingUpdates: multisetMinus(ref.updated, got.updated, updateKey).map(({ key, after }) => ({ key, after })),
    extraUpdates: multisetMinus(got.updated, ref.updated, updateKey),
    missingRemoved: multisetMinus(ref.removed, got.removed, keyOf).map((r) => r.key),
    extraRemoved: multisetMinus(got.removed, ref.removed, keyOf).map((r) => r.key),
  };
}

const isEmptyDifference = (d: TableDifference) =>
  [d.missingAdded, d.extraAdded, d.missingUpdates, d.extraUpdates, d.missingRemoved, d.extraRemoved].every((rows) => !rows.length);

/** The tables where `got` differs from `ref`; empty means the effects are equal. */
export function diffEffects(ref: Effect, got: Effect): TableDifference[] {
  const tables = [...new Set([...Object.keys(ref), ...Object.keys(got)])].sort();
  return tables
    .map((t) => diffTable(t, ref[t] ?? EMPTY, got[t] ?? EMPTY))
    .filter((d) => !isEmptyDifference(d));
}

/** Whether a table effect adds, updates or removes anything. */
export const writes = (t: TableEffect) => t.added.length + t.updated.length + t.removed.length > 0;

export const isEmptyEffect = (effect: Effect) => !Object.values(effect).some(writes);

/** Tables this effect writes to (the reference-effect census, for rungs). */
export const writtenTables = (effect: Effect): string[] => Object.keys(effect).filter((name) => writes(effect[name])).sort();

/** One line per table difference, for reports and terminal output. */
export function describeDifference(d: TableDifference): string {
  const parts: string[] = [];
  if (d.extraAdded.length) parts.push(`${d.extraAdded.length} row(s) added beyond the reference`);
  if (d.missingAdded.length) parts.push(`${d.missingAdded.length} reference row(s) not added`);
  if (d.extraUpdates.length) parts.push(`${d.extraUpdates.length} update(s) the reference does not make`);
  if (d.missingUpdates.length) parts.push(`${d.missingUpdates.length} reference update(s) missing`);
  if (d.extraRemoved.length) parts.push(`${d.extraRemoved.length} row(s) removed beyond the reference`);
  if (d.missingRemoved.length) parts.push(`${d.missingRemoved.length} reference removal(s) missing`);
  return `${d.table}: ${parts.join('; ')}`;
}

/** The columns whose values differ between two rows, those of `a` first. */
export const changedKeys = (a: Record<string, Json>, b: Record<string, Json>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));

/** The rows' canonical JSON with `column` left out, sorted: a multiset to compare. */
const without = (rows: Record<string, Json>[], column: string) => rows.map(({ [column]: _, ...rest }) => canonicalJson(rest)).sort().join('\n');

/** How a line of evidence that explains a difference, rather than stating one, ends. */
export const PAIRING_HINT = ", the added rows are the reference's";

/**
 * When a delivery added as many rows as the reference, none of them its rows, the
 * columns that alone make the difference: leave one out and the rows are the
 * reference's. Rows paired differently read that way, e.g. two writes reordered
 * under ids the application numbers as it stores them, a column the target may
 * mean to declare ignored.
 */
function pairedDifferently(d: TableDifference): string[] {
  const n = d.missingAdded.length;
  if (n < 2 || d.extraAdded.length !== n) return [];
  const columns = [...new Set([...d.missingAdded, ...d.extraAdded].flatMap((r) => Object.keys(r)))].sort();
  const alone = columns.filter((c) => without(d.missingAdded, c) === without(d.extraAdded, c));
  return alone.length ? [`${d.table}: leaving out ${alone.map((c) => `${d.table}.${c}`).join(' or ')}${PAIRING_HINT}`] : [];
}

/** The reference's row and the delivery's, where the difference is one row added (or one row updated) in place of one. */
export function onePair(d: TableDifference): [Record<string, Json>, Record<string, Json>] | undefined {
  if (d.missingAdded.length === 1 && d.extraAdded.length === 1) return [d.missingAdded[0], d.extraAdded[0]];
  if (d.missingUpdates.length === 1 && d.extraUpdates.length === 1 && d.missingUpdates[0].key === d.extraUpdates[0].key) return [d.missingUpdates[0].after, d.extraUpdates[0].after];
  return undefined;
}

/**
 * When a delivery added one row where the reference added one, name the columns
 * whose stored values differ, so the evidence shows the persisted wrong value;
 * when it added several, the one column that alone makes them differ, if any.
 */
export function changedValues(d: TableDifference): string[] {
  const pair = onePair(d);
  if (!pair) return pairedDifferently(d);
  const [ref, got] = pair;
  return changedKeys(ref, got).map((k) => `${d.table}.${k}: stored ${JSON.stringify(got[k] ?? null)} where the reference stores ${JSON.stringify(ref[k] ?? null)}`);
}
