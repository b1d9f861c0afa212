// Where a run's increment is. run.json records it by a path relative to the run
// folder, which breaks as soon as a run folder travels (a CI artifact downloaded
// elsewhere, a shard copied next to its siblings), and by the absolute path it was
// frozen at, which holds for a copy on the same machine. The increment is
// content-addressed, so it is found by its hash wherever a copy of it lies.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RunFile } from './runfile.ts';
import { InputError } from '../util/errors.ts';
import { shownPath } from '../util/shown-path.ts';

/** The hash an increment folder claims, read cheaply; loadIncrement verifies it afterwards. */
function claimedHash(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, 'increment.json'), 'utf8')) as { hash?: string }).hash;
  } catch {
    return undefined;
  }
}

/** A folder and its immediate sub-folders: a mutants folder holds increments one level down. */
function withChildren(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const children = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(dir, d.name)).sort();
  return [dir, ...children];
}

/**
 * The folder holding increment `inc`: a `recorded` one when it still holds that
 * content, else a copy with the same hash in `near` (and its sub-folders), in
 * `mutants` (the --mutants folder), or in ./mutants. `owner` names the file that
 * recorded it.
 */
export function findIncrement(inc: { id: string; hash: string }, recorded: string | (string | undefined)[], owner: string, mutants?: string, near?: string): string {
  const paths = (Array.isArray(recorded) ? recorded : [recorded]).filter((p): p is string => p !== undefined);
  const candidates = [...paths, ...(near ? withChildren(near) : []), ...(mutants ? withChildren(resolve(mutants)) : []), ...withChildren(resolve('mutants'))];
  const found = candidates.find((dir) => claimedHash(dir) === inc.hash);
  if (found) return found;
  const looked = [...paths, ...(mutants ? [resolve(mutants)] : []), resolve('mutants')];
  throw new InputError(
    `${owner}: increment ${inc.id} (hash ${inc.hash.slice(0, 12)}) is in none of ${[...new Set(looked.map(shownPath))].join(', ')}; ` +
      'pass --mutants <folder holding a copy of it> (frozen increments are content-addressed, any copy will do)',
  );
}

/** The increment a run folder was scored on (see findIncrement); a copy inside the run folder counts too. */
export const locateIncrement = (runDir: string, run: Pick<RunFile, 'increment'>, mutants?: string): string =>
  findIncrement(run.increment, [resolve(runDir, run.increment.dir), run.increment.abs], `${shownPath(join(runDir, 'run.json'))}: increment.hash`, mutants, resolve(runDir, 'increment'));
