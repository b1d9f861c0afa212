// Conformance of a target: what the engine relies on, checked before an audit
// trusts it. Each check names what failed and for which task, so a target author
// can fix the bridge rather than read a ledger full of errors. A protocol target
// also gets the handshake and malformed-request probes; a built-in target that
// runs in process (miniwob) gets the shared checks on its Target instead.
import type { Delivery, Effect, Episode, OpenOptions, Target, TargetInfo, TaskInfo, Trajectory, Verdict } from '../../contract/target.ts';
import { describeDifference, diffEffects } from '../../readback/compare.ts';
import { namesTable } from '../../readback/semantics.ts';
import { errorMessage } from '../../util/errors.ts';
import { subset } from '../select.ts';
import { groupBy } from '../../util/group.ts';
import { ProtocolClient } from './client.ts';
import { RemoteError, SUPPORTED_VERSIONS } from './messages.ts';
import { startClient, type ProtocolTargetOptions } from './target.ts';
import { shownCommand } from '../../util/command-words.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  summary: string;
  failures: string[];
  /** what a reader should know that is no failure (a declaration these tasks never exercise) */
  notes?: string[];
}

export interface ConformanceReport {
  ok: boolean;
  command: string[];
  /** the protocol version the target accepted in the handshake; absent for a target that runs in process */
  protocol?: number;
  target?: TargetInfo;
  tasks: number;
  checks: CheckResult[];
}

interface ConformanceOptions extends ProtocolTargetOptions {
  /** only these task ids (default: every task of an open split) */
  tasks?: string[];
}

function result(name: string, total: number, failures: string[], unit = 'tasks'): CheckResult {
  const ok = failures.length === 0;
  return { name, ok, summary: ok ? `${total}/${total} ${unit}` : `${failures.length} of ${total} ${unit} fail`, failures };
}

/** Requests that a conforming target answers with a structured error and survives. */
function probes(someTask: string): { what: string; line: string; id: unknown }[] {
  const req = (id: string, method: string, params?: unknown) => JSON.stringify({ id, method, ...(params === undefined ? {} : { params }) });
  return [
    { what: 'a line that is not JSON', line: 'this is not json {', id: null },
    { what: 'a JSON array instead of a request', line: '[1, 2, 3]', id: null },
    { what: 'an unknown method', line: req('probe-1', 'no-such-method', {}), id: 'probe-1' },
    { what: 'params that are not an object', line: req('probe-2', 'reference', [someTask]), id: 'probe-2' },
    { what: 'reference without a task', line: req('probe-3', 'reference', {}), id: 'probe-3' },
    { what: 'reference of an unknown task', line: req('probe-4', 'reference', { task: '__blindspot_no_such_task__' }), id: 'probe-4' },
    { what: 'deliver to an unknown episode', line: req('probe-5', 'deliver', { episode: '__none__', trajectory: { task: someTask, steps: [] } }), id: 'probe-5' },
    { what: 'check on an unknown episode', line: req('probe-6', 'check', { episode: '__none__', task: someTask }), id: 'probe-6' },
  ];
}

const isStructuredError = (m: unknown): boolean => {
  const e = (m as { error?: { code?: unknown; message?: unknown } })?.error;
  return typeof e?.code === 'string' && typeof e?.message === 'string';
};

async function malformed(client: ProtocolClient, someTask: string): Promise<CheckResult> {
  const failures: string[] = [];
  const all = probes(someTask);
  for (const p of all) {
    try {
      const answer = await client.sendRaw(p.line, p.id);
      if (!isStructuredError(answer)) failures.push(`${p.what}: answered ${JSON.stringify(answer).slice(0, 160)} instead of {"error": {"code", "message"}}`);
    } catch (e) {
      failures.push(`${p.what}: ${errorMessage(e)}`);
      if (!client.alive) break;
    }
  }
  if (client.alive) {
    await client.request('tasks').catch((e) => failures.push(`a valid request after the malformed ones failed: ${errorMessage(e)}`));
  } else if (!failures.some((f) => f.includes('died') || f.includes('exited') || f.includes('killed'))) {
    failures.push('the target process died');
  }
  return result('malformed requests get structured errors', all.length, failures, 'requests');
}

