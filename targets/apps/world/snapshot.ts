import Database from 'better-sqlite3';
import { seedWorld } from './seed.ts';
import { INDEXES } from './schema.ts';
import { installChangelog, primaryKeys, userTables } from '../changelog.ts';
import { cachedImage } from './cache.ts';

export interface World {
  /** the serialized start state every episode is restored from */
  image: Buffer;
  /** a read-only copy of the start state: task generation and "before" lookups */
  base: Database.Database;
  /** primary-key column per table */
  keys: Map<string, string>;
  /** largest id per table at the start; later ids were added in the episode */
  maxIds: Map<string, number>;
}

let world: World | undefined;

// A fresh episode used to open a new connection from the image, and a new
// connection prepares every statement again: that was most of an episode's cost.
// Instead each episode runs inside one transaction on a pooled connection and
// leaves by rolling it back, so the connection (and its prepared statements)
// returns to exactly the start image. Nothing the apps do escapes a transaction:
// the data, sqlite_sequence and the changelog are all rolled back.
const idle: Database.Database[] = [];
const POOL = 4;

/** A connection holding the start state, inside a transaction `release` undoes. */
export function freshConnection(w: World): Database.Database {
  const db = idle.pop() ?? new Database(w.image);
  db.exec('BEGIN');
  return db;
}

/** Undoes the episode's transaction and keeps the connection for the next episode. */
export function releaseConnection(db: Database.Database): void {
  // a transaction SQLite aborted on its own has committed whatever followed: not fresh
  if (!db.inTransaction || idle.length >= POOL) {
    db.close();
    return;
  }
  db.exec('ROLLBACK');
  idle.push(db);
}

function seededImage(): Buffer {
  const db = new Database(':memory:');
  seedWorld(db);
  installChangelog(db);
  db.exec(INDEXES);
  const image = db.serialize();
  db.close();
  return image;
}

/** Seeds the world once (per process, or from the cache's copy of an earlier seeding); every episode is a copy of this image. */
export function getWorld(): World {
  if (world) return world;
  const image = cachedImage(seededImage);
  const base = new Database(image, { readonly: true });
  const tables = userTables(base);
  const keys = primaryKeys(base);
  const maxIds = new Map(tables.map((t) => [t, (base.prepare(`SELECT COALESCE(MAX(${keys.get(t)}), 0) AS m FROM ${t}`).get() as { m: number }).m]));
  world = { image, base, keys, maxIds };
  return world;
}
