// Two deterministic baseline agents, for tests, demos and as the bounds a real
// agent is read against. Both stand for an agent that learned the task on its
// clean inputs (they get the reference, which no agent process ever sees).
// - replay: the reference as the perturbed contract names its calls. Every
//   validated perturbation is solvable this way, so its degradation must be 0;
//   anything else is a bug in validation or in the harness.
// - literal: the reference's plan, read literally from what it is shown: each
//   value the clean utterance stated is re-read at the same place in the
//   perturbed one (a misspelt name is used as written), a value the utterance no
//   longer states is asked for, and a tool is called by the exact name it
//   learned (a renamed tool is not found). It degrades where a literal reader would.
import type { Step } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import type { AgentMessage, AgentSession, AgentSpec, HarnessReply, Privileged, StartMessage } from './protocol.ts';

/** What the simulated user says when asked something the instance has no recovery annotation for. */
export const NOTHING_TO_ADD = 'I have nothing to add; please go ahead with what you have.';

type Script = (start: StartMessage) => AsyncGenerator<AgentMessage, AgentMessage, HarnessReply>;

/** A built-in agent as a generator: it yields a message and receives the harness's reply. */
function scripted(script: Script): AgentSession {
  let gen: ReturnType<Script> | undefined;
  let closed = false;
  return {
    async next(message) {
      if (closed) throw new Error('the agent was stopped');
      if (message.type === 'start') gen = script(message);
      const r = message.type === 'start' ? await gen!.next(undefined as unknown as HarnessReply) : await gen!.next(message);
      return r.value;
    },
    async close() {
      closed = true;
      await gen?.return({ type: 'done' });
    },
  };
}

/** The claim's answer: the argument that carries it (the only string argument of a claim step). */
const claimAnswer = (step: Step) => Object.values(step.args).find((v): v is string => typeof v === 'string');

export const replayAgent = (): AgentSpec => ({
  name: 'replay',
  builtin: 'replay',
  open: (p: Privileged) =>
    scripted(async function* () {
      for (const step of p.throughContract.steps) {
        if (step.kind === 'claim') return { type: 'done', answer: claimAnswer(step) };
        yield { type: 'call', tool: step.call, args: step.args };
      }
      return { type: 'done' };
    }),
});

/**
 * Where `value` (stated in `clean`) sits in `perturbed`: unchanged when the edit
 * lies elsewhere, the edited text when the edit lies inside it, undefined when
 * the edit swallowed it (then it is not stated any more).
 */
export function literalRead(clean: string, perturbed: string, value: string): string | undefined {
  const i = clean.indexOf(value);
  if (i < 0 || clean === perturbed) return value;
  let p = 0;
  while (p < clean.length && p < perturbed.length && clean[p] === perturbed[p]) p++;
  let s = 0;
  while (s < clean.length - p && s < perturbed.length - p && clean[clean.length - 1 - s] === perturbed[perturbed.length - 1 - s]) s++;
  const [from, to] = [p, clean.length - s];
  if (to <= i || from >= i + value.length) return value;
  if (from < i || to > i + value.length) return undefined;
  const read = perturbed.slice(i, i + value.length + perturbed.length - clean.length);
  return /\[.*\]/.test(read) ? undefined : read;
}

export const literalAgent = (): AgentSpec => ({
  name: 'literal',
  builtin: 'literal',
  open: (p: Privileged) =>
    scripted(async function* (start) {
      const shown = start.inputs;
      const names = new Set(shown.tools.map((t) => t.name));
      // a value the utterance no longer states: ask once per value, give up on no answer
      async function* read(arg: string, v: Json): AsyncGenerator<AgentMessage, Json | undefined, HarnessReply> {
        if (Array.isArray(v)) {
          const out: Json[] = [];
          for (const x of v) {
            const r = yield* read(arg, x);
            if (r === undefined) return undefined;
            out.push(r);
          }
          return out;
        }
        if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length < 3 || !p.clean.utterance.includes(String(v))) return v;
        let text = literalRead(p.clean.utterance, shown.utterance, String(v));
        if (text === undefined) {
          const reply = yield { type: 'ask', question: `What is the ${arg.replace(/_/g, ' ')}?` };
          if (reply.type !== 'answer' || reply.text === NOTHING_TO_ADD) return undefined;
          text = reply.text.trim();
        }
        if (typeof v === 'number') return Number.isFinite(Number(text)) ? Number(text) : undefined;
        return text;
      }
      for (const step of p.reference.steps) {
        if (step.kind === 'claim') {
          const answer = claimAnswer(step);
          const said = answer === undefined ? undefined : yield* read('answer', answer);
          return { type: 'done', ...(typeof said === 'string' ? { answer: said } : {}) };
        }
        if (!names.has(step.call)) return { type: 'done', answer: `I could not find the tool ${step.call}.` };
        const args: Record<string, Json> = {};
        for (const [k, v] of Object.entries(step.args)) {
          const r = yield* read(k, v);
          if (r === undefined) return { type: 'done', answer: `I do not know the ${k.replace(/_/g, ' ')}.` };
          args[k] = r;
        }
        yield { type: 'call', tool: step.call, args };
      }
      return { type: 'done' };
    }),
});

export const BUILTIN_AGENTS: Record<string, () => AgentSpec> = { replay: replayAgent, literal: literalAgent };