interface Control {
  task: string;
  delivery: { completed: boolean; error?: string };
  effects: Effect[];
  verdicts: Verdict[];
}

/** What the shared checks need of a target, whether it speaks the protocol or runs in process. */
interface Subject {
  tasks(): Promise<TaskInfo[]>;
  reference(task: string): Promise<Trajectory>;
  episode(): Promise<Pick<Episode, 'deliver' | 'readback' | 'check' | 'close'>>;
  alive(): boolean;
}

/** `work` on a fresh episode, which is closed after it whatever happens. */
async function onFreshEpisode<T>(subject: Subject, work: (episode: Awaited<ReturnType<Subject['episode']>>) => Promise<T>): Promise<T> {
  const episode = await subject.episode();
  try {
    return await work(episode);
  } finally {
    await episode.close().catch(() => undefined);
  }
}

/** The reference of `task` on two fresh episodes; its own checker asked twice on the first and once on the second. */
async function control(subject: Subject, trajectory: Trajectory): Promise<Control> {
  const out: Control = { task: trajectory.task, delivery: { completed: true }, effects: [], verdicts: [] };
  for (const asks of [2, 1]) {
    await onFreshEpisode(subject, async (episode) => {
      const d = await episode.deliver(trajectory);
      if (!d.completed) out.delivery = d;
      out.effects.push(await episode.readback());
      for (let k = 0; k < asks; k++) out.verdicts.push(await episode.check(trajectory.task));
    });
  }
  return out;
}

/** One trajectory on a fresh episode, read back and never checked. */
const deliverOnce = (subject: Subject, trajectory: Trajectory): Promise<{ delivery: Delivery; effect: Effect }> =>
  onFreshEpisode(subject, async (episode) => ({ delivery: await episode.deliver(trajectory), effect: await episode.readback() }));

/** How two effects differ, in words; empty when they are the same. */
const differences = (a: Effect, b: Effect): string => diffEffects(a, b).map(describeDifference).join('; ');

/** An episode of a protocol target as the checks use it: a protocol error throws, as a delivery that failed does not. */
function protocolEpisode(client: ProtocolClient): Subject['episode'] {
  return async () => {
    const { episode } = await client.request('open');
    return {
      deliver: (trajectory) => client.request('deliver', { episode, trajectory }),
      readback: async () => (await client.request('readback', { episode })).effect as Effect,
      check: (task) => client.request('check', { episode, task }),
      close: async () => void (await client.request('close', { episode })),
    };
  };
}

