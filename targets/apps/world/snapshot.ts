import Database from 'better-sqlite3';
import { seedWorld } from './seed.ts';
import { INDEXES } from './schema.ts';
import { installChangelog, primaryKeys, userTables } from '../changelog.ts';

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

/** Seeds the world once per process; every episode is a copy of this image. */
export function getWorld(): World {
  if (world) return world;
  const db = new Database(':memory:');
  seedWorld(db);
  installChangelog(db);
  db.exec(INDEXES);
  const image = db.serialize();
  db.close();
  const base = new Database(image, { readonly: true });
  const tables = userTables(base);
  const keys = primaryKeys(base);
  const maxIds = new Map(tables.map((t) => [t, (base.prepare(`SELECT COALESCE(MAX(${keys.get(t)}), 0) AS m FROM ${t}`).get() as { m: number }).m]));
  world = { image, base, keys, maxIds };
  return world;
}
