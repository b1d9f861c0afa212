// The instance database: one SQLite file per instance (see instance.ts: one per
// run, shared by its workers and sessions), like the one hosted instance the tasks
// of a WorkArena run share. Episodes never get a copy; they create rows as their
// own user and delete them at teardown, and a residue check proves nothing was
// left behind.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { CATALOG_TABLES, REF_TABLES, TABLES, WRITABLE_TABLES, dataColumns } from './schema.ts';
import { ADMIN, seedRows } from './seed.ts';

/** Episode users are recognisable by name (then the instance id), so residue is checkable across processes. */
export const EPISODE_USER_PREFIX = 'bs-episode-';

const SYSTEM = ['sys_id', 'number', 'sys_created_by', 'sys_created_on'];

const columnsOf = (table: string): string[] => {
  const ref = REF_TABLES.find((t) => t.name === table);
  return ref ? ['sys_id', ...ref.columns, 'sys_created_by'] : [...SYSTEM, ...dataColumns(table)];
};

/** The schema is part of the database's file name: a changed schema never meets an old file. */
export const SCHEMA_TAG = createHash('sha256')
  .update(JSON.stringify([TABLES, CATALOG_TABLES, REF_TABLES, seedRows()]))
  .digest('hex')
  .slice(0, 10);

export type RowValues = Record<string, string>;

export class InstanceDb {
  readonly db: Database.Database;

  /** `adminPassword` is set on the administrator of a new database and must match it on an existing one. */
  constructor(readonly path: string, adminPassword: string) {
    mkdirSync(dirname(path), { recursive: true });
    // Created readable by its owner only; SQLite gives its -wal and -shm files the database's mode.
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('synchronous = NORMAL');
    try {
      this.init(adminPassword);
    } catch (e) {
      this.db.close();
      throw e;
    }
  }

  private init(adminPassword: string): void {
    const tables = [...REF_TABLES.map((t) => t.name), ...WRITABLE_TABLES];
    this.db.transaction(() => {
      for (const t of tables) {
        const cols = columnsOf(t).map((c) => `"${c}" TEXT${c === 'sys_id' ? ' PRIMARY KEY' : ''}`);
        this.db.exec(`CREATE TABLE IF NOT EXISTS "${t}" (${cols.join(', ')})`);
      }
      this.db.exec('CREATE TABLE IF NOT EXISTS counters (prefix TEXT PRIMARY KEY, n INTEGER NOT NULL)');
      for (const r of seedRows()) {
        const cols = ['sys_id', ...Object.keys(r.values), 'sys_created_by'];
        this.db
          .prepare(`INSERT OR IGNORE INTO "${r.table}" (${cols.map((c) => `"${c}"`).join(',')}) VALUES (${cols.map(() => '?').join(',')})`)
          .run(r.sys_id, ...Object.values(r.values), 'system');
      }
      const admin = () => this.select('sys_user', [['user_name', '=', ADMIN.user_name]], 1)[0];
      if (!admin().password) this.db.prepare('UPDATE sys_user SET password = ? WHERE user_name = ?').run(adminPassword, ADMIN.user_name);
      if (admin().password !== adminPassword) {
        throw new Error(`servicedesk: ${this.path} belongs to another instance (its administrator has other credentials); it is not opened`);
      }
    }).immediate();
  }

  private nextNumber(prefix: string): string {
    const row = this.db
      .prepare('INSERT INTO counters (prefix, n) VALUES (?, 10001) ON CONFLICT(prefix) DO UPDATE SET n = n + 1 RETURNING n')
      .get(prefix) as { n: number };
    return `${prefix}${String(row.n).padStart(7, '0')}`;
  }

  /** Inserts a record as `user`; returns its sys_id. Throws when the sys_id is taken. */
  insert(table: string, values: RowValues, user: string, sysId: string = randomUUID().replace(/-/g, '')): string {
    const prefix = [...TABLES, ...CATALOG_TABLES].find((t) => t.name === table)?.prefix;
    const row: RowValues = { ...values, sys_id: sysId, sys_created_by: user, sys_created_on: new Date().toISOString() };
    if (prefix) row.number = this.nextNumber(prefix);
    const known = columnsOf(table);
    const cols = Object.keys(row).filter((c) => known.includes(c));
    this.db
      .prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(',')}) VALUES (${cols.map(() => '?').join(',')})`)
      .run(...cols.map((c) => row[c]));
    return sysId;
  }

  /** Rows matching every `column = value` condition (all values are text). */
  select(table: string, where: [string, '=' | '!=', string][] = [], limit = 10_000): RowValues[] {
    const cols = columnsOf(table);
    for (const [c] of where) if (!cols.includes(c)) throw new Error(`unknown field ${table}.${c}`);
    const clause = where.length ? `WHERE ${where.map(([c, op]) => `ifnull("${c}", '') ${op} ?`).join(' AND ')}` : '';
    return this.db.prepare(`SELECT * FROM "${table}" ${clause} ORDER BY rowid LIMIT ?`).all(...where.map(([, , v]) => v), limit) as RowValues[];
  }

  get(table: string, sysId: string): RowValues | undefined {
    return this.select(table, [['sys_id', '=', sysId]], 1)[0];
  }

  /** Sets the given columns of a record (system columns stay); false when there is no such record. */
  update(table: string, sysId: string, values: RowValues): boolean {
    const cols = Object.keys(values).filter((c) => dataColumns(table).includes(c));
    if (!cols.length) return !!this.get(table, sysId);
    const sql = `UPDATE "${table}" SET ${cols.map((c) => `"${c}" = ?`).join(', ')} WHERE sys_id = ?`;
    return this.db.prepare(sql).run(...cols.map((c) => values[c]), sysId).changes > 0;
  }

  delete(table: string, sysId: string): boolean {
    return this.db.prepare(`DELETE FROM "${table}" WHERE sys_id = ?`).run(sysId).changes > 0;
  }

  /** The display value of a reference: the referenced row's display column. */
  refDisplay(table: string, sysId: string): string {
    const def = REF_TABLES.find((t) => t.name === table);
    if (!def || !sysId) return '';
    return (this.get(table, sysId)?.[def.display] as string | undefined) ?? '';
  }

  close(): void {
    this.db.close();
  }
}
