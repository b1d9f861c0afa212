// blindspot triage: mark a run's finding dismissed or accepted, with a reason, in
// the triage file kept beside the benchmark; or list the findings with their keys.
import type { CommandModule } from 'yargs';
import { existsSync } from 'node:fs';
import { DEFAULT_TRIAGE } from '../triage/default.ts';
import { InputError } from '../util/errors.ts';
import { existingFolder, jsonOption, mutantsLookupOption } from './options.ts';
import type { Out } from './out.ts';

export const triageCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  command: 'triage <run>',
  describe: 'mark a finding of a run dismissed or accepted, with a reason, in the triage file kept beside the benchmark (keyed by construction, so it holds for later runs); without --cell, list the findings and their triage',
  builder: (y) =>
    mutantsLookupOption(jsonOption(y))
      .positional('run', { type: 'string', demandOption: true, describe: 'run folder' })
      .option('cell', { type: 'string', describe: 'the finding: a false accept\'s or search finding\'s cell id, or its key' })
      .option('dismiss', { type: 'string', describe: 'dismiss it, with the reason (e.g. "the task never states the description")' })
      .option('accept', { type: 'string', describe: 'accept it as a weakness to fix, with the reason' })
      .option('triage', { type: 'string', default: DEFAULT_TRIAGE, describe: 'the triage file' })
      .example('$0 triage reports/r1 --cell "fault:extra:slack/user_task_15#0" --dismiss "the second message repeats a placeholder body"', 'dismiss one finding'),
  handler: async (a) => {
    // The engine loads when the command runs, not at start-up (see main.ts).
    existingFolder('<run>', a.run, 'a run folder');
    existingFolder('--mutants', a.mutants, 'a folder of frozen increments', true);
    const [{ findingsOf }, { loadTriage, recordTriage }] = await Promise.all([import('../triage/findings.ts'), import('../triage/triage.ts')]);
    const findings = await findingsOf(a.run, a.mutants);
    if (a.dismiss !== undefined && a.accept !== undefined) throw new InputError('--dismiss, --accept: give one of them');
    if (a.cell === undefined) {
      if (a.dismiss !== undefined || a.accept !== undefined) throw new InputError('--cell: name the finding to mark');
      // Listing before anything was triaged: no file yet is no triage yet.
      const triage = existsSync(a.triage) ? loadTriage(a.triage) : undefined;
      const rows = findings.map((f) => ({ ...f, triage: triage?.byKey.get(f.key) }));
      if (a.json) return out.log(JSON.stringify(rows, null, 2));
      for (const r of rows) out.log(`${r.key}  ${r.triage ? `${r.triage.status.padEnd(9)}` : 'open     '}  ${r.task}  ${r.kind}: ${r.construction}${r.triage ? `  (${r.triage.reason})` : ''}`);
      return out.log(`${rows.length} finding(s); ${rows.filter((r) => r.triage).length} triaged in ${triage?.file ?? '(no triage file)'}`);
    }
    const f = findings.find((x) => x.cell === a.cell || x.key === a.cell);
    if (!f) throw new InputError(`--cell: ${a.cell} is not a finding of run ${a.run} (list them with \`blindspot triage ${a.run}\`)`);
    const status = a.dismiss !== undefined ? 'dismissed' : a.accept !== undefined ? 'accepted' : undefined;
    const reason = (a.dismiss ?? a.accept ?? '').trim();
    if (!status) throw new InputError('--dismiss or --accept: say what to mark, with the reason');
    if (!reason) throw new InputError(`--${status === 'dismissed' ? 'dismiss' : 'accept'}: give the reason; it is kept in the triage file`);
    recordTriage(a.triage, { key: f.key, target: f.target, task: f.task, construction: f.construction, status, reason, at: new Date().toISOString() });
    if (a.json) out.log(JSON.stringify({ file: a.triage, key: f.key, status, reason }, null, 2));
    else out.log(`${f.key} ${status} in ${a.triage}: ${f.task} ${f.kind}: ${f.construction}`);
  },
});
