// blindspot triage: mark a run's finding dismissed or accepted, with a reason, in
// the triage file kept beside the benchmark; or list the findings with their keys.
import type { CommandModule } from 'yargs';
import { existsSync } from 'node:fs';
import { DEFAULT_TRIAGE } from '../triage/default.ts';
import { InputError } from '../util/errors.ts';
import { closestName, meant } from '../util/suggest.ts';
import { existingFolder, jsonOption, notPerturbation, mutantsLookupOption, textOption, writableFile } from './options.ts';
import type { Out } from './out.ts';

export const triageCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  builder: (y) =>
    mutantsLookupOption(jsonOption(y))
      .positional('run', { type: 'string', demandOption: true, describe: 'run folder' })
      .option('cell', { type: 'string', describe: 'the finding: a false accept\'s or search finding\'s cell id, or its key' })
      .option('weakness', { type: 'string', describe: 'a search weakness or mechanism by name (as listed, e.g. "out-of-scope reboot_device", "answer: a figure accepted inside a longer figure"): marks every finding of it on every task, in this run and later ones; a weakness\'s own entry comes before its mechanism\'s' })
      .option('dismiss', { type: 'string', describe: 'dismiss it, with the reason (e.g. "the task never states the description")' })
      .option('accept', { type: 'string', describe: 'accept it as a weakness to fix, with the reason' })
      .option('triage', { ...textOption('triage'), default: DEFAULT_TRIAGE, describe: 'the triage file' })
      // audit's --unseal takes a --reason; here the reason is the value of --dismiss or --accept
      .option('reason', {
        type: 'string',
        hidden: true,
        coerce: () => {
          throw new InputError('--reason: give the reason as the value of --dismiss or --accept (--dismiss "why")');
        },
      })
      .example('$0 triage reports/r1 --cell "fault:extra:slack/user_task_15#0" --dismiss "the second message repeats a placeholder body"', 'dismiss one finding')
      .example('$0 triage reports/r1 --weakness "out-of-scope reboot_device" --dismiss "a reboot changes nothing the customer pays for"', 'dismiss one weakness on every task'),
  handler: async (a) => {
    existingFolder('<run>', a.run, 'a run folder');
    // a mark is written there: a path under a file, or a folder, is refused before the run is read
    if (a.dismiss !== undefined || a.accept !== undefined) writableFile('--triage', a.triage);
    await notPerturbation('<run>', a.run, 'run');
    existingFolder('--mutants', a.mutants, 'a folder of frozen increments', true);
    const [{ findingsOf }, { loadTriage, recordTriage, searchTriage }] = await Promise.all([import('../report/findings.ts'), import('../triage/triage.ts')]);
    const all = await findingsOf(a.run, a.mutants);
    if (a.dismiss !== undefined && a.accept !== undefined) throw new InputError('--dismiss, --accept: give one of them');
    if (a.cell !== undefined && a.weakness !== undefined) throw new InputError('--cell, --weakness: give one of them');
    // a weakness name, or a mechanism name (the shape of answer weaknesses): either marks every finding bearing it
    const findings = a.weakness === undefined ? all : all.filter((f) => f.weakness === a.weakness || f.mechanism === a.weakness);
    if (a.weakness !== undefined && !findings.length) {
      const search = all.filter((f) => f.weakness !== undefined);
      const names = (xs: string[]) => [...new Set(xs)].sort().map((n) => JSON.stringify(n)).join(', ');
      const listed = search.length ? ` (its weaknesses: ${names(search.map((f) => f.weakness!))}; its mechanisms: ${names(search.map((f) => f.mechanism ?? f.weakness!))})` : ' (it has no search finding)';
      throw new InputError(`--weakness: ${JSON.stringify(a.weakness)} is no search weakness or mechanism of run ${a.run}${listed}`);
    }
    const status = a.dismiss !== undefined ? 'dismissed' : a.accept !== undefined ? 'accepted' : undefined;
    if (a.cell === undefined && (a.weakness === undefined || !status)) {
      if (status) throw new InputError('--cell or --weakness: name the finding or the weakness to mark');
      // Listing before anything was triaged: no file yet is no triage yet.
      const triage = existsSync(a.triage) ? loadTriage(a.triage) : undefined;
      const rows = findings.map((f) => ({ ...f, triage: searchTriage(triage, f.target, f.key, f.weakness, f.mechanism) }));
      if (a.json) return out.log(JSON.stringify(rows, null, 2));
      for (const r of rows) out.log(`${r.key}  ${r.triage ? `${r.triage.status.padEnd(9)}` : 'open     '}  ${r.task}  ${r.kind}: ${r.construction}${r.triage ? `  (${r.triage.reason})` : ''}`);
      return out.log(`${rows.length} finding(s); ${rows.filter((r) => r.triage).length} triaged in ${triage?.file ?? `(no triage file at ${a.triage})`}`);
    }
    const reason = (a.dismiss ?? a.accept ?? '').trim();
    if (!status) throw new InputError('--dismiss or --accept: say what to mark, with the reason');
    if (!reason) throw new InputError(`--${status === 'dismissed' ? 'dismiss' : 'accept'}: give the reason; it is kept in the triage file`);
    const at = new Date().toISOString();
    if (a.weakness !== undefined) {
      const target = findings[0].target;
      recordTriage(a.triage, { weakness: a.weakness, target, status, reason, at });
      const tasks = new Set(findings.map((f) => f.task)).size;
      // a name that is some finding's exact weakness is a weakness (non-answer weaknesses are their own mechanism)
      const what = findings.some((f) => f.weakness === a.weakness) ? 'weakness' : 'mechanism';
      if (a.json) return out.log(JSON.stringify({ file: a.triage, weakness: a.weakness, marks: what, status, reason, findings: findings.length, tasks }, null, 2));
      return out.log(`${JSON.stringify(a.weakness)} ${status} in ${a.triage}: ${findings.length} minimal mutant(s) of ${tasks} task(s) in this run, and the ${what} in later runs`);
    }
    const f = findings.find((x) => x.cell === a.cell || x.key === a.cell);
    // a cell id cut short (its #0 left off) or a key mistyped is answered with the finding it most likely meant
    const near = f ? undefined : closestName(String(a.cell), [...new Set(findings.flatMap((x) => [x.cell, x.key]))]);
    if (!f) throw new InputError(`--cell: ${a.cell} is not a finding of run ${a.run} (list them with \`blindspot triage ${a.run}\`)${meant(near)}`);
    recordTriage(a.triage, { key: f.key, target: f.target, task: f.task, construction: f.construction, status, reason, at });
    if (a.json) out.log(JSON.stringify({ file: a.triage, key: f.key, status, reason }, null, 2));
    else out.log(`${f.key} ${status} in ${a.triage}: ${f.task} ${f.kind}: ${f.construction}`);
  },
});
