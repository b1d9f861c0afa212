// Conformance of a protocol target: what the engine relies on, checked before an
// audit trusts it. Each check names what failed and for which task, so a target
// author can fix the bridge rather than read a ledger full of errors.
import type { Effect, OpenOptions, TargetInfo, TaskInfo, Trajectory, Verdict } from '../../contract/target.ts';
import { describeDifference, diffEffects } from '../../readback/compare.ts';
import { ProtocolClient } from './client.ts';
import { startClient, type ProtocolTargetOptions } from './target.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  summary: string;
  failures: string[];
}

export interface ConformanceReport {
  ok: boolean;
  command: string[];
  target?: TargetInfo;
  tasks: number;
  checks: CheckResult[];
}

export interface ConformanceOptions extends ProtocolTargetOptions {
  /** only these task ids (default: every task of an open split) */
  tasks?: string[];
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function result(name: string, total: number, failures: string[], unit = 'tasks'): CheckResult {
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
      failures.push(`${p.what}: ${message(e)}`);
      if (!client.alive) break;
    }
  }
  if (client.alive) {
    await client.request('tasks').catch((e) => failures.push(`a valid request after the malformed ones failed: ${message(e)}`));
  } else if (!failures.some((f) => f.includes('died') || f.includes('exited') || f.includes('killed'))) {
    failures.push('the target process died');
  }
  return result('malformed requests get structured errors', all.length, failures, 'requests');
}

export interface Control {
  task: string;
  delivery: { completed: boolean; error?: string };
  effects: Effect[];
  verdicts: Verdict[];
}

/** The reference of `task` on two fresh episodes; its own checker asked twice on the first and once on the second. */
async function control(client: ProtocolClient, trajectory: Trajectory): Promise<Control> {
  const out: Control = { task: trajectory.task, delivery: { completed: true }, effects: [], verdicts: [] };
  for (const asks of [2, 1]) {
    const { episode } = await client.request('open');
    try {
      const d = await client.request('deliver', { episode, trajectory });
      if (!d.completed) out.delivery = d;
      out.effects.push((await client.request('readback', { episode })).effect as Effect);
      for (let k = 0; k < asks; k++) out.verdicts.push(await client.request('check', { episode, task: trajectory.task }));
    } finally {
      await client.request('close', { episode }).catch(() => undefined);
    }
  }
  return out;
}

/** What the shared checks need of a target, whether it speaks the protocol or runs in process. */
export interface Subject {
  tasks(): Promise<TaskInfo[]>;
  reference(task: string): Promise<Trajectory>;
  control(trajectory: Trajectory): Promise<Control>;
  alive(): boolean;
}