/** Task listing, then each selected task's reference delivered twice: passes its checker, reads back the same, judged the same. */
async function checkSubject(subject: Subject, report: ConformanceReport, open: OpenOptions, only?: string[]): Promise<{ selected: TaskInfo[]; tasks: TaskInfo[]; controls: Control[]; references: Trajectory[] }> {
  let tasks: TaskInfo[] = [];
  try {
    tasks = await subject.tasks();
    const dup = tasks.map((t) => t.id).filter((id, i, xs) => xs.indexOf(id) !== i);
    const failures = [...(tasks.length ? [] : ['the target lists no task']), ...dup.map((id) => `task id ${id} is listed twice`)];
    report.checks.push({ name: 'task listing', ok: !failures.length, summary: `${tasks.length} tasks`, failures });
  } catch (e) {
    report.checks.push({ name: 'task listing', ok: false, summary: 'no valid task list', failures: [errorMessage(e)] });
  }
  const open_ = (t: TaskInfo) => t.split === 'dev' || open.unseal?.split === t.split;
  // a name that selects no task is a mistake (a typo, a sealed task): checking none of its tasks would pass
  const named = only?.length && tasks.length ? new Set(subset(tasks.filter(open_), only, '--tasks')) : undefined;
  const selected = tasks.filter((t) => open_(t) && (!named || named.has(t.id)));
  report.tasks = selected.length;

  const refFailures: string[] = [];
  const controls: Control[] = [];
  const references: Trajectory[] = [];
  for (const t of selected) {
    try {
      const trajectory = await subject.reference(t.id);
      if (trajectory.task !== t.id) refFailures.push(`${t.id}: reference names task ${trajectory.task}`);
      references.push(trajectory);
      controls.push(await control(subject, trajectory));
    } catch (e) {
      refFailures.push(`${t.id}: ${errorMessage(e)}`);
      if (!subject.alive()) break;
    }
  }
  /** each control's failure of a check, where it has one */
  const failing = (why: (c: Control) => string | undefined) => controls.flatMap((c) => why(c) ?? []);
  report.checks.push(
    result('references deliver and read back', selected.length, refFailures),
    result('every reference passes its own checker', controls.length, failing((c) => {
      if (!c.delivery.completed) return `${c.task}: reference delivery failed: ${c.delivery.error ?? 'incomplete'}`;
      const [first] = c.verdicts;
      return first?.verdict === 'pass' ? undefined : `${c.task}: own checker says ${first.verdict} (${first.detail})`;
    })),
    result('two fresh deliveries read back identical effects', controls.length, failing((c) => {
      const d = differences(c.effects[0], c.effects[1]);
      return d ? `${c.task}: second delivery differs from the first: ${d}` : undefined;
    })),
    result('checker is deterministic on controls', controls.length, failing((c) => {
      const verdicts = c.verdicts.map((v) => v.verdict);
      return new Set(verdicts).size > 1 ? `${c.task}: verdicts ${verdicts.join(', ')} for the same reference` : undefined;
    })),
  );
  return { selected, tasks, controls, references };
}

const notDeclared = (name: string): CheckResult => ({ name, ok: true, summary: 'not declared', failures: [] });

export const DECLARATION_CHECKS = {
  world: 'TaskInfo.world: tasks that claim one world start from the same state',
  trajectoryWorld: 'Trajectory.world: an episode starts in the named world',
  answer: 'semantics.answer: references carry the answer where it is declared',
  tables: 'semantics.tables: declarations name tables a readback names',
} as const;

interface Checked {
  task: TaskInfo;
  reference: Trajectory;
  control: Control;
}

const byWorld = (checked: Checked[]) => groupBy(checked.filter((c) => c.task.world !== undefined), (c) => c.task.world!);

/** `what` read back `got` where `want` was read back (or delivered incompletely): why, or nothing. */
function sameAs(what: string, got: { delivery: Delivery; effect: Effect }, want: Control): string | undefined {
  if (got.delivery.completed !== want.delivery.completed) return `${what} ${got.delivery.completed ? 'completed' : `did not complete (${got.delivery.error ?? 'incomplete'})`}, its reference delivered alone ${want.delivery.completed ? 'completed' : 'did not'}`;
  const d = differences(want.effects[0], got.effect);
  return d ? `${what} reads back otherwise: ${d}` : undefined;
}

/**
 * Tasks claiming one world: an empty trajectory reads back alike in each, and the
 * first task's reference, delivered in each other's world, reads back as it does
 * in its own. A readback is a difference from the start, so an empty delivery
 * reads back alike in any world; the reference is what shows a different start.
 */
