// Instance-wide residue check: rows created by any episode user, or episode users
// themselves, still in the instance database. Teardown checks each episode; this
// checks the whole instance after a run (every process shares the one file).
import { InstanceDb, EPISODE_USER_PREFIX } from './app/db.ts';
import { WRITABLE_TABLES } from './app/schema.ts';

export function instanceResidue(path?: string): { table: string; rows: number }[] {
  const db = new InstanceDb(path);
  try {
    const like = `${EPISODE_USER_PREFIX}%`;
    const count = (table: string, column: string) =>
      (db.db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" LIKE ?`).get(like) as { n: number }).n;
    return [...WRITABLE_TABLES.map((t) => ({ table: t, rows: count(t, 'sys_created_by') })), { table: 'sys_user', rows: count('sys_user', 'user_name') }]
      .filter((r) => r.rows > 0);
  } finally {
    db.close();
  }
}

/**
 * Deletes what episodes left behind when their process was killed before
 * teardown: their rows and their users. Only safe when no episode is live, which
 * the engine guarantees by calling it before a resumed run scores any cell.
 */
export function sweepEpisodeResidue(path?: string): string[] {
  const db = new InstanceDb(path);
  try {
    const like = `${EPISODE_USER_PREFIX}%`;
    const removed: string[] = [];
    db.db.transaction(() => {
      for (const [table, column] of [...[...WRITABLE_TABLES].reverse().map((t) => [t, 'sys_created_by']), ['sys_user', 'user_name']]) {
        const n = db.db.prepare(`DELETE FROM "${table}" WHERE "${column}" LIKE ?`).run(like).changes;
        if (n) removed.push(`${table}: ${n} row(s) of killed episodes`);
      }
    })();
    return removed;
  } finally {
    db.close();
  }
}