/** Task listing, then each selected task's reference delivered twice: passes its checker, reads back the same, judged the same. */
export async function checkSubject(subject: Subject, report: ConformanceReport, open: OpenOptions, only?: string[]): Promise<{ selected: TaskInfo[]; tasks: TaskInfo[]; controls: Control[] }> {
  let tasks: TaskInfo[] = [];
  try {
    tasks = await subject.tasks();
    const dup = tasks.map((t) => t.id).filter((id, i, xs) => xs.indexOf(id) !== i);
    const failures = [...(tasks.length ? [] : ['the target lists no task']), ...dup.map((id) => `task id ${id} is listed twice`)];
    report.checks.push({ name: 'task listing', ok: !failures.length, summary: `${tasks.length} tasks`, failures });
  } catch (e) {
    report.checks.push({ name: 'task listing', ok: false, summary: 'no valid task list', failures: [message(e)] });
  }
  const open_ = (t: TaskInfo) => t.split === 'dev' || open.unseal?.split === t.split;
  const selected = tasks.filter((t) => open_(t) && (!only?.length || only.includes(t.id) || only.includes(t.generator)));
  report.tasks = selected.length;

  const refFailures: string[] = [];
  const controls: Control[] = [];
  for (const t of selected) {
    try {
      const trajectory = await subject.reference(t.id);
      if (trajectory.task !== t.id) refFailures.push(`${t.id}: reference names task ${trajectory.task}`);
      controls.push(await subject.control(trajectory));
    } catch (e) {
      refFailures.push(`${t.id}: ${message(e)}`);
      if (!subject.alive()) break;
    }
  }
  report.checks.push(result('references deliver and read back', selected.length, refFailures));
  report.checks.push(
    result(
      'every reference passes its own checker',
      controls.length,
      controls
        .filter((c) => !c.delivery.completed || c.verdicts[0]?.verdict !== 'pass')
        .map((c) =>
          !c.delivery.completed
            ? `${c.task}: reference delivery failed: ${c.delivery.error ?? 'incomplete'}`
            : `${c.task}: own checker says ${c.verdicts[0].verdict} (${c.verdicts[0].detail})`,
        ),
    ),
  );
  report.checks.push(
    result(
      'two fresh deliveries read back identical effects',
      controls.length,
      controls.flatMap((c) => {
        const d = diffEffects(c.effects[0], c.effects[1]);
        return d.length ? [`${c.task}: second delivery differs from the first: ${d.map(describeDifference).join('; ')}`] : [];
      }),
    ),
  );
  report.checks.push(
    result(
      'checker is deterministic on controls',
      controls.length,
      controls.flatMap((c) => {
        const seen = [...new Set(c.verdicts.map((v) => v.verdict))];
        return seen.length > 1 ? [`${c.task}: verdicts ${c.verdicts.map((v) => v.verdict).join(', ')} for the same reference`] : [];
      }),
    ),
  );
  return { selected, tasks, controls };
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
      failures[can.inputs ? 'inputs' : 'call'].push(`${t.id}: ${message(e)}`);
      if (!client.alive) break;
    }
  }
  return [
    ...(can.inputs ? [result('inputs: the tool contract offers every call of the reference', selected.length, failures.inputs)] : []),
    ...(can.call ? [result('call: the reference, call by call, passes its own checker', selected.length, failures.call)] : []),
  ];
}

export async function checkConformance(command: string[], open: OpenOptions, opts: ConformanceOptions = {}): Promise<ConformanceReport> {
  const report: ConformanceReport = { ok: false, command, tasks: 0, checks: [] };
  let client: ProtocolClient;
  try {
    const started = await startClient(command, open, opts);
    client = started.client;
    report.target = started.info;
    report.checks.push({ name: 'handshake', ok: true, summary: `${started.info.name} ${started.info.version}, checker hash ${started.info.checkerHash.slice(0, 12)}`, failures: [] });
  } catch (e) {
    report.checks.push({ name: 'handshake', ok: false, summary: 'no valid handshake', failures: [message(e)] });
    return report;
  }
  try {
    const subject: Subject = {
      tasks: async () => (await client.request('tasks')).tasks as TaskInfo[],
      reference: async (task) => (await client.request('reference', { task })).trajectory as Trajectory,
      control: (t) => control(client, t),
      alive: () => client.alive,
    };
    const { selected, tasks } = await checkSubject(subject, report, open, opts.tasks);
    if (client.alive) report.checks.push(...(await interactive(client, report.target!, selected)));
    if (client.alive) report.checks.push(await malformed(client, selected[0]?.id ?? tasks[0]?.id ?? 'task'));
    else report.checks.push({ name: 'malformed requests get structured errors', ok: false, summary: 'not probed', failures: ['the target process died before the probes'] });
  } finally {
    await client.close();
  }
  report.ok = report.checks.every((c) => c.ok);
  return report;
}

export function formatConformance(r: ConformanceReport): string[] {
  const lines = [`target check: ${r.command.join(' ')}`];
  if (r.target) lines.push(`  target ${r.target.name} ${r.target.version}, ${r.tasks} tasks checked`);
  for (const c of r.checks) {
    lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.summary}`);
    for (const f of c.failures.slice(0, 10)) lines.push(`         - ${f.split('\n').join('\n           ')}`);
    if (c.failures.length > 10) lines.push(`         ... and ${c.failures.length - 10} more (--json lists all)`);
  }
  const failed = r.checks.filter((c) => !c.ok).length;
  lines.push(r.ok ? 'conforms: every check passed' : `does not conform: ${failed} of ${r.checks.length} checks failed`);
  return lines;
}
