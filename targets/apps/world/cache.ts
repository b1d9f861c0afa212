// The seeded start image on disk, so that a command pays for reading about 1 MB
// instead of seeding the world again (about 40 ms, most of an apps command's own
// work before its first cell). The image is only ever a copy of what seeding
// wrote: its file is named by a hash of everything the seeding runs (the modules
// below, the seed, SQLite's and better-sqlite3's versions) and begins with the
// image's own hash, checked before use. Anything amiss (a missing, torn, foreign
// or unwritable file) falls back to seeding, so the cache can change how long a
// command takes, never what it does.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sha256 } from '../../../src/util/hash.ts';

/** Where the image is kept: BLINDSPOT_CACHE names the folder (the tests point it at a temp dir). */
export function cacheDir(): string {
  const env = process.env;
  return env.BLINDSPOT_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'blindspot');
}

/** The hex sha256 of the image, in front of it in the file. */
const DIGEST = 64;

// Every module the start image is built by, beside this one: a change to any of them
// is a different image. test/targets/apps/world-cache.test.ts checks the list against
// their imports.
export const IMAGE_MODULES = ['./seed', './prng', './clock', './schema', './snapshot', '../changelog', '../api/endpoint'];

/** The cache file's name, from the modules as they run (compiled in dist/, else the sources) and the SQLite that serializes. */
function imageName(): string {
  const ext = import.meta.url.slice(import.meta.url.lastIndexOf('.'));
  const modules = IMAGE_MODULES.map((m) => sha256(readFileSync(fileURLToPath(new URL(`${m}${ext}`, import.meta.url)))));
  const db = new Database(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  const binding: string = createRequire(import.meta.url)('better-sqlite3/package.json').version;
  return `apps-world-${sha256(JSON.stringify({ sqlite, binding, modules }))}.sqlite`;
}

/** The file's image when its leading hash is the image's own, else undefined (missing, torn or foreign). */
function readVerified(file: string): Buffer | undefined {
  try {
    const stored = readFileSync(file);
    const image = stored.subarray(DIGEST);
    return stored.subarray(0, DIGEST).toString('latin1') === sha256(image) ? image : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the file whole under another name and renames it, so that a reader never sees half of it. */
function store(file: string, image: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(partial, Buffer.concat([Buffer.from(sha256(image), 'latin1'), image]));
    renameSync(partial, file);
  } catch {
    // an unwritable cache only costs the next command the seeding
    try {
      rmSync(partial, { force: true });
    } catch {
      // no folder to have written it in
    }
  }
}

/** The start image `build` makes, from the cache when a verified copy is there, else built and stored. */
export function cachedImage(build: () => Buffer): Buffer {
  const file = join(cacheDir(), imageName());
  const cached = readVerified(file);
  if (cached) return cached;
  const image = build();
  store(file, image);
  return image;
}
