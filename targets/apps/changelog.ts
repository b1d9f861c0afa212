import type Database from 'better-sqlite3';
import { sql } from './api/endpoint.ts';
import type { Effect, Row, RowUpdate, TableEffect } from '../../src/contract/target.ts';
import type { Json } from '../../src/contract/json.ts';

// Readback must cost little per cell, so instead of diffing whole tables the
// snapshot carries triggers that log every touched primary key; readback then
// compares only those rows with the start image. The triggers stay one-line on
// purpose: every episode reparses the schema, and capturing old rows as JSON in
// the triggers tripled the cost of opening an episode.
export const CHANGELOG = '_changelog';

export function userTables(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != ? ORDER BY name").all(CHANGELOG) as { name: string }[]).map((r) => r.name);
}

export function installChangelog(db: Database.Database): void {
  db.exec(`CREATE TABLE ${CHANGELOG} (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, pk INTEGER NOT NULL, op TEXT NOT NULL)`);
  for (const table of userTables(db)) {
    const cols = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; pk: number }[]);
    const pk = cols.filter((c) => c.pk > 0);
    if (pk.length !== 1) throw new Error(`table ${table} needs a single-column primary key for the changelog`);
    const key = pk[0].name;
    db.exec(`
      CREATE TRIGGER ${CHANGELOG}_${table}_i AFTER INSERT ON ${table} BEGIN
        INSERT INTO ${CHANGELOG} (tbl, pk, op) VALUES ('${table}', NEW.${key}, 'i'); END;
      CREATE TRIGGER ${CHANGELOG}_${table}_u AFTER UPDATE ON ${table} BEGIN
        INSERT INTO ${CHANGELOG} (tbl, pk, op) VALUES ('${table}', OLD.${key}, 'u'); END;
      CREATE TRIGGER ${CHANGELOG}_${table}_d AFTER DELETE ON ${table} BEGIN
        INSERT INTO ${CHANGELOG} (tbl, pk, op) VALUES ('${table}', OLD.${key}, 'd'); END;`);
  }
}

/** primary-key column per table, read once per process from the snapshot */
export function primaryKeys(db: Database.Database): Map<string, string> {
  const out = new Map<string, string>();
  for (const table of userTables(db)) {
    const cols = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; pk: number }[];
    out.set(table, cols.find((c) => c.pk > 0)!.name);
  }
  return out;
}

function withoutKey(row: Record<string, unknown>, key: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(row)) if (k !== key) out[k] = v as Json;
  return out;
}

function sameRow(a: Record<string, Json>, b: Record<string, Json>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

/**
 * The effect since the start image `base`: each logged key is looked up in the
 * start image and in the episode; rows changed and changed back are no effect.
 */
export function readEffect(db: Database.Database, base: Database.Database, keys: Map<string, string>): Effect {
  const log = sql(db, `SELECT tbl, pk FROM ${CHANGELOG} GROUP BY tbl, pk ORDER BY MIN(seq)`).all() as { tbl: string; pk: number }[];
  const effect: Effect = {};
  const slot = (t: string): TableEffect => (effect[t] ??= { added: [], updated: [], removed: [] });
  for (const e of log) {
    const key = keys.get(e.tbl)!;
    const q = `SELECT * FROM ${e.tbl} WHERE ${key} = ?`;
    const was = sql(base, q).get(e.pk) as Record<string, unknown> | undefined;
    const now = sql(db, q).get(e.pk) as Record<string, unknown> | undefined;
    const before = was && withoutKey(was, key);
    const after = now && withoutKey(now, key);
    const k = String(e.pk);
    if (!before && after) slot(e.tbl).added.push({ key: k, values: after } satisfies Row);
    else if (before && !after) slot(e.tbl).removed.push({ key: k, values: before } satisfies Row);
    else if (before && after && !sameRow(before, after)) slot(e.tbl).updated.push({ key: k, before, after } satisfies RowUpdate);
  }
  return effect;
}
