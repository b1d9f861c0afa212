// A leaderboard's published scores: one row per configuration and split, as a
// CSV with a `configuration,split,score` header (other columns are kept for the
// reader and ignored) or a JSON array of the same objects. A score is a fraction
// in [0, 1] or a percentage written with `%`.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { errorMessage, fsProblem, InputError, isMissing, withPath } from '../util/errors.ts';
import { parseJson } from '../util/json-file.ts';
import { meant, pathBeside } from '../util/suggest.ts';

interface PublishedScore {
  configuration: string;
  split: string;
  score: number;
  /** where it was read: `line N` or `entry N` */
  at: string;
}

const SCORE_EXPECTED = 'expected a fraction in [0, 1] or a percentage such as 88.66%';

const score = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const text = String(v).trim();
  const pct = text.endsWith('%');
  const body = pct ? text.slice(0, -1).trim() : text;
  const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(body) ? Number(body) / (pct ? 100 : 1) : NaN;
  if (!(n >= 0 && n <= 1)) {
    ctx.addIssue({ code: 'custom', message: `${SCORE_EXPECTED}, got ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return n;
});

const RowSchema = z.object({
  configuration: z.string().trim().min(1, 'expected a configuration name'),
  split: z.string().trim().min(1, 'expected a split name'),
  score,
});

function checkRow(file: string, at: string, raw: unknown): PublishedScore {
  const parsed = RowSchema.safeParse(raw);
  if (parsed.success) return { ...parsed.data, at };
  const issue = parsed.error.issues[0];
  const field = issue.path.join('.') || '(row)';
  const message = issue.code === 'invalid_type' && issue.path.length ? `missing (expected a value for ${field})` : issue.message;
  throw new InputError(`${file}: ${at}: field ${field}: ${message}`);
}

function fromCsv(file: string, text: string): PublishedScore[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true }) as never;
  } catch (e) {
    throw new InputError(`${file}: not valid CSV (${(e as Error).message})`);
  }
  // a header with no row under it is read from its line: it was said to lack the very columns it names
  const headerLine = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim());
  const header = records.length ? Object.keys(records[0].record) : headerLine ? headerLine.split(',').map((c) => c.trim()) : [];
  const missing = ['configuration', 'split', 'score'].filter((c) => !header.includes(c));
  if (missing.length)
    throw new InputError(`${file}: line 1: header lacks ${missing.join(', ')} (expected a header with configuration,split,score${header.length ? `; got ${header.join(',')}` : ' and a row per configuration'})`);
  return records.map((r) => checkRow(file, `line ${r.info.lines}`, r.record));
}

function fromJson(file: string, text: string): PublishedScore[] {
  const value = parseJson(file, text);
  if (!Array.isArray(value)) throw new InputError(`${file}: expected a JSON array of {configuration, split, score} objects`);
  return value.map((v, i) => checkRow(file, `entry ${i}`, v));
}

/** The file's scores, each (configuration, split) once; every problem is one line naming file, line or entry, and field. */
export function readScores(file: string): PublishedScore[] {
  let text: string;
  try {
    text = withPath(file, () => readFileSync(file, 'utf8'));
  } catch (e) {
    // in the words every other path flag uses, not an errno code (`cannot read nope.csv (ENOENT)`)
    if (isMissing(e)) throw new InputError(`--scores: ${file} does not exist${meant(pathBeside(file, 'file'))}`, { cause: e });
    throw new InputError(`--scores: ${fsProblem(e) ?? `cannot read ${file} (${errorMessage(e)})`}`, { cause: e });
  }
  const rows = /\.json$/i.test(file) || /^\s*\[/.test(text) ? fromJson(file, text) : fromCsv(file, text);
  if (!rows.length) throw new InputError(`${file}: no scores (expected one row per configuration and split)`);
  const seen = new Map<string, string>();
  for (const r of rows) {
    const key = JSON.stringify([r.configuration, r.split]);
    const first = seen.get(key);
    if (first) throw new InputError(`${file}: ${r.at}: configuration '${r.configuration}' appears twice in split '${r.split}' (first at ${first})`);
    seen.set(key, r.at);
  }
  return rows;
}