async function sameWorld(subject: Subject, checked: Checked[]): Promise<CheckResult> {
  const failures: string[] = [];
  const empty = (c: Checked) => deliverOnce(subject, { task: c.task.id, steps: [] });
  let compared = 0;
  for (const [world, [first, ...others]] of byWorld(checked)) {
    if (!others.length) continue;
    const emptyFirst = await empty(first);
    for (const o of others) {
      compared++;
      const emptyOther = await empty(o);
      const d = differences(emptyFirst.effect, emptyOther.effect);
      if (d) failures.push(`${o.task.id} claims world ${world} with ${first.task.id}, but an empty trajectory reads back otherwise: ${d}`);
      const why = sameAs(`${first.task.id}'s reference delivered in ${o.task.id}'s world`, await deliverOnce(subject, { ...first.reference, world: o.task.id }), first.control);
      if (why) failures.push(`${o.task.id} claims world ${world} with ${first.task.id}, but ${why}`);
      // a dead target fails every later world too: what it got to is the result
      if (!subject.alive()) return result(DECLARATION_CHECKS.world, compared, failures);
    }
  }
  if (!compared) return { name: DECLARATION_CHECKS.world, ok: true, summary: 'no two checked tasks claim one world', failures };
  return result(DECLARATION_CHECKS.world, compared, failures);
}

/** How many other worlds each task's reference is started from: all of them, where a target has a world per task, would cost n² deliveries. */
const OTHER_WORLDS = 3;

/**
 * Each task's reference, started through a task of each of the next few other
 * worlds and naming its own, reads back as delivered alone.
 */
async function namedWorld(subject: Subject, checked: Checked[]): Promise<CheckResult> {
  const failures: string[] = [];
  const carriers = [...byWorld(checked).values()].map((g) => g[0]);
  let delivered = 0;
  for (const c of checked.filter((x) => x.task.world !== undefined)) {
    const own = carriers.findIndex((x) => x.task.world === c.task.world);
    const next = Array.from({ length: Math.min(OTHER_WORLDS, carriers.length - 1) }, (_, k) => carriers[(own + k + 1) % carriers.length]);
    for (const carrier of next) {
      delivered++;
      const why = sameAs(`${c.task.id}'s reference, delivered as ${carrier.task.id} with world ${c.task.id},`, await deliverOnce(subject, { task: carrier.task.id, world: c.task.id, steps: c.reference.steps }), c.control);
      if (why) failures.push(why);
      if (!subject.alive()) return result(DECLARATION_CHECKS.trajectoryWorld, delivered, failures, 'deliveries');
    }
  }
  if (!delivered) return { name: DECLARATION_CHECKS.trajectoryWorld, ok: true, summary: 'the checked tasks share one world: none other to start from', failures };
  return result(DECLARATION_CHECKS.trajectoryWorld, delivered, failures, 'deliveries');
}

/** The declared answer is read from the last claim step of that call: references make it a claim, with the argument. */
function answerCarried(spec: { call: string; arg: string }, checked: Checked[]): CheckResult {
  const failures: string[] = [];
  let answering = 0;
  for (const { reference } of checked) {
    const calls = reference.steps.map((s, i) => ({ s, i })).filter(({ s }) => s.call === spec.call);
    for (const { s, i } of calls.filter(({ s }) => s.kind !== 'claim')) failures.push(`${reference.task}: step ${i} calls ${spec.call} as a ${s.kind}; the answer is read from claim steps only`);
    const claims = calls.filter(({ s }) => s.kind === 'claim');
    if (claims.some(({ s }) => !(spec.arg in s.args))) failures.push(`${reference.task}: ${spec.call} carries no argument ${spec.arg}`);
    if (claims.length) answering++;
  }
  if (checked.length && !answering) failures.push(`none of the ${checked.length} references makes the answer call ${spec.call}`);
  return { name: DECLARATION_CHECKS.answer, ok: !failures.length, summary: `${answering} of ${checked.length} references answer through ${spec.call}.${spec.arg}`, failures };
}

/**
 * Table declarations against the tables every readback of the check named. A
 * declaration these tasks never touch is a note (a target declares all its
 * suites at once), but one that matches no table at all names none the target has.
 */
function tablesNamed(declared: NonNullable<NonNullable<TargetInfo['semantics']>['tables']>, effects: Effect[]): CheckResult {
  const seen = [...new Set(effects.flatMap((e) => Object.keys(e)))].sort();
  const unmatched = declared.filter((rule) => !seen.some((t) => namesTable(rule, t)));
  const matched = declared.length - unmatched.length;
  const failures = seen.length && !matched ? [`no declaration names a table the readbacks name (${seen.join(', ')})`] : [];
  return {
    name: DECLARATION_CHECKS.tables,
    ok: !failures.length,
    summary: `${matched} of ${declared.length} declarations name a read-back table`,
    failures,
    notes: unmatched.map((rule) => `${rule.table} names none of the tables these tasks read back`),
  };
}

