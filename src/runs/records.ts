// Recorded agent runs, read from disk into one plain shape: which task, which
// pipeline, the tool calls in the order the agent made them, its final answer and
// the verdict the benchmark recorded. Two layouts are read: AgentDojo's own
// `runs/<pipeline>/<suite>/<task>/<attack>/<injection>.json` files, and blindspot's
// JSON-lines format (docs/protocol.md, "Recorded runs") for any other benchmark.
// A bad file costs only its own run (excluded, with the reason); an input with no
// usable run at all is refused before anything is frozen.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { Step } from '../contract/target.ts';
import type { RecordedRunMeta } from '../contract/cell.ts';
import type { Json } from '../contract/json.ts';
import { InputError, isMissing, statIfThere } from '../util/errors.ts';
import { meant, pathBeside } from '../util/suggest.ts';
import { sha256 } from '../util/hash.ts';
import { isObject, jsonOrUndefined } from '../util/json-file.ts';

const CLAIM_CALL = 'answer';

/** A run as read: what its cell keeps (the contract's RecordedRunMeta; whether its task is listed is the target's to say), its task and its steps. */
export interface RecordedRun extends Omit<RecordedRunMeta, 'listed'> {
  /** sha256 of the file the run was read from */
  sha256: string;
  /** the target's task id (AgentDojo: `<suite>/<user_task_N>`) */
  task: string;
  /** the agent: a model, or a model and a defence */
  pipeline: string;
  /** the benchmark version the run was recorded (and is graded) under, where known */
  version?: string;
  /** where `version` comes from, in the report's words */
  versionRule?: string;
  /** the agent's tool calls in order, then a claim carrying its final answer */
  steps: Step[];
  /** the run ended with an error of the harness (AgentDojo's `error` field) */
  harnessError?: string;
}

export interface RunSource {
  /** the folder or file the user named */
  root: string;
  /** every file read, with its hash: a changed file is another input */
  files: { path: string; sha256: string }[];
  runs: RecordedRun[];
  excluded: { source: string; sha256?: string; reason: string }[];
}

type Obj = Record<string, unknown>;

class RunProblem extends Error {}

/** A message's text: a string, or AgentDojo's and OpenAI's lists of content blocks. */
function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((b) => (isObject(b) && typeof (b.content ?? b.text) === 'string' ? String(b.content ?? b.text) : ''))
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

/** One tool call as AgentDojo records it (`{function, args}`) or as OpenAI does (`{function: {name, arguments}}`). */
function toolCall(raw: unknown, where: string): { call: string; args: Record<string, Json> } {
  if (!isObject(raw)) throw new RunProblem(`${where}: a tool call is not an object`);
  const fn = raw.function;
  if (typeof fn === 'string') {
    const args = raw.args ?? {};
    if (!isObject(args)) throw new RunProblem(`${where}: tool call ${fn}: args is not an object`);
    return { call: fn, args: args as Record<string, Json> };
  }
  if (isObject(fn) && typeof fn.name === 'string') {
    let args: unknown = fn.arguments ?? {};
    if (typeof args === 'string') {
      const text = args;
      args = text.trim() ? jsonOrUndefined(text) : {};
      if (args === undefined) throw new RunProblem(`${where}: tool call ${fn.name}: arguments are not valid JSON (${JSON.stringify(text.slice(0, 60))})`);
    }
    if (!isObject(args)) throw new RunProblem(`${where}: tool call ${fn.name}: arguments are not an object`);
    return { call: fn.name, args: args as Record<string, Json> };
  }
  throw new RunProblem(`${where}: a tool call has no function name`);
}

/**
 * The trajectory of a conversation: every assistant tool call in order, each
 * marked with whether the benchmark answered it with an error (the tool message
 * answering it, by id where the messages carry ids, else by position), then the
 * last assistant message's text as the final answer.
 */
