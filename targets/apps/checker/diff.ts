import type Database from 'better-sqlite3';
import type { World } from '../world/snapshot.ts';
import { CHANGELOG } from '../changelog.ts';
import { sql as statement } from '../api/endpoint.ts';
import type { DbRow, Diff, State } from './types.ts';

// The checker's diff follows AppWorld's evaluator, not the readback: "added" is
// every row whose id lies beyond the start maximum, and updated/removed rows are
// compared against the pristine start image. Only the touched keys are visited.
export function checkerDiff(db: Database.Database, world: World): Diff {
  const touched = (table: string): number[] => {
    const max = world.maxIds.get(table) ?? 0;
    return (statement(db, `SELECT DISTINCT pk FROM ${CHANGELOG} WHERE tbl = ? AND pk <= ? ORDER BY pk`).all(table, max) as { pk: number }[]).map((r) => r.pk);
  };
  const known = (table: string): string => {
    const key = world.keys.get(table);
    if (!key) throw new Error(`no table named ${table}`);
    return key;
  };
  const pair = (table: string, pk: number) => {
    const key = known(table);
    return {
      before: statement(world.base, `SELECT * FROM ${table} WHERE ${key} = ?`).get(pk) as DbRow | undefined,
      after: statement(db, `SELECT * FROM ${table} WHERE ${key} = ?`).get(pk) as DbRow | undefined,
    };
  };
  return {
    added(table) {
      const key = known(table);
      return statement(db, `SELECT * FROM ${table} WHERE ${key} > ? ORDER BY ${key}`).all(world.maxIds.get(table) ?? 0) as DbRow[];
    },
    updated(table) {
      const out: { before: DbRow; after: DbRow }[] = [];
      for (const pk of touched(table)) {
        const { before, after } = pair(table, pk);
        if (before && after && JSON.stringify(before) !== JSON.stringify(after)) out.push({ before, after });
      }
      return out;
    },
    removed(table) {
      const out: DbRow[] = [];
      for (const pk of touched(table)) {
        const { before, after } = pair(table, pk);
        if (before && !after) out.push(before);
      }
      return out;
    },
  };
}

export function readOnlyState(db: Database.Database): State {
  const stmt = (sql: string) => {
    const s = statement(db, sql);
    if (!s.reader) throw new Error(`state queries are read-only: ${sql}`);
    return s;
  };
  return {
    all: (sql, ...params) => stmt(sql).all(...params) as DbRow[],
    get: (sql, ...params) => stmt(sql).get(...params) as DbRow | undefined,
  };
}