/** What the declarations of protocol 2 (world, semantics) promise, checked on the selected tasks. */
async function checkDeclarations(subject: Subject, info: TargetInfo, found: Awaited<ReturnType<typeof checkSubject>>): Promise<CheckResult[]> {
  const references = new Map(found.references.map((r) => [r.task, r]));
  const controls = new Map(found.controls.map((c) => [c.task, c]));
  const checked = found.selected.filter((t) => references.has(t.id) && controls.has(t.id)).map((t) => ({ task: t, reference: references.get(t.id)!, control: controls.get(t.id)! }));
  const worlds = checked.some((c) => c.task.world !== undefined);
  // a target that dies or errs in one world check still gets the other, and the semantics ones
  const guarded = async (name: string, check: () => Promise<CheckResult>): Promise<CheckResult> => {
    if (!worlds) return notDeclared(name);
    if (!subject.alive()) return { name, ok: false, summary: 'not checked', failures: ['the target process died before this check'] };
    return check().catch((e) => ({ name, ok: false, summary: 'not checked to the end', failures: [errorMessage(e)] }));
  };
  const { answer, tables } = info.semantics ?? {};
  return [
    await guarded(DECLARATION_CHECKS.world, () => sameWorld(subject, checked)),
    await guarded(DECLARATION_CHECKS.trajectoryWorld, () => namedWorld(subject, checked)),
    answer ? answerCarried(answer, checked) : notDeclared(DECLARATION_CHECKS.answer),
    tables?.length ? tablesNamed(tables, found.controls.flatMap((c) => c.effects)) : notDeclared(DECLARATION_CHECKS.tables),
  ];
}

/** One reference delivered call by call through `call` (claims through `deliver`): why it did not pass its own checker, or nothing. */
async function callByCall(client: ProtocolClient, trajectory: Trajectory): Promise<string | undefined> {
  const { episode } = await client.request('open');
  try {
    for (const [i, step] of trajectory.steps.entries()) {
      if (step.kind === 'claim') {
        const d = await client.request('deliver', { episode, trajectory: { ...trajectory, steps: [step] } });
        if (!d.completed) return `claim step ${i} did not deliver: ${d.error ?? 'incomplete'}`;
        continue;
      }
      const r = await client.request('call', { episode, task: trajectory.task, step });
      if (!r.ok) return `step ${i} ${step.call} failed: ${r.error.split('\n')[0]}`;
    }
    const v = await client.request('check', { episode, task: trajectory.task });
    return v.verdict === 'pass' ? undefined : `called step by step, its own checker says ${v.verdict} (${v.detail})`;
  } finally {
    await client.request('close', { episode }).catch(() => undefined);
  }
}

/**
 * Protocol 3's optional methods, for a target that advertises them: each task's
 * tool contract offers every call its reference makes, and the reference run
 * call by call passes its own checker, as delivered whole it does.
 */
