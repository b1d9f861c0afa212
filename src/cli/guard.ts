import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { describeChange } from '../guard/compare.ts';
import { existingFolder, guardFolder, jsonOption, notPerturbation, runOptions, runSettings, textOption, triageOption, writableFile } from './options.ts';
import { InputError } from '../util/errors.ts';
import { shownPath } from '../util/shown-path.ts';
import type { Out } from './out.ts';

/**
 * A fault run's folder named as --increment: answered with the increment it scored,
 * not with how to resume it (the words of \`blindspot run\`, a command not typed here).
 */
async function notRunFolder(dir: string | undefined, mutants: string | undefined): Promise<void> {
  if (dir === undefined || existsSync(join(dir, 'increment.json'))) return;
  const [{ readRunFile }, { locateIncrement }] = await Promise.all([import('../run/runfile.ts'), import('../run/locate.ts')]);
  const run = await readRunFile(dir).catch(() => undefined);
  if (!run || run.agent) return;
  let scored: string | undefined;
  try {
    scored = locateIncrement(dir, run, mutants);
  } catch {
    // nowhere to be found: the run folder is named alone
  }
  throw new InputError(`--increment: ${dir} is a run folder, not a frozen increment${scored ? `; the increment it scored: --increment ${shownPath(scored)}` : ''}`);
}

export const guardCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    triageOption(jsonOption(runOptions(y)))
      .option('baseline', { ...textOption('baseline'), demandOption: true, describe: 'baseline file (JSON, one outcome per cell; commit it)' })
      .option('increment', { ...textOption('increment'), describe: 'frozen increment folder (default: the one the baseline names)' })
      .option('checker-dir', { ...textOption('checker-dir'), describe: 'score the checker files in this directory instead of the target\'s shipped ones' })
      .option('full', { type: 'boolean', default: false, describe: 'score every cell again; by default only cells whose checker files changed since the baseline are, and the rest keep the baseline\'s outcome' })
      .option('mutants', { ...textOption('mutants'), describe: 'folder holding a copy of the baseline\'s increment when it is not where the baseline says (found by content hash)' })
      .option('update-baseline', { type: 'boolean', default: false, describe: 'write the current outcomes as the new baseline (exits 0)' })
      .option('junit', { ...textOption('junit'), describe: 'also write JUnit XML here, for CI test reports' })
      .option('out', { ...textOption('out'), describe: 'keep the rerun (derived increment and run folder) here; default a temporary folder, removed' })
      .example('$0 guard --baseline blindspot-baseline.json --increment mutants/apps-<id> --update-baseline', 'take the baseline on a frozen increment (blindspot freeze prints its folder)')
      .example('$0 guard --baseline blindspot-baseline.json --junit guard.xml', 'in CI: exit 1 on a regression'),
  handler: async (a) => {
    // guard keeps a rerun of its own there (mutants/, run/): inside another run's folder it would mix with that run
    if (a.out !== undefined && existsSync(join(a.out, 'run.json'))) throw new InputError(`--out: ${a.out} is a run folder; guard keeps its rerun (mutants/ and run/) in a folder of its own: name a new one`);
    guardFolder('--out', a.out);
    writableFile('--junit', a.junit);
    if (a['update-baseline']) writableFile('--baseline', a.baseline);
    existingFolder('--increment', a.increment, 'a frozen increment folder');
    await notRunFolder(a.increment, a.mutants);
    await notPerturbation('--increment', a.increment, 'increment');
    existingFolder('--checker-dir', a['checker-dir'], 'a folder of checker files');
    existingFolder('--mutants', a.mutants, 'a folder of frozen increments', true);
    const { guard } = await import('../guard/guard.ts');
    const r = await guard({
      baseline: a.baseline,
      increment: a.increment,
      checkerDir: a['checker-dir'],
      update: a['update-baseline'],
      full: a.full,
      mutants: a.mutants,
      junit: a.junit,
      out: a.out,
      triage: (await import('../triage/triage.ts')).loadTriage(a.triage),
      warn: out.err,
      ...runSettings(a),
    });
    if (a.json) out.log(JSON.stringify(r, null, 2));
    else {
      if (r.checkersChanged.length) out.log(`Checker files changed since the baseline: ${r.checkersChanged.join(', ')}`);
      out.log(`Re-scored ${r.rescored} cell(s); carried ${r.carried} outcome(s) over from the baseline (their checker files did not change).`);
      for (const c of r.changes) out.log(describeChange(c));
      const counts = Object.entries(r.summary).map(([k, n]) => `${k} ${n}`).join(', ');
      if (r.updated) out.log(`Baseline written: ${r.baseline} (increment ${r.increment.id}; ${counts})`);
      else if (r.regressions) out.log(`guard: ${r.regressions} regression(s) against ${r.baseline}. If intended, rerun with --update-baseline and commit the file.`);
      else out.log(`guard: no regression against ${r.baseline} (${r.changes.length} other change(s); ${counts})`);
    }
    if (r.regressions) process.exitCode = 1;
  },
});
