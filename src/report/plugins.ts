// Reporters from outside (--reporter ./my-reporter.ts): a module exporting
// `reporters`, a Reporter[] written against blindspot's public entry.
import type { Reporter } from '../contract/report.ts';
import { loadUserExport } from '../util/user-module.ts';

const isReporter = (r: unknown): r is Reporter =>
  typeof r === 'object' && r !== null && typeof (r as Reporter).name === 'string' && typeof (r as Reporter).files === 'function';

const isReporterList = (list: unknown) => Array.isArray(list) && list.length > 0 && list.every(isReporter);

export async function loadReporters(files: readonly string[]): Promise<Reporter[]> {
  const out: Reporter[] = [];
  for (const file of files) {
    out.push(...(await loadUserExport<Reporter[]>(file, '--reporter', 'reporters', isReporterList, 'a non-empty array of Reporter (a name and files(model); see src/contract/report.ts)')));
  }
  return out;
}
