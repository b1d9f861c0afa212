// The recorded-runs arm at freeze: each run becomes one frozen cell whose steps
// are the run's own calls (so a run is scored from the manifest, never from the
// file again), and each (task, benchmark version) the runs were recorded under
// gets one reference cell: the yardstick its runs' effects are judged against is
// the reference delivered under the same version, not today's.
import type { EffectSemantics, Step, Target, TaskInfo, Trajectory } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { RecordedRun, RunSource } from './records.ts';

const RUN_FAMILY = 'recorded';
export const REFERENCE_FAMILY = 'reference';

export const referenceCellId = (task: string, version: string | undefined) => `runs:reference:${task}@${version ?? 'served'}`;

/** What the increment keeps of the input: every file's hash, so a changed run file is another increment and is refused at resume. */
export type RunsExtras = Pick<RunSource, 'root' | 'files'>;

const runMeta = (r: RecordedRun, listed: boolean) => ({
  source: r.source,
  sha256: r.sha256,
  pipeline: r.pipeline,
  recorded: r.recorded,
  ...(r.version ? { version: r.version } : {}),
  ...(r.versionRule ? { versionRule: r.versionRule } : {}),
  recordedErrors: r.recordedErrors,
  ...(r.harnessError ? { harnessError: r.harnessError } : {}),
  listed,
  ...(r.earlier ? { earlier: r.earlier } : {}),
});

/** The fields every cell of the arm opens with, in the manifest's key order: its task is checker and trajectory both. */
const armCell = (id: string, family: string, index: number, task: string, generator: string) =>
  ({ id, arm: 'runs', family, index, checker: task, trajectory: task, generator }) as const;

function excludedCell(id: string, task: string, reason: string, run?: RecordedRun, listed = false): Cell {
  return {
    ...armCell(id, RUN_FAMILY, 0, task || '-', task || '-'),
    ...(run ? { run: runMeta(run, listed) } : {}),
    construction: { ok: false, reason },
  };
}

/**
 * Why the target cannot grade a run of `task`, or undefined when it can. A task id
 * of the shape `<scenario>/<name>` whose scenario the target does not serve (as
 * opened) is a run of another suite.
 */
function unknownTask(task: string, tasks: TaskInfo[], error: string): string {
  const scenarios = [...new Set(tasks.map((t) => t.scenario).filter((s): s is string => !!s))];
  const prefix = task.includes('/') ? task.split('/', 1)[0] : undefined;
  if (prefix && scenarios.length && !scenarios.includes(prefix)) {
    return `a run of ${prefix}, which this audit does not serve (it serves ${scenarios.join(', ')})`;
  }
  return `the target cannot give the reference of ${task}: ${error}`;
}

/**
 * The run's final answer as the target's claim: through the claim argument its
 * semantics declare, else as the reference's own claim step (a target whose
 * checkers read no answer), else not at all.
 */
function withClaim(steps: Step[], reference: Trajectory, semantics: EffectSemantics | undefined): Step[] {
  const calls = steps.slice(0, -1);
  const answer = steps.at(-1)?.args.output ?? '';
  if (semantics?.answer) return [...calls, { call: semantics.answer.call, args: { [semantics.answer.arg]: answer }, kind: 'claim' }];
  const claim = [...reference.steps].reverse().find((s) => s.kind === 'claim');
  return claim ? [...calls, { call: claim.call, args: claim.args, kind: 'claim' }] : calls;
}

// any declaration that says so: other declarations of the argument (placeholders, normalisers) come first
const isOpen = (semantics: EffectSemantics | undefined, call: string, arg: string) =>
  !!semantics?.arguments?.some((a) => a.open && a.arg === arg && (a.call === call || a.call === '*'));

/**
 * Whether the instruction prescribes a value: quotes it ("use 'Feedback scores'
 * as the subject"). A value that merely occurs in it is no prescription: "the
 * iPhone subscription service" names a service, not a payment's subject.
 */
function stated(value: unknown, instruction: string): boolean {
  if (typeof value !== 'string' || !value.trim()) return false;
  const v = value.trim().toLowerCase();
  const text = instruction.toLowerCase();
  return [`'${v}'`, `"${v}"`, `‘${v}’`, `“${v}”`].some((q) => text.includes(q));
}

/**
 * The reference as the yardstick of recorded runs: each write step's arguments
 * that the target declares open, and whose value the task's instruction does not
 * state, join the step's free arguments (what the prompt leaves to the agent).
 */
function openArguments(reference: Trajectory, instruction: string | undefined, semantics: EffectSemantics | undefined): Trajectory {
  const steps = reference.steps.map((s) => {
    if (s.kind !== 'write') return s;
    const open = Object.entries(s.args)
      .filter(([arg, v]) => isOpen(semantics, s.call, arg) && !stated(v, instruction ?? ''))
      .map(([arg]) => arg);
    // an open argument the reference leaves out is the agent's to give too
    for (const a of semantics?.arguments ?? []) if (a.open && a.call === s.call && !(a.arg in s.args)) open.push(a.arg);
    const free = [...new Set([...(s.free ?? []), ...open])].sort();
    return free.length ? { ...s, free } : s;
  });
  return { ...reference, steps };
}

/** The arm's cells: reference cells first, then one cell per run (excluded runs as refused cells with their reason). */
export async function runsCells(target: Target, tasks: TaskInfo[], source: RunSource, semantics?: EffectSemantics): Promise<Cell[]> {
  const info = new Map(tasks.map((t) => [t.id, t]));
  const references = new Map<string, Trajectory | Error>();
  const referenceOf = async (task: string, version: string | undefined) => {
    const key = referenceCellId(task, version);
    if (!references.has(key)) {
      references.set(key, await target.reference(task, version ? { version } : undefined).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    }
    return references.get(key)!;
  };
  const cells: Cell[] = [];
  const seen = new Map<string, number>();
  for (const run of [...source.runs].sort((a, b) => a.source.localeCompare(b.source))) {
    const base = `runs:${run.pipeline}:${run.task}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const id = n ? `${base}#${n}` : base;
    const ref = await referenceOf(run.task, run.version);
    if (ref instanceof Error) {
      cells.push(excludedCell(id, run.task, `${run.source}: ${unknownTask(run.task, tasks, ref.message)}`, run, info.has(run.task)));
      continue;
    }
    cells.push({
      ...armCell(id, RUN_FAMILY, n, run.task, info.get(run.task)?.generator ?? run.task),
      ...(info.get(run.task)?.scenario ? { scenario: info.get(run.task)!.scenario } : {}),
      delivery: { recorded: true, ...(run.version ? { version: run.version } : {}) },
      run: runMeta(run, info.has(run.task)),
      construction: { ok: true, steps: withClaim(run.steps, ref, semantics), edit: `recorded run of ${run.pipeline} (${run.source})` },
    });
  }
  for (const e of source.excluded) cells.push(excludedCell(`runs:excluded:${e.source}`, '', e.reason));
  const refCells: Cell[] = [];
  for (const [id, ref] of references) {
    if (ref instanceof Error) continue;
    const version = id.slice(id.lastIndexOf('@') + 1);
    refCells.push({
      ...armCell(id, REFERENCE_FAMILY, 0, ref.task, info.get(ref.task)?.generator ?? ref.task),
      ...(version !== 'served' ? { delivery: { version } } : {}),
      construction: { ok: true, steps: openArguments(ref, info.get(ref.task)?.instruction, semantics).steps, edit: `reference of ${ref.task} under ${version === 'served' ? 'the served version' : version}` },
    });
  }
  return [...refCells.sort((a, b) => a.id.localeCompare(b.id)), ...cells];
}
