import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { existingFolder, jsonOption, MAX_BOOTSTRAP, knownList, list, milliseconds, oneOf, parseUnseal, shardOption, SPLITS, targetOption, targetSpec, timeLimitOption, wholeNumber, workersOption, runFolder, textOption, writableFolder } from './options.ts';
import { InputError } from '../util/errors.ts';
import { missingScript, unstartable } from '../util/command-words.ts';
import { sameMembers } from '../util/group.ts';
import { meant, pathBeside } from '../util/suggest.ts';
import { shownPath } from '../util/shown-path.ts';
import { refuseSealed } from '../target/select.ts';
import type { Out } from './out.ts';
import { openTarget, parseTargetSpec } from '../target/registry.ts';
import type { PerturbSet } from '../perturb/freeze.ts';

type Args = Record<string, any>;

const BUILTINS = ['replay', 'literal'] as const;
const FAMILY_HELP = 'U (utterance), P (procedure), C (context), T (tool contract) x missing, redundant, incorrect, e.g. U-missing,T-incorrect';

const runBuilder = (y: Argv) =>
  shardOption(jsonOption(targetOption(y)))
    .option('agent', {
      requiresArg: true,
      coerce: oneOf('agent', BUILTINS),
      describe: 'a built-in baseline: replay (the reference through the perturbed contract; must show 0% degradation) or literal (reads values and tool names literally). Or give the agent\'s command after --',
    })
    .option('agent-name', { ...textOption('agent-name'), describe: 'label of a process agent in records and reports (default: its command)' })
    .option('out', { ...textOption('out'), describe: 'run folder (default reports/perturb-<target>-<agent>); an existing one is resumed' })
    .option('split', { requiresArg: true, coerce: oneOf('split', SPLITS), defaultDescription: 'dev', describe: 'the task split to perturb' })
    .option('unseal', { type: 'string', describe: 'open a sealed split (needs --reason, recorded)' })
    .option('reason', { type: 'string', describe: 'why a sealed split is opened' })
    .option('tasks', { type: 'string', array: true, coerce: list('tasks', 'task ids'), describe: 'only these task ids' })
    .option('families', { type: 'string', array: true, coerce: list('families', 'families'), describe: `perturbation families (default all 12: ${FAMILY_HELP})` })
    // each seed is a perturbation per family and task, for the agent to run: 10^7 overflowed the set's file before the first episode
    .option('seeds', { requiresArg: true, coerce: wholeNumber('seeds', 1, 'a whole number', 1000), default: 1, describe: 'perturbations tried per family and task (seeds 0..N-1; equal edits are kept once)' })
    .option('perturbations', {
      ...textOption('perturbations'),
      describe: "use this frozen set (another run's folder, or the increment folder of its set) instead of freezing one: agents compared on the same instances. The set fixes the target, tasks and families; a --target, --tasks or --families that differs from it is refused",
    })
    .option('generator', {
      ...textOption('generator'),
      describe: 'command (split on spaces) proposing free-form perturbations, JSON lines (docs/agent-protocol.md); its proposals are validated like the built-in ones',
    })
    .option('checker-dir', { ...textOption('checker-dir'), describe: 'grade with the checker files in this directory instead of the shipped ones (a planted or repaired checker); the set is frozen against them' })
    .option('workers', workersOption(2, 'episodes run in parallel, each worker on its own target'))
    .option('max-steps', { requiresArg: true, coerce: wholeNumber('max-steps', 1), default: 50, describe: 'tool calls plus questions per episode before it is stopped' })
    .option('episode-time-limit', { requiresArg: true, coerce: milliseconds('episode-time-limit'), default: 120_000, describe: 'per-episode time limit in ms; past it the agent is stopped and the episode graded as it stands' })
    .option('time-limit', { ...timeLimitOption('time limit in ms of each grading phase of an episode (read back, check) and of each validation phase; past it the episode is a checker Error'), defaultDescription: 'calibrated: 10 x the slowest clean episode, at least 10000' })
    .option('bootstrap', { requiresArg: true, coerce: wholeNumber('bootstrap', 0, 'a whole number', MAX_BOOTSTRAP), default: 1000, describe: 'cluster-bootstrap resamples over tasks for the intervals (0: none)' })
    .option('progress', { type: 'boolean', default: true, describe: 'show progress on stderr (none with --no-progress or --json)' })
    .example('$0 perturb --target apps --agent replay', 'validate the 12 families on the dev tasks and run the replay baseline (0% degradation)')
    .example('$0 perturb --target apps --agent literal --perturbations reports/perturb-apps-replay', 'the literal baseline on the same instances (the set of the replay run)')
    .example('$0 perturb --target apps --agent-name gpt -- node examples/agents/openai-chat.mjs', 'an OpenAI-compatible model ($OPENAI_BASE_URL, $OPENAI_API_KEY, $OPENAI_MODEL)')
    .example('$0 perturb compare reports/perturb-apps-replay reports/perturb-apps-literal', 'rank agents by robustness');

