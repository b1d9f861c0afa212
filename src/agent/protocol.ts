// The agent protocol (version 1, docs/agent-protocol.md): how the
// input-perturbation arm talks to the agent it evaluates. One agent process per
// episode, JSON lines over stdin/stdout. The harness opens with `start` (the
// agent's inputs, never the reference or the checker); the agent answers each
// harness line with exactly one line: a tool call, a question for the user, or
// `done`. Built-in agents speak the same messages in-process.
import type { Trajectory } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import type { AgentInputs } from '../contract/inputs.ts';
import { ProtocolError } from '../util/errors.ts';
import { isObject, parseJsonLine } from '../util/json-file.ts';

/** Tokens and cost, when the agent reports them. */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
}

export interface StartMessage {
  type: 'start';
  protocol: 1;
  /** the instance's id: the same across retries, so an agent may cache by it */
  instance: string;
  inputs: AgentInputs;
  limits: { steps: number };
}

export type HarnessReply =
  | { type: 'result'; ok: true; result: Json }
  | { type: 'result'; ok: false; error: string }
  | { type: 'answer'; text: string };

export type AgentMessage =
  | { type: 'call'; tool: string; args: Record<string, Json>; usage?: Usage }
  | { type: 'ask'; question: string; usage?: Usage }
  | { type: 'done'; answer?: string; usage?: Usage };

/** One episode's conversation with an agent: each harness message gets exactly one answer. */
export interface AgentSession {
  next(message: StartMessage | HarnessReply): Promise<AgentMessage>;
  close(): Promise<void>;
}

/**
 * What only the built-in baseline agents are given, to stand for an agent that
 * learned the task on its clean inputs: never sent to an agent process.
 */
export interface Privileged {
  /** the reference, in backend calls */
  reference: Trajectory;
  /** the reference as the perturbed contract names its calls (what validation replayed) */
  throughContract: Trajectory;
  clean: AgentInputs;
}

export interface AgentSpec {
  /** the label records and reports carry */
  name: string;
  /** a process command, or undefined for a built-in */
  command?: string[];
  /** the built-in agent's name (BUILTIN_AGENTS), so a worker thread can make its own */
  builtin?: string;
  open(privileged: Privileged): AgentSession;
}

function usageOf(v: unknown, where: string): Usage | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) throw new ProtocolError(`${where}: field usage: expected an object {inputTokens?, outputTokens?, costUsd?}`);
  const out: Usage = {};
  for (const k of ['inputTokens', 'outputTokens', 'costUsd'] as const) {
    if (v[k] === undefined) continue;
    if (typeof v[k] !== 'number' || !Number.isFinite(v[k]) || (v[k] as number) < 0) throw new ProtocolError(`${where}: field usage.${k}: expected a number >= 0, got ${JSON.stringify(v[k])}`);
    out[k] = v[k] as number;
  }
  return out;
}

/** An agent's line, checked field by field: a malformed line ends the episode with the reason, never guessed at. */
export function parseAgentLine(line: string, where = 'agent'): AgentMessage {
  const v = parseJsonLine(line, where);
  if (!isObject(v)) throw new ProtocolError(`${where}: expected an object, got ${line.slice(0, 120)}`);
  const usage = usageOf(v.usage, where);
  const withUsage = <T extends object>(m: T) => (usage ? { ...m, usage } : m);
  switch (v.type) {
    case 'call':
      if (typeof v.tool !== 'string' || !v.tool) throw new ProtocolError(`${where}: call: field tool: expected a tool name`);
      if (v.args !== undefined && !isObject(v.args)) throw new ProtocolError(`${where}: call ${v.tool}: field args: expected an object`);
      return withUsage({ type: 'call', tool: v.tool, args: (v.args ?? {}) as Record<string, Json> });
    case 'ask':
      if (typeof v.question !== 'string') throw new ProtocolError(`${where}: ask: field question: expected a string`);
      return withUsage({ type: 'ask', question: v.question });
    case 'done':
      if (v.answer !== undefined && typeof v.answer !== 'string') throw new ProtocolError(`${where}: done: field answer: expected a string`);
      return withUsage({ type: 'done', ...(v.answer !== undefined ? { answer: v.answer as string } : {}) });
    default:
      throw new ProtocolError(`${where}: field type: expected call, ask or done, got ${JSON.stringify(v.type)}`);
  }
}

/** Usage reported over an episode, summed; absent when the agent reported none. */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (!b) return a;
  const out: Usage = { ...a };
  for (const k of ['inputTokens', 'outputTokens', 'costUsd'] as const) if (b[k] !== undefined) out[k] = (out[k] ?? 0) + b[k]!;
  return out;
}
