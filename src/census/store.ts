import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Censuses are content-addressed files: a census never changes under an increment that cites it. */
export async function storeCensus(root: string, census: { kind: string; target: string; hash: string }): Promise<string> {
  const dir = join(root, census.target);
  const file = join(dir, `${census.kind}-${census.hash.slice(0, 12)}.json`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    await writeFile(file, JSON.stringify(census, null, 2) + '\n');
  }
  return file;
}
