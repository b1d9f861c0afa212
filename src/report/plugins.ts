// Reporters from outside (--reporter ./my-reporter.ts): a module exporting
// `reporters`, a Reporter[] written against blindspot's public entry.
import type { Reporter } from '../contract/report.ts';
import { loadUserExport } from '../util/user-module.ts';
import { errorMessage, InputError } from '../util/errors.ts';

const isReporter = (r: unknown): r is Reporter =>
  typeof r === 'object' && r !== null && typeof (r as Reporter).name === 'string' && typeof (r as Reporter).files === 'function';

const isReporterList = (list: unknown) => Array.isArray(list) && list.length > 0 && list.every(isReporter);

/** A reporter whose failure is the module's fault, said in one line naming the module, rather than an internal error. */
const blamed = (file: string, r: Reporter): Reporter => ({
  name: r.name,
  files: async (model) => {
    try {
      return await r.files(model);
    } catch (e) {
      throw new InputError(`--reporter ${file}: reporter ${r.name} failed: ${errorMessage(e).split('\n')[0]}`);
    }
  },
});

export async function loadReporters(files: readonly string[]): Promise<Reporter[]> {
  const out: Reporter[] = [];
  for (const file of files) {
    const reporters = await loadUserExport<Reporter[]>(file, '--reporter', 'reporters', isReporterList, 'a non-empty array of Reporter (a name and files(model); see src/contract/report.ts)');
    out.push(...reporters.map((r) => blamed(file, r)));
  }
  return out;
}