async function interactive(client: ProtocolClient, info: TargetInfo, selected: TaskInfo[]): Promise<CheckResult[]> {
  const can = { inputs: info.capabilities.includes('inputs'), call: info.capabilities.includes('call') };
  const failures: Record<'inputs' | 'call', string[]> = { inputs: [], call: [] };
  for (const t of selected) {
    if (!can.inputs && !can.call) break;
    try {
      const trajectory = (await client.request('reference', { task: t.id })).trajectory as Trajectory;
      if (can.inputs) {
        const offered = new Set((await client.request('inputs', { task: t.id })).inputs.tools.map((x) => x.name));
        const missing = [...new Set(trajectory.steps.filter((s) => s.kind !== 'claim' && !offered.has(s.call)).map((s) => s.call))];
        if (missing.length) failures.inputs.push(`${t.id}: the reference calls ${missing.join(', ')}, which its tool contract does not offer`);
      }
      const why = can.call ? await callByCall(client, trajectory) : undefined;
      if (why) failures.call.push(`${t.id}: ${why}`);
    } catch (e) {
      failures[can.inputs ? 'inputs' : 'call'].push(`${t.id}: ${errorMessage(e)}`);
      if (!client.alive) break;
    }
  }
  return [
    ...(can.inputs ? [result('inputs: the tool contract offers every call of the reference', selected.length, failures.inputs)] : []),
    ...(can.call ? [result('call: the reference, call by call, passes its own checker', selected.length, failures.call)] : []),
  ];
}

/**
 * The promise of capability `pipeline` (docs/protocol.md), for a target that
 * declares it: an episode's requests sent together, under an id blindspot chose,
 * are answered in order and as the same reference was answered one request at a
 * time; an id in use is refused.
 */
async function pipelined(client: ProtocolClient, info: TargetInfo, controls: Control[], references: Trajectory[]): Promise<CheckResult[]> {
  if (!info.capabilities.includes('pipeline')) return [];
  const name = 'pipeline: requests sent together are served in order, under the client\'s episode ids';
  const want = controls.find((c) => c.delivery.completed);
  const trajectory = references.find((r) => r.task === want?.task);
  if (!want || !trajectory) return [result(name, 1, ['no reference delivered to compare with'], 'episodes')];
  const episode = 'conformance-p1';
  // asked in one turn of the event loop, so the client writes them in one line batch
  const [opened, delivered, read, checked, reused, closed] = await Promise.allSettled([
    client.request('open', { episode }),
    client.request('deliver', { episode, trajectory }),
    client.request('readback', { episode }),
    client.request('check', { episode, task: trajectory.task }),
    client.request('open', { episode }),
    client.request('close', { episode }),
  ]);
  const failures: string[] = [];
  const judge = <T>(what: string, r: PromiseSettledResult<T>, wrong: (v: T) => string | undefined) => {
    const why = r.status === 'rejected' ? errorMessage(r.reason) : wrong(r.value);
    if (why) failures.push(`${what}: ${why}`);
  };
  judge(`open {episode: ${episode}}`, opened, (v) => (v.episode === episode ? undefined : `answered episode ${v.episode}`));
  judge('deliver', delivered, (v) => (v.completed ? undefined : `the reference did not complete: ${v.error ?? 'incomplete'}`));
  judge('readback', read, (v) => {
    const d = differences(v.effect as Effect, want.effects[0]);
    return d ? `differs from the delivery sent one request at a time: ${d}` : undefined;
  });
  judge('check', checked, (v) => (v.verdict === want.verdicts[0].verdict ? undefined : `says ${v.verdict}, sent one request at a time it said ${want.verdicts[0].verdict}`));
  if (!(reused.status === 'rejected' && reused.reason instanceof RemoteError && reused.reason.code === 'invalid-params')) {
    failures.push(`open {episode: ${episode}} while it is open: expected an invalid-params error, got ${reused.status === 'rejected' ? errorMessage(reused.reason) : 'an episode'}`);
  }
  judge('close', closed, () => undefined);
  return [result(name, 1, failures.length ? [`${trajectory.task}: ${failures.join('; ')}`] : [], 'episodes')];
}

