import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exists } from '../protocol/increment.ts';

/** Censuses are content-addressed files: a census never changes under an increment that cites it. */
export async function storeCensus(root: string, census: { kind: string; target: string; hash: string }): Promise<string> {
  const dir = join(root, census.target);
  const file = join(dir, `${census.kind}-${census.hash.slice(0, 12)}.json`);
  if (!(await exists(file))) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify(census, null, 2) + '\n');
  }
  return file;
}
