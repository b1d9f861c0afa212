// One episode: an agent works an instance on a fresh environment through the
// instance's tool contract, the effect is read back and compared with the
// reference's, and then the pristine checker judges the result. The agent never sees
// the backend names behind a renamed tool, the reference or the checker.
import type { EffectSemantics, Step, Target, VerdictValue } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { answerDifference, judgeEffect } from '../classify/classify.ts';
import { addUsage, type AgentMessage, type AgentSpec, type HarnessReply, type Usage } from '../agent/protocol.ts';
import { NOTHING_TO_ADD } from '../agent/builtin.ts';
import { throughContract } from './validate.ts';
import type { Instance, PerturbExtras } from './freeze.ts';
import { PHASE } from '../run/score.ts';
import type { AgentInputs } from '../contract/inputs.ts';
import { familyParts, type EpisodeRecord } from './record.ts';
import { errorMessage } from '../util/errors.ts';

export interface EpisodeLimits {
  /** tool calls plus questions */
  steps: number;
  timeMs: number;
}

/** The agent's final answer as the target's claim step, when the reference ends on one. */
function claimStep(reference: Step[], semantics: EffectSemantics | undefined, answer: string | undefined): Step | undefined {
  const claim = [...reference].reverse().find((s) => s.kind === 'claim');
  if (!claim || answer === undefined) return undefined;
  const arg = semantics?.answer?.call === claim.call ? semantics.answer.arg : Object.keys(claim.args).find((k) => typeof claim.args[k] === 'string');
  return arg ? { call: claim.call, kind: 'claim', args: { ...claim.args, [arg]: answer } } : undefined;
}

/** `clean`: the clean inputs of the instance's task, which the built-in agents read as what they learned on. */
export async function runEpisode(
  target: Target,
  set: Pick<PerturbExtras, 'references'>,
  instance: Instance,
  clean: AgentInputs,
  agent: AgentSpec,
  limits: EpisodeLimits,
  semantics: EffectSemantics | undefined,
  onPhase: (phase: number) => void = () => {},
): Promise<EpisodeRecord> {
  const started = Date.now();
  const ref = set.references[instance.task];
  const contract = new Set(instance.inputs.tools.map((t) => t.name));
  const steps: Step[] = [];
  let calls = 0;
  let asked = 0;
  let usage: Usage | undefined;
  let answer: string | undefined;
  let agentError: string | undefined;
  const episode = await target.episode();
  // the agent's conversation is the episode's delivery; the run core's watchdog limits each phase
  onPhase(PHASE.deliver);
  try {
    const mapped = throughContract(ref.trajectory, instance);
    const session = agent.open({ reference: ref.trajectory, throughContract: 'missing' in mapped ? ref.trajectory : mapped, clean });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`time limit: the agent took more than ${limits.timeMs} ms`)), limits.timeMs);
    });
    const converse = async () => {
      let msg: AgentMessage = await session.next({ type: 'start', protocol: 1, instance: instance.id, inputs: instance.inputs, limits: { steps: limits.steps } });
      for (;;) {
        usage = addUsage(usage, msg.usage);
        if (msg.type === 'done') {
          answer = msg.answer;
          return;
        }
        if (calls + asked >= limits.steps) throw new Error(`step limit: ${limits.steps} calls and questions without done`);
        let reply: HarnessReply;
        if (msg.type === 'ask') {
          asked++;
          reply = { type: 'answer', text: instance.recovery?.answer ?? NOTHING_TO_ADD };
        } else {
          calls++;
          reply = await perform(msg.tool, msg.args);
        }
        msg = await session.next(reply);
      }
    };
    // after a time limit the conversation may still be mid-call: nothing it sends then reaches the episode
    let stopped = false;
    const perform = async (tool: string, args: Record<string, Json>): Promise<HarnessReply> => {
      if (stopped) throw new Error('the episode was stopped');
      if (!contract.has(tool)) return { type: 'result', ok: false, error: `no tool named ${tool}` };
      const step: Step = { call: instance.toolMap?.[tool] ?? tool, args, kind: 'write' };
      steps.push(step);
      if (episode.call) {
        const r = await episode.call(instance.task, step);
        return r.ok ? { type: 'result', ok: true, result: r.result } : { type: 'result', ok: false, error: r.error };
      }
      const d = await episode.deliver({ task: instance.task, steps: [step] });
      return d.completed ? { type: 'result', ok: true, result: null } : { type: 'result', ok: false, error: d.error ?? 'the call failed' };
    };
    try {
      await Promise.race([converse(), timeout]);
    } catch (e) {
      agentError = errorMessage(e);
    } finally {
      stopped = true;
      clearTimeout(timer);
      await session.close().catch(() => undefined);
    }
    const claim = claimStep(ref.trajectory.steps, semantics, answer);
    if (claim) {
      steps.push(claim);
      await episode.deliver({ task: instance.task, steps: [claim] });
    }
    // read back before the checker runs, as every cell of the engine does: a checker that touches the environment cannot change the evidence
    onPhase(PHASE.readback);
    const effect = await episode.readback();
    onPhase(PHASE.check);
    const verdict = await episode.check(instance.task).catch((e) => ({ verdict: 'error' as VerdictValue, detail: errorMessage(e) }));
    const judged = judgeEffect(instance.family, effect, ref.effect, semantics, answerDifference(ref.trajectory.steps, steps, semantics));
    const differs = judged.status === 'confirmed';
    return {
      agent: agent.name,
      instance: instance.id,
      task: instance.task,
      ...familyParts(instance.family),
      verdict: verdict.verdict,
      detail: verdict.detail.slice(0, 2000),
      success: verdict.verdict === 'pass',
      effect: judged.status === 'degenerate' ? 'same' : judged.status === 'immaterial' ? 'immaterial' : 'differs',
      graderFalseAccept: verdict.verdict === 'pass' && differs,
      ...(differs && judged.evidence ? { evidence: judged.evidence.summary.join('\n') } : {}),
      calls,
      asked,
      ...(agentError ? { agentError } : {}),
      ...(usage ? { usage } : {}),
      ms: Date.now() - started,
      extra: { steps: steps as unknown as Json },
    };
  } finally {
    await episode.close();
    onPhase(PHASE.idle);
  }
}
