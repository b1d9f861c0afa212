// Instance-wide residue check and sweep, per instance: rows created by this
// instance's episode users (sys_created_by in every writable table), and those
// users themselves (sys_user), still in its database. Teardown checks each
// episode; this checks the whole instance, e.g. after a run or a kill. Both match
// the instance id in the user's name exactly, so even a database someone shared
// between instances by hand only ever yields or loses this instance's rows.
import type Database from 'better-sqlite3';
import { WRITABLE_TABLES } from './app/schema.ts';
import { episodeUserPrefix, instanceIn, openInstanceDb, type Instance } from './app/instance.ts';

/** [table, column naming the episode user], children before parents, users last. */
const CHECKED: [string, string][] = [...[...WRITABLE_TABLES].reverse().map((t): [string, string] => [t, 'sys_created_by']), ['sys_user', 'user_name']];

function withEpisodeRows<T>(inst: Instance, use: (db: Database.Database, where: (column: string) => string, prefix: string) => T): T {
  const db = openInstanceDb(inst);
  try {
    // An exact prefix comparison: LIKE would read '_' and '%' as wildcards and ignore case.
    return use(db.db, (c) => `substr("${c}", 1, length(@prefix)) = @prefix`, episodeUserPrefix(inst));
  } finally {
    db.close();
  }
}

/** What this instance's episodes left in its database, per table; empty when nothing is left. `dir` must hold an instance. */
export async function instanceResidue(dir: string): Promise<{ table: string; rows: number }[]> {
  const inst = await instanceIn(dir, false);
  return withEpisodeRows(inst, (db, where, prefix) =>
    CHECKED.map(([table, column]) => ({ table, rows: (db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${where(column)}`).get({ prefix }) as { n: number }).n }))
      .filter((r) => r.rows > 0),
  );
}

/**
 * Deletes what this instance's episodes left behind when their process was killed
 * before teardown: their rows and their users. Only safe when no episode of the
 * instance is live, which the engine guarantees by calling it before a resumed
 * run scores any cell.
 */
export function sweepEpisodeResidue(inst: Instance): string[] {
  return withEpisodeRows(inst, (db, where, prefix) => {
    const removed: string[] = [];
    db.transaction(() => {
      for (const [table, column] of CHECKED) {
        const n = db.prepare(`DELETE FROM "${table}" WHERE ${where(column)}`).run({ prefix }).changes;
        if (n) removed.push(`${table}: ${n} row(s) of killed episodes`);
      }
    })();
    return removed;
  });
}
