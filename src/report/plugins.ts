// Reporters from outside (--reporter ./my-reporter.ts): a module exporting
// `reporters`, a Reporter[] written against blindspot's public entry.
import type { Reporter } from '../contract/report.ts';
import { InputError } from '../util/errors.ts';
import { exported, exportNames, importUserModule } from '../util/user-module.ts';

const isReporter = (r: unknown): r is Reporter =>
  typeof r === 'object' && r !== null && typeof (r as Reporter).name === 'string' && typeof (r as Reporter).files === 'function';

export async function loadReporters(files: readonly string[]): Promise<Reporter[]> {
  const out: Reporter[] = [];
  for (const file of files) {
    const mod = await importUserModule(file, '--reporter');
    const list = exported(mod, 'reporters');
    if (!Array.isArray(list) || !list.length || !list.every(isReporter)) {
      throw new InputError(`--reporter: ${file} must export \`reporters\`, a non-empty array of Reporter (a name and files(model); see src/contract/report.ts); ${exportNames(mod, 'reporters')}`);
    }
    out.push(...list);
  }
  return out;
}
