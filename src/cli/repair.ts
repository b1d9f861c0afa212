import type { CommandModule } from 'yargs';
import { PATCHES } from '../repair/result.ts';
import { jsonOption, oneOf, timeLimitOption, workersOption } from './options.ts';
import type { Out } from './main.ts';
import { join } from 'node:path';

export const repairCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  command: 'repair <run>',
  describe: 'apply a patch to the checkers implicated in a run\'s false accepts, regrade, and show flips and controls preserved',
  builder: (y) =>
    jsonOption(y)
      .positional('run', { type: 'string', demandOption: true, describe: 'run folder of a finished audit' })
      .option('patch', {
        choices: PATCHES,
        coerce: oneOf('patch', PATCHES),
        demandOption: true,
        describe: 'cardinality: assert len(added_x) == N on TypeScript checker copies and regrade; count-guard / scope-guard: wrap the shipped verdict with a readback check (any target); threshold: regrade with the strictest checker of each episode (targets with several checkers per episode, e.g. miniwob: raw reward = 1)',
      })
      .option('workers', workersOption(0, 'parallel workers for the regrade (0 scores in the main thread)'))
      .option('time-limit', timeLimitOption('per-cell time limit in ms for the regrade'))
      .example('$0 repair reports/apps-1 --patch cardinality', 'patch copies of the implicated checkers and regrade the frozen cells')
      .example('$0 repair reports/apps-1 --patch count-guard --json', 'what a row-count guard would catch, as JSON')
      .example('$0 repair reports/miniwob-1.1.0 --patch threshold', 'regrade MiniWoB cells with full credit as the success threshold'),
  handler: async (a) => {
    // ts-morph and the engine load here, not at start-up (see main.ts).
    const [{ repair }, { headline }] = await Promise.all([import('../repair/repair.ts'), import('../repair/render.ts')]);
    const result = await repair({ runDir: a.run, patch: a.patch, workers: a.workers, limitMs: a['time-limit'] });
    if (a.json) out.log(JSON.stringify(result, null, 2));
    else {
      for (const f of result.flips) out.log(`${f.shipped} -> ${f.patched}  ${f.cell}  (${f.generator}, ${f.family})`);
      headline(result).forEach((l) => out.log(l));
      out.log(`Written: ${join(a.run, 'repair', a.patch)}/ (result.json, repair.md, flips.csv)`);
    }
    if (result.controls.broken.length) process.exitCode = 1;
  },
});
