// Running reporters (src/contract/report.ts) over one model, and writing what they
// return: the one place a report's files reach the disk.
import { mkdirSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import type { Reporter, ReportFiles } from '../contract/report.ts';
import { writeFileAtomic } from '../util/atomic.ts';
import { InputError } from '../util/errors.ts';
import { htmlPage, markdownPage, type Page } from './section.ts';

/** JSON as every report file holds it: indented, ending in a newline. */
export const json = (x: unknown) => JSON.stringify(x, null, 2) + '\n';

export const jsonReporter = <M>(file: string): Reporter<M> => ({ name: 'json', files: (m) => ({ [file]: json(m) }) });

export const pageReporter = <M>(base: string, page: (m: M) => Page): Reporter<M> => ({
  name: 'page',
  files: (m) => {
    const p = page(m);
    return { [`${base}.md`]: markdownPage(p), [`${base}.html`]: htmlPage(p) };
  },
});

/**
 * Every reporter's files, in the reporters' order; two reporters naming one file
 * is an error, never an overwrite. reserved: names the calling step writes itself.
 */
export async function reportFiles<M>(reporters: readonly Reporter<M>[], model: M, reserved: Record<string, string> = {}): Promise<ReportFiles> {
  const out: ReportFiles = {};
  const owner = new Map<string, string>();
  for (const r of reporters) {
    const files: unknown = await r.files(model);
    if (typeof files !== 'object' || files === null || Array.isArray(files)) {
      throw new InputError(`reporter '${r.name}' returned ${files == null ? String(files) : Array.isArray(files) ? 'an array' : `a ${typeof files}`}, not an object of file names and their text`);
    }
    for (const [name, text] of Object.entries(files)) {
      // a plugin's name is joined to the folder: one that leaves it would write anywhere the user can
      if (!name || isAbsolute(name) || normalize(name).split(/[\\/]/)[0] === '..' || normalize(name) === '.') {
        throw new InputError(`reporter '${r.name}' writes '${name}', which is not a file name inside the report folder (expected a relative path without ..)`);
      }
      if (reserved[name] !== undefined) throw new InputError(`a reporter may not write ${name}: ${reserved[name]}`);
      const first = owner.get(name);
      if (first !== undefined) throw new InputError(`reporter '${r.name}' writes ${name}, which reporter '${first}' writes already`);
      if (typeof text !== 'string') throw new InputError(`reporter '${r.name}' gave ${name} a ${typeof text}, not its text`);
      owner.set(name, r.name);
      out[name] = text;
    }
  }
  return out;
}

/**
 * Writes the files into `dir` (created if missing), synchronously: a handful of
 * small files, where a thread-pool round trip per file costs more than the write.
 * Each is atomic but not flushed: a report is rebuilt from its ledger, and a flush
 * per file was most of what writing a report cost.
 */
export function writeReportFiles(dir: string, files: ReportFiles): string[] {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileAtomic(join(dir, name), text, { durable: false });
  return Object.keys(files);
}

export const writeReports = async <M>(dir: string, reporters: readonly Reporter<M>[], model: M): Promise<string[]> => writeReportFiles(dir, await reportFiles(reporters, model));
