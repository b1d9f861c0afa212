// The one way a finished run folder is read: run.json, the increment it names, its
// manifest and the verified ledger. Reports, repairs, reruns, triage and
// consequence all start here, so none of them reads an unverified ledger.
import { join } from 'node:path';
import { loadIncrement, loadManifest } from '../protocol/increment.ts';
import { InputError } from '../util/errors.ts';
import { locateIncrement } from './locate.ts';
import { readRunFile } from './runfile.ts';
import { readRunLedger } from './verify.ts';

/** A run folder, verified; `mutants`: where else to look for its increment (see locateIncrement). */
export async function loadRun(runDir: string, mutants?: string) {
  const run = await readRunFile(runDir);
  if (!run) throw new InputError(`${join(runDir, 'run.json')}: not found (expected a run folder written by \`blindspot run\` or \`audit\`)`);
  if (run.shard) {
    throw new InputError(
      `${join(runDir, 'run.json')}: shard: this folder holds shard ${run.shard.index}/${run.shard.total} of increment ${run.increment.id}, not a whole run; combine every shard first: blindspot merge <shard run folders...> --out <dir>`,
    );
  }
  const incDir = locateIncrement(runDir, run, mutants);
  const increment = await loadIncrement(incDir);
  const manifest = await loadManifest(incDir, increment);
  const { entries } = readRunLedger(runDir, increment, manifest, run);
  return { run, incDir, increment, manifest, ledger: entries };
}
