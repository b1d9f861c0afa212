import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { withPath } from './errors.ts';

/**
 * Writes a file so that a reader (or a kill mid-write) sees either the old
 * content or the new one, never half: a temporary file in the same folder,
 * flushed, then renamed over the target. durable: false leaves out the flush,
 * for files rebuilt from what is durable (a report from its ledger), where a
 * crash may cost the file but no reader ever sees half of it.
 */
export function writeFileAtomic(file: string, text: string, { durable = true } = {}): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      withPath(file, () => {
        writeSync(fd, text);
        if (durable) fsyncSync(fd);
      });
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * The pid of the process whose writeFileAtomic made the temporary file `name`
 * (`<file>.<pid>.<8 hex>.tmp`); undefined for any other name. A kill between its
 * open and its rename leaves such a file behind, holding nothing anyone reads.
 */
export function atomicLeftoverPid(name: string): number | undefined {
  const m = /\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name);
  return m ? Number(m[1]) : undefined;
}
