import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { Json } from '../../../src/contract/json.ts';

/** How the apps fail: the status codes a real REST API would answer with. */
export class ApiError extends Error {
  constructor(readonly status: 404 | 409 | 422, message: string) {
    super(`${status}: ${message}`);
    this.name = 'ApiError';
  }
}

export type Db = Database.Database;

// Episodes are short-lived, but a cell runs several calls against one
// connection, and preparing a statement costs more than running it.
const statements = new WeakMap<Db, Map<string, Database.Statement>>();

export function sql(db: Db, text: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let s = cache.get(text);
  if (!s) cache.set(text, (s = db.prepare(text)));
  return s;
}

export interface Endpoint {
  kind: 'read' | 'write';
  args: z.ZodType<Record<string, unknown>>;
  run(db: Db, args: Record<string, unknown>): Json;
}

export function endpoint<S extends z.ZodObject>(kind: 'read' | 'write', args: S, run: (db: Db, args: z.infer<S>) => Json): Endpoint {
  return { kind, args: args.strict() as unknown as z.ZodType<Record<string, unknown>>, run: run as Endpoint['run'] };
}

/** the row, or a 404 naming what was missing */
export function found<T>(row: T | undefined, what: string, id: unknown): T {
  if (row === undefined) throw new ApiError(404, `${what} ${String(id)} not found`);
  return row;
}

export const id = z.int().positive();
export const text = z.string().trim().min(1).max(200);
export const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
export const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'expected YYYY-MM-DDTHH:MM:SSZ');
export const money = z.number().positive().max(5000).refine((n) => Math.round(n * 100) === n * 100, 'at most two decimals');
