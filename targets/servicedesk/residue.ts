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