export function trajectoryOf(messages: unknown, file: string): { steps: Step[]; recordedErrors: number[]; earlier: string[] } {
  if (!Array.isArray(messages)) throw new RunProblem(`${file}: field messages: expected a list of messages`);
  const steps: Step[] = [];
  const recordedErrors: number[] = [];
  const pending: { id?: string; step: number }[] = [];
  let answer = '';
  const earlier: string[] = [];
  let answeredAny = false;
  messages.forEach((m, i) => {
    const where = `${file}: message ${i}`;
    if (!isObject(m) || typeof m.role !== 'string') throw new RunProblem(`${where}: expected {role, content}`);
    if (m.role === 'assistant') {
      if (answer.trim()) earlier.push(answer);
      answer = text(m.content);
      const calls = m.tool_calls ?? [];
      if (!Array.isArray(calls)) throw new RunProblem(`${where}: tool_calls is not a list`);
      for (const raw of calls) {
        const { call, args } = toolCall(raw, where);
        pending.push({ id: isObject(raw) && typeof raw.id === 'string' ? raw.id : undefined, step: steps.length });
        steps.push({ call, args, kind: 'read' });
      }
    } else if (m.role === 'tool') {
      answeredAny = true;
      const id = typeof m.tool_call_id === 'string' ? m.tool_call_id : undefined;
      const at = id ? pending.findIndex((p) => p.id === id) : 0;
      const answered = pending.splice(at < 0 ? 0 : at, 1)[0];
      if (answered && m.error !== null && m.error !== undefined && m.error !== '') recordedErrors.push(answered.step);
    }
  });
  // Where the recording answers calls, a call no tool message answered was never
  // run by the harness (AgentDojo stops its tool loop after 15 rounds); a recording
  // with no tool message at all keeps no results, and its calls count as run.
  if (answeredAny) for (const p of pending) steps[p.step] = { ...steps[p.step], executed: false };
  steps.push({ call: CLAIM_CALL, args: { output: answer }, kind: 'claim' });
  return { steps, recordedErrors: recordedErrors.sort((a, b) => a - b), earlier };
}

const verdictOf = (v: unknown): 'pass' | 'fail' | undefined =>
  v === true || v === 'pass' ? 'pass' : v === false || v === 'fail' ? 'fail' : undefined;

/**
 * AgentDojo added `benchmark_version` to its run files with benchmark v1.2; runs
 * without it were recorded by earlier releases, whose tasks are v1's (AgentDojo
 * keeps every version's task definitions, so such a run is graded under v1).
 */
const AGENTDOJO_PRE_VERSION = 'v1';

/**
 * AgentDojo names its run folders by pipeline, and its files' pipeline_name is
 * that name, except for models it served itself: every one of those is `local`
 * (or `local-<defence>`), so the folder tells Meta-SecAlign-70B's runs from
 * Llama-3.3-70B's, which the name pools.
 */
function pipelineOf(named: string, source: string): string {
  const parts = source.split(/[\\/]/);
  // runs/<pipeline>/<suite>/<task>/<attack>/<injection>.json, read from its root or from runs/ itself
  const folder = parts.length >= 5 ? parts[parts.length - 5] : undefined;
  return folder && /^local(-|$)/.test(named) ? folder : named;
}

function agentdojoRun(d: Obj, source: string, hash: string): RecordedRun {
  for (const f of ['suite_name', 'pipeline_name', 'user_task_id'] as const) {
    if (typeof d[f] !== 'string' || !d[f]) throw new RunProblem(`${source}: field ${f}: expected a string`);
  }
  if (d.injection_task_id !== null && d.injection_task_id !== undefined) {
    throw new RunProblem(`${source}: made under an injection attack (injection_task_id ${JSON.stringify(d.injection_task_id)}): only runs without an attack are replayed`);
  }
  const recorded = verdictOf(d.utility);
  if (!recorded) throw new RunProblem(`${source}: field utility: expected true or false`);
  const { steps, recordedErrors, earlier } = trajectoryOf(d.messages, source);
  const version = typeof d.benchmark_version === 'string' ? d.benchmark_version : AGENTDOJO_PRE_VERSION;
  return {
    source,
    sha256: hash,
    task: `${d.suite_name}/${d.user_task_id}`,
    pipeline: pipelineOf(String(d.pipeline_name), source),
    recorded,
    version,
    versionRule: typeof d.benchmark_version === 'string' ? 'benchmark_version of the run file' : `no benchmark_version: recorded before AgentDojo kept one, graded under ${AGENTDOJO_PRE_VERSION}`,
    steps,
    recordedErrors,
    ...(earlier.length ? { earlier } : {}),
    ...(typeof d.error === 'string' && d.error ? { harnessError: d.error } : {}),
  };
}

