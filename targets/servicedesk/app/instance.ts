// Where a servicedesk instance lives. An instance is a directory readable by its
// owner only (0700) holding the database (instance-<schema>.db, with SQLite's
// -wal and -shm files, 0600) and credentials.json (0600): the instance id, which
// every episode user's name carries, and the administrator's password, both drawn
// at random when the instance is made. A run's instance is its state directory
// (OpenOptions.stateDir), which every worker and every resumed session of the run
// opens; nothing secret is in the source.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { readJsonFileIfExists } from '../../../src/util/json-file.ts';
import { EPISODE_USER_PREFIX, InstanceDb, SCHEMA_TAG } from './db.ts';
import { ADMIN } from './seed.ts';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

const CredentialsFile = z.object({
  instance: z.string().regex(/^[0-9a-f]{12}$/),
  admin: z.object({ user: z.literal(ADMIN.user_name), password: z.string().min(16) }),
});

export interface Instance {
  dir: string;
  /** random; tags this instance's episode users, so a sweep never touches another instance's rows */
  id: string;
  dbPath: string;
  admin: { user: string; password: string };
}

/** Every episode user of the instance is named `bs-episode-<instance id>-<random>`. */
export const episodeUserPrefix = (inst: Instance) => `${EPISODE_USER_PREFIX}${inst.id}-`;

/**
 * Written whole under a temporary name, then linked into place, which fails if
 * the file exists: of workers racing to make the instance one wins, and the
 * others read its complete file.
 */
function createCredentials(file: string): void {
  const body = { instance: randomBytes(6).toString('hex'), admin: { user: ADMIN.user_name, password: randomBytes(24).toString('base64url') } };
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, JSON.stringify(body) + '\n', { mode: PRIVATE_FILE, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(tmp);
  }
}

/**
 * The instance kept in `dir`, made there on first use unless `create` is false;
 * directory and credentials are (re)set to owner-only.
 */
export async function instanceIn(dir: string, create = true): Promise<Instance> {
  const file = join(dir, 'credentials.json');
  if (!create && !existsSync(file)) throw new Error(`servicedesk: no instance in ${dir} (no credentials.json)`);
  mkdirSync(dirname(dir), { recursive: true }); // parents keep the ordinary mode
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
  if (!existsSync(file)) createCredentials(file);
  chmodSync(file, PRIVATE_FILE);
  const creds = (await readJsonFileIfExists(file, CredentialsFile))!;
  return { dir, id: creds.instance, dbPath: join(dir, `instance-${SCHEMA_TAG}.db`), admin: creds.admin };
}

/** The instance's database, opened with its administrator's password (refused if the file belongs to other credentials). */
export const openInstanceDb = (inst: Instance) => new InstanceDb(inst.dbPath, inst.admin.password);