export const perturbCommand = (out: Out): CommandModule<{}, Args> => ({
  builder: (y) =>
    y
      .command({ command: '$0', describe: 'freeze a validated perturbation set and run an agent on it, paired with its clean instances', builder: runBuilder, handler: (a) => perturbRun(a, out) })
      .command({
        command: 'compare <runs..>',
        describe: 'rank agents by robustness (relative degradation) and correlate clean score with degradation',
        builder: (c: Argv) =>
          jsonOption(c)
            .positional('runs', { type: 'string', array: true, demandOption: true, describe: 'perturbation run folders, one per agent, on the same set' })
            .option('out', { ...textOption('out'), describe: 'folder for compare.json, .md, .html and .csv (default: none written)' })
            .option('bootstrap', { requiresArg: true, coerce: wholeNumber('bootstrap', 0, 'a whole number', MAX_BOOTSTRAP), default: 1000, describe: 'cluster-bootstrap resamples per run' }),
        handler: (a) => perturbCompare(a, out),
      })
      .epilogue(
        'Families: 4 targets x 3 types = 12, one change each: U the user utterance (a stated value dropped, an irrelevant sentence, a value misspelt), ' +
          'P the procedure (a rule dropped, an irrelevant rule, a wrong limit), C the carried-over context (the first exchange dropped, an unrelated exchange, a wrong number), ' +
          'T the tool contract (an unneeded tool removed, a fake tool added, a needed tool renamed while its backend stays). Each candidate is validated: exactly one target ' +
          'changed, checker and environment hashes unchanged, missing or misleading information carries what the agent must ask and what the simulated user answers, and ' +
          'the reference replayed through the perturbed contract still passes the pristine checker on a fresh environment. Rejected candidates are kept with their reason.\n\n' +
          'Each episode is graded by the benchmark\'s own checker and its effect read back and compared with the reference\'s under the target\'s semantics: a Pass whose ' +
          'effect differs materially is a grader false accept exposed by that agent. Robustness is the relative degradation 100(C-P)/C, with cluster-bootstrap intervals over tasks. ' +
          'The agent protocol (JSON lines, one process per episode) is in docs/agent-protocol.md.',
      ),
  handler: () => undefined,
});

/**
 * A frozen set (reused with --perturbations, or a resumed folder's own) already
 * fixes the target, tasks and families, and a run scores it whole. A selection
 * flag given that says otherwise is refused rather than ignored: without this,
 * `--target agentdojo --perturbations <an apps run>` reported the apps set under
 * the user's belief it was AgentDojo, and `--tasks` silently ran every task.
 */
function refuseOtherSelection(a: Args, spec: string, set: PerturbSet, setDir: string): void {
  const differs: string[] = [];
  const given = (flag: string) => a[flag] !== undefined;
  if ((given('target') || given('suite') || given('target-option')) && spec !== set.target) differs.push(`--target ${spec} (the set's target: ${set.target})`);
  if (given('tasks') && !sameMembers(a.tasks, set.tasks)) differs.push(`--tasks ${a.tasks.join(',')} (the set's ${set.tasks.length} tasks: ${set.tasks.slice(0, 5).join(', ')}${set.tasks.length > 5 ? ', ...' : ''})`);
  if (given('families') && !sameMembers(a.families, set.families)) differs.push(`--families ${a.families.join(',')} (the set's: ${set.families.join(', ')})`);
  if (given('generator')) differs.push('--generator (the set is already frozen; proposals are only taken when one is frozen)');
  if (differs.length) {
    throw new InputError(
      `${a.perturbations ? '--perturbations' : '--out'}: ${setDir} is a frozen set the run scores whole, and ${differs.join('; ')} would be ignored; ` +
        'drop the flag to run the set as it is, or freeze a new set into another --out without --perturbations',
    );
  }
}

