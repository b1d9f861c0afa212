// CSV of object rows with a header line, as csv-stringify writes them with
// `header: true`, but handed over as arrays: in object mode csv-stringify
// resolves every column of every row as a property path, which was most of the
// time of cells.csv and swap.csv (test/report/csv.test.ts holds the two to the
// same bytes).
import { stringify } from 'csv-stringify/sync';

/** `columns`: the header and its order; without it, the first row's keys, as csv-stringify takes them. */
export function csvTable(rows: object[], columns?: string[]): string {
  const head = columns ?? (rows.length ? Object.keys(rows[0]) : undefined);
  if (!head) return '';
  return stringify([head, ...rows.map((r) => head.map((k) => (r as Record<string, unknown>)[k]))]);
}
