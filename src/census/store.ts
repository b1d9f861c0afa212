import { existsSync, readFileSync } from 'node:fs';
import { makeDir } from '../util/made-dirs.ts';
import { join } from 'node:path';
import { hashJson } from '../util/hash.ts';
import { writeFileAtomic } from '../util/atomic.ts';

/** A stored census file that parses and whose content hash matches its name's. */
function intact(file: string, hash: string): boolean {
  try {
    const { hash: stored, ...body } = JSON.parse(readFileSync(file, 'utf8'));
    return stored === hash && hashJson(body) === hash;
  } catch {
    return false;
  }
}

/**
 * Censuses are content-addressed files: a census never changes under an increment
 * that cites it. An existing intact file is kept; a torn or edited one (a kill
 * mid-write by an older version, a hand edit) is written again, atomically.
 */
export function storeCensus(root: string, census: { kind: string; target: string; hash: string }): { file: string; written: boolean } {
  const dir = join(root, census.target);
  const file = join(dir, `${census.kind}-${census.hash.slice(0, 12)}.json`);
  if (existsSync(file) && intact(file, census.hash)) return { file, written: false };
  makeDir(dir);
  writeFileAtomic(file, JSON.stringify(census, null, 2) + '\n');
  return { file, written: true };
}