export async function checkConformance(command: string[], open: OpenOptions, opts: ConformanceOptions = {}): Promise<ConformanceReport> {
  const report: ConformanceReport = { ok: false, command, tasks: 0, checks: [] };
  let client: ProtocolClient;
  try {
    const started = await startClient(command, open, opts);
    client = started.client;
    report.target = started.info;
    report.protocol = started.protocol;
    // No failure (a checker may live outside any file), but without a file whose
    // hash moves, run and guard cannot tell an edited checker from the audited one.
    const unnamed = started.info.checkerFiles.length ? [] : ['no checker files named: an edited checker keeps this checker hash, so guard and run cannot tell it changed (name them: checker_files in a Python adapter)'];
    report.checks.push({ name: 'handshake', ok: true, summary: `${started.info.name} ${started.info.version}, protocol ${started.protocol}, checker hash ${started.info.checkerHash.slice(0, 12)}`, failures: [], notes: unnamed });
  } catch (e) {
    report.checks.push({ name: 'handshake', ok: false, summary: 'no valid handshake', failures: [errorMessage(e)] });
    return report;
  }
  try {
    const subject: Subject = {
      tasks: async () => (await client.request('tasks')).tasks as TaskInfo[],
      reference: async (task) => (await client.request('reference', { task })).trajectory as Trajectory,
      episode: protocolEpisode(client),
      alive: () => client.alive,
    };
    const found = await checkSubject(subject, report, open, opts.tasks);
    // protocol 1 declares neither worlds nor semantics: there is nothing of theirs to hold it to
    if (report.protocol! >= 2) report.checks.push(...(await checkDeclarations(subject, report.target!, found)));
    if (client.alive) report.checks.push(...(await interactive(client, report.target!, found.selected)));
    if (client.alive) report.checks.push(...(await pipelined(client, report.target!, found.controls, found.references)));
    if (client.alive) report.checks.push(await malformed(client, found.selected[0]?.id ?? found.tasks[0]?.id ?? 'task'));
    else report.checks.push({ name: 'malformed requests get structured errors', ok: false, summary: 'not probed', failures: ['the target process died before the probes'] });
  } finally {
    await client.close();
  }
  report.ok = report.checks.every((c) => c.ok);
  return report;
}

/**
 * `target check` of a built-in target that runs in process: the shared checks on
 * its Target, plus one for targets that judge an episode with several checkers:
 * each of them passes every reference.
 */
export async function checkTarget(spec: string, target: Target, open: OpenOptions, only?: string[]): Promise<ConformanceReport> {
  const info = await target.describe();
  const report: ConformanceReport = { ok: false, command: [spec], target: info, tasks: 0, checks: [] };
  const subject: Subject = { tasks: () => target.tasks(), reference: (id) => target.reference(id), episode: () => target.episode(), alive: () => true };
  const found = await checkSubject(subject, report, open, only);
  report.checks.push(...(await checkDeclarations(subject, info, found)));
  const judged = found.controls.filter((c) => c.verdicts[0]?.checkers);
  if (judged.length) {
    const failures = judged.flatMap((c) =>
      Object.entries(c.verdicts[0].checkers!)
        .filter(([, v]) => v.verdict !== 'pass')
        .map(([name, v]) => `${c.task}: checker ${name} says ${v.verdict} (${v.detail})`),
    );
    report.checks.push(result('every checker of the episode passes the reference', judged.length, failures));
  }
  report.ok = report.checks.every((c) => c.ok);
  return report;
}

export function formatConformance(r: ConformanceReport): string[] {
  const lines = [`target check: ${shownCommand(r.command)}`];
  if (r.protocol !== undefined) lines.push(`  protocol ${r.protocol} accepted (blindspot speaks ${[...SUPPORTED_VERSIONS].reverse().join(', ')})`);
  if (r.target) lines.push(`  target ${r.target.name} ${r.target.version}, ${r.tasks} tasks checked`);
  const listed = (what: string[], bullet: string) => [
    ...what.slice(0, 10).map((f) => `         ${bullet} ${f.split('\n').join('\n           ')}`),
    ...(what.length > 10 ? [`         ... and ${what.length - 10} more (--json lists all)`] : []),
  ];
  for (const c of r.checks) lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.summary}`, ...listed(c.failures, '-'), ...listed(c.notes ?? [], 'note:'));
  const failed = r.checks.filter((c) => !c.ok).length;
  lines.push(r.ok ? 'conforms: every check passed' : `does not conform: ${failed} of ${r.checks.length} checks failed`);
  return lines;
}