/** One record of blindspot's JSON-lines format (docs/protocol.md). */
function lineRun(d: Obj, source: string, hash: string): RecordedRun {
  if (typeof d.task !== 'string' || !d.task) throw new RunProblem(`${source}: field task: expected the target's task id`);
  const pipeline = d.pipeline ?? d.model;
  if (typeof pipeline !== 'string' || !pipeline) throw new RunProblem(`${source}: field pipeline: expected the agent's name (pipeline or model)`);
  const recorded = verdictOf(d.verdict);
  if (!recorded) throw new RunProblem(`${source}: field verdict: expected pass, fail, true or false`);
  if (d.version !== undefined && typeof d.version !== 'string') throw new RunProblem(`${source}: field version: expected a string`);
  const { steps, recordedErrors, earlier } = trajectoryOf(d.messages, source);
  return {
    source,
    sha256: hash,
    task: d.task,
    pipeline,
    recorded,
    ...(typeof d.version === 'string' ? { version: d.version, versionRule: 'version of the record' } : {}),
    steps,
    recordedErrors,
    ...(earlier.length ? { earlier } : {}),
  };
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) out.push(...filesUnder(p));
    else if (/\.(json|jsonl)$/.test(name)) out.push(p);
  }
  return out;
}

/** Reads every run under `path` (a folder of AgentDojo run files or JSON-lines files, or one file). */
export function readRuns(path: string): RunSource {
  const st = statIfThere(path, '--runs');
  if (!st) {
    throw new InputError(`--runs: ${path} does not exist (expected a folder of recorded runs, e.g. AgentDojo's runs/, or a .json/.jsonl file)${meant(pathBeside(path))}`);
  }
  const files = st.isDirectory() ? filesUnder(path) : [path];
  if (!files.length) throw new InputError(`--runs: ${path} holds no .json or .jsonl run files`);
  const source: RunSource = { root: path, files: [], runs: [], excluded: [] };
  for (const file of files) {
    const rel = st.isDirectory() ? relative(path, file) : basename(file);
    const bytes = readFileSync(file);
    const hash = sha256(bytes);
    source.files.push({ path: rel, sha256: hash });
    const body = bytes.toString('utf8');
    const lines = file.endsWith('.jsonl');
    const records = lines ? body.split('\n').map((text, i) => ({ text, where: `${rel}#${i + 1}` })).filter((r) => r.text.trim()) : [{ text: body, where: rel }];
    for (const { text, where } of records) {
      try {
        const d = jsonOrUndefined(text);
        if (d === undefined) throw new RunProblem(`${where}: not valid JSON (truncated or malformed)`);
        if (!isObject(d)) throw new RunProblem(`${where}: ${lines ? 'expected a JSON object per line' : 'expected a JSON object (an AgentDojo run file)'}`);
        source.runs.push(!lines && ('suite_name' in d || 'user_task_id' in d) ? agentdojoRun(d, where, hash) : lineRun(d, where, hash));
      } catch (e) {
        if (!(e instanceof RunProblem)) throw e;
        source.excluded.push({ source: where, sha256: hash, reason: e.message });
      }
    }
  }
  if (!source.runs.length) {
    const first = source.excluded[0]?.reason ?? 'no runs';
    throw new InputError(`--runs: no usable run in ${path} (${source.excluded.length} file(s) refused; first: ${first})`);
  }
  return source;
}

/**
 * Refuses, naming the file, when a run file the increment was frozen from changed
 * or is gone: the manifest's steps are the evidence, and the files must still say
 * what they said when the steps were read from them.
 */
export function verifyRunFiles(extras: Pick<RunSource, 'root' | 'files'>, increment: string): void {
  const st = statIfThere(extras.root, '--runs');
  if (!st) {
    throw new InputError(`--runs: ${extras.root}, the recorded runs increment ${increment} was frozen from, is gone; restore it or freeze a new increment`);
  }
  const dir = st.isDirectory() ? extras.root : join(extras.root, '..');
  for (const f of extras.files) {
    let bytes;
    try {
      bytes = readFileSync(join(dir, f.path));
    } catch (e) {
      if (!isMissing(e)) throw e;
      throw new InputError(`${join(dir, f.path)}: a recorded run increment ${increment} was frozen from is gone; freeze a new increment`);
    }
    if (sha256(bytes) !== f.sha256) throw new InputError(`${join(dir, f.path)}: changed since increment ${increment} was frozen (sha256 differs); freeze a new increment to replay it`);
  }
}
