import type { CommandModule } from 'yargs';
import { existingFolder, jsonOption, notPerturbation, runOptions, runSettings, textOption, writableFolder, notTheOtherStore } from './options.ts';
import { announcedRunDir } from './run-report.ts';
import type { Out } from './out.ts';
import { KEYS } from '../rerun/where.ts';

export const rerunCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    jsonOption(runOptions(y))
      .option('from', { ...textOption('from'), demandOption: true, describe: 'the earlier run folder' })
      .option('where', { ...textOption('where'), describe: `cell filter, key=value[,key=value] over ${KEYS.join(', ')}; without it, a search run's minimal mutants` })
      .option('out', { ...textOption('out'), describe: 'run folder of the rerun (default reports/rerun-<time>)' })
      .option('mutants', { ...textOption('mutants'), default: 'mutants', describe: 'folder of frozen increments: the rerun\'s increment is frozen here, and the source run\'s is looked up here when its folder moved' })
      .example('$0 rerun --from reports/servicedesk-x --where family=extra-field,verdict=pass', 'paper appendix F: rerun the extra-field Pass cells with Table API readback')
      .example('$0 rerun --from reports/agentdojo-banking', 'confirm a search run\'s minimal mutants on fresh environments'),
  handler: async (a) => {
    existingFolder('--from', a.from, 'a run folder');
    await notPerturbation('--from', a.from, 'run');
    for (const flag of ['out', 'mutants']) writableFolder(`--${flag}`, a[flag]);
    notTheOtherStore('--mutants', a.mutants);
    const { rerun } = await import('../rerun/rerun.ts');
    const s = await rerun({
      from: a.from,
      where: a.where,
      mutantsDir: a.mutants,
      out: a.out,
      // made only once the source run and the selection are known good
      defaultRunDir: () => announcedRunDir('rerun', out, Boolean(a.json)),
      ...runSettings(a),
    });
    if (a.json) return out.log(JSON.stringify(s, null, 2));
    if (s.alreadyScored) out.err(`Resumed the rerun in ${s.runDir}: ${s.alreadyScored} cell(s) were scored by an earlier session.`);
    out.log(`Froze ${s.selected} selected cell(s) of ${s.from} (${s.where}) as increment ${s.increment}, reran them with readback.`);
    out.log(`Confirmed wrong effect: ${s.confirmedWrongEffect}/${s.selected}; degenerate: ${s.degenerate}; other: ${s.otherStatus}. Verdicts reproduced: ${s.verdictsReproduced}/${s.selected}. False accepts reconfirmed: ${s.falseAcceptsReconfirmed}/${s.selected}.`);
    for (const c of s.cells) {
      // every line of the evidence: an answer finding's one line is all there is of its reason
      const why = c.after.evidence?.join('; ') || c.after.reason;
      out.log(`  ${c.cell}: ${c.before.verdict} -> ${c.after.verdict}, ${c.after.status}${why ? `: ${why}` : ''}`);
    }
    out.log(`Rerun: ${s.runDir}/rerun.json and report.md`);
  },
});