async function perturbRun(a: Args, out: Out): Promise<void> {
  const command = ((a['--'] ?? []) as unknown[]).map(String);
  if (a.agent && command.length) throw new InputError(`--agent: give a built-in agent (--agent ${a.agent}) or a command after --, not both`);
  if (!a.agent && !command.length) throw new InputError(`--agent: name a built-in agent (${BUILTINS.join(', ')}) or give the agent's command after --`);
  const unstarted = command.length ? unstartable(command[0]) : undefined;
  if (unstarted) throw new InputError(`the agent's command after \`--\`: ${command[0]}: ${unstarted}`);
  // its interpreter starts, then fails in every episode: a run folder of crashes, after the whole set was validated
  const script = missingScript(command);
  if (script !== undefined) throw new InputError(`the agent's command after \`--\`: ${script}: no such file${meant(pathBeside(script, 'file'))}`);
  // as the agent's: a generator that cannot start was found only once the target had opened and the first task was asked for
  const generatorWords = a.generator === undefined ? [] : String(a.generator).split(/\s+/).filter(Boolean);
  const noGenerator = generatorWords.length ? unstartable(generatorWords[0]) : undefined;
  if (noGenerator) throw new InputError(`--generator: ${generatorWords[0]}: ${noGenerator}`);
  const generatorScript = missingScript(generatorWords);
  if (generatorScript !== undefined) throw new InputError(`--generator: ${generatorScript}: no such file${meant(pathBeside(generatorScript, 'file'))}`);
  runFolder('--out', a.out);
  existingFolder('--checker-dir', a['checker-dir'], 'a folder of checker files');
  const [{ BUILTIN_AGENTS }, { processAgent }, { freezePerturbations, readSet }, run, { PERTURB_FAMILIES }, { analysePerturbRun }, render, { readRunFile }, { locateIncrement }] = await Promise.all([
    import('../agent/builtin.ts'),
    import('../agent/process.ts'),
    import('../perturb/freeze.ts'),
    import('../perturb/run.ts'),
    import('../perturb/inputs.ts'),
    import('../perturb/analysis.ts'),
    import('../perturb/render.ts'),
    import('../run/runfile.ts'),
    import('../run/locate.ts'),
  ]);
  const agent = a.agent ? BUILTIN_AGENTS[a.agent as string]() : processAgent(command, a['agent-name']);
  const spec = targetSpec({ ...a, '--': [] });
  const families = a.families ? knownList('families', 'family', PERTURB_FAMILIES, a.families) : PERTURB_FAMILIES;
  const unseal = parseUnseal(a.unseal, a.reason);
  const split = a.split ?? unseal?.split ?? 'dev';
  // as audit refuses it: the target's own SealedSplitError surfaced as an internal error with its stack (exit 1)
  refuseSealed([split], unseal);
  const dir = resolve(a.out ?? join('reports', `perturb-${parseTargetSpec(spec).name}-${agent.name.replace(/[^\w.-]+/g, '_')}`));
  const open = { ...(unseal ? { unseal } : {}), ...(a['checker-dir'] ? { checkerDir: resolve(String(a['checker-dir'])) } : {}) };
  // --out named the wrong run: said of --out before a set is read or frozen, not after, of the folders behind it
  const held = await readRunFile(dir);
  const outShown = a.out === undefined ? shownPath(dir) : String(a.out);
  if (held && !held.agent) throw new InputError(`--out: ${outShown} is a fault run (increment ${held.increment.id}), not a perturbation run; name a new folder`);
  if (held?.agent && held.agent.name !== agent.name) throw new InputError(`--out: ${outShown} holds a run of agent '${held.agent.name}', not of agent '${agent.name}'; choose another --out`);
  // a set named by a run folder is that run's increment; a resumed folder keeps its own
  // a mistyped --perturbations is a missing folder, not 'no run.json, no increment.json'
  existingFolder('--perturbations', a.perturbations, 'a perturbation run folder or the increment folder of its set');
  const named = a.perturbations ? String(a.perturbations) : dir;
  const owner = await readRunFile(named);
  const setDir = owner ? locateIncrement(named, owner) : existsSync(join(named, 'increment.json')) ? named : undefined;
  if (a.perturbations && !setDir) throw new InputError(`--perturbations: ${a.perturbations} is neither a perturbation run folder nor a frozen set (no run.json, no increment.json)`);
  let set: PerturbSet;
  if (setDir) {
    // an audit run's folder also has a run.json and an increment: say which flag named it
    set = await readSet(setDir).catch((e: unknown) => {
      throw a.perturbations && e instanceof InputError ? new InputError(`--perturbations: ${a.perturbations} is not a perturbation run or set: ${e.message}`) : e;
    });
    refuseOtherSelection(a, spec, set, setDir);
    if (!a.json) out.err(`perturbation set ${set.hash.slice(0, 12)} from ${setDir}: ${set.instances.length} instances`);
  } else {
    const target = await openTarget(spec, open);
    const generator = a.generator ? (await import('../perturb/generator.ts')).startGenerator(String(a.generator).split(/\s+/).filter(Boolean)) : undefined;
    try {
      set = await freezePerturbations({
        target,
        spec,
        root: join(dir, 'perturbations'),
        open,
        workers: a.workers as number,
        ...(a['time-limit'] ? { deadlineMs: a['time-limit'] as number } : {}),
        split,
        seeds: Array.from({ length: a.seeds as number }, (_, k) => k),
        families,
        ...(a.tasks ? { taskIds: a.tasks } : {}),
        ...(generator ? { generator } : {}),
        onTask: (n, total) => {
          if (!a.json && a.progress && (n === total || n % 10 === 0)) out.err(`validating perturbations: ${n}/${total} tasks`);
        },
      });
    } finally {
      await generator?.close();
      await target.close();
    }
    const perFamily = families.map((f) => `${f} ${set.instances.filter((i) => i.family === f).length}`).join(', ');
    if (!a.json) out.err(`validated ${set.instances.length - set.tasks.length} perturbations over ${set.tasks.length} tasks (${perFamily}); ${set.rejected.length} candidates rejected, with reasons, in ${set.dir}`);
  }
  // a merged run (blindspot merge of its shards) is reported, not scored any further
  const merged = (await readRunFile(dir))?.merged;
  const result = merged ? { ...(await run.readEpisodes(dir)), ran: 0, resumed: 0 } : await run.runPerturbations({
    out: dir,
    set,
    agent,
    workers: a.workers as number,
    limits: { steps: a['max-steps'] as number, timeMs: a['episode-time-limit'] as number },
    progress: Boolean(a.progress) && !a.json,
    ...(a['time-limit'] ? { limitMs: a['time-limit'] as number } : {}),
    ...(a.shard ? { shard: a.shard } : {}),
  });
  const status = 'status' in result ? result.status : 'complete';
  // the report files of an interrupted run say they cover part of the set, as its stderr line does
  const analysed = { ...analysePerturbRun(result.records, { bootstrap: a.bootstrap as number, set }), ...(status === 'interrupted' ? { interrupted: { of: set.instances.length } } : {}) };
  const lines = await render.reportPerturbRun(dir, analysed);
  if (a.json) out.log(JSON.stringify({ dir, status, ran: result.ran, resumed: result.resumed, analysis: analysed }, null, 2));
  else {
    if (result.resumed) out.err(`resumed: ${result.resumed} episodes kept from earlier sessions, ${result.ran} run now`);
    lines.forEach((l) => out.log(l));
  }
  if (status === 'interrupted') {
    out.err(`interrupted: ${result.records.length} of ${set.instances.length} episodes scored, and the report covers those alone; run the same command again to resume`);
    process.exitCode = 130;
  }
  // an agent that cannot work at all (a missing API key, a crash on start) is a failed run, not a 0% score
  const failed = result.records.filter((r) => r.agentError);
  if (failed.length && failed.length === result.records.length) {
    out.err(`blindspot: the agent failed every episode (${failed.length}); the first: ${failed[0].agentError}`);
    process.exitCode ||= 1;
  }
}

async function perturbCompare(a: Args, out: Out): Promise<void> {
  const [{ readEpisodes }, { analysePerturbRun }, { comparePerturbRuns }, render] = await Promise.all([
    import('../perturb/run.ts'),
    import('../perturb/analysis.ts'),
    import('../perturb/compare.ts'),
    import('../perturb/render.ts'),
  ]);
  for (const dir of a.runs as string[]) existingFolder('perturb compare', dir, 'a perturbation run folder');
  // written after every run is read and analysed: a file in its place was named by mkdir's EEXIST alone
  writableFolder('--out', a.out);
  const runs = await Promise.all((a.runs as string[]).map(async (dir) => ({ dir, ...(await readEpisodes(dir)) })));
  const sets = new Set(runs.map((r) => r.set.hash));
  if (sets.size > 1) throw new InputError(`compare: the runs are on different perturbation sets (${runs.map((r) => `${r.dir}: ${r.set.hash.slice(0, 12)}`).join(', ')}); run every agent with --perturbations on one set`);
  const unfinished = runs.filter((r) => r.records.length < r.set.instances.length);
  if (unfinished.length) throw new InputError(`compare: ${unfinished.map((r) => `${r.dir} has ${r.records.length} of ${r.set.instances.length} episodes`).join('; ')}; resume it first (run the same perturb command again)`);
  const bootstrap = a.bootstrap as number;
  const cmp = comparePerturbRuns(
    runs.map((r) => analysePerturbRun(r.records, { bootstrap })),
    { records: runs.flatMap((r) => r.records), bootstrap: { bootstrap } },
  );
  if (a.out) await render.writeComparison(String(a.out), cmp);
  out.log(a.json ? JSON.stringify(cmp, null, 2) : render.renderComparisonMarkdown(cmp));
}
