// The records the input-perturbation arm writes, one per episode, and what the
// analyses read. Plain JSON: a ledger line each, so a run resumes and merges.
import type { VerdictValue } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import type { Usage } from '../agent/protocol.ts';
import { splitFamily, type PerturbFamily, type PerturbTarget, type PerturbType } from './inputs.ts';

/** An instance is a task's clean inputs or one validated perturbation of them. */
export type InstanceFamily = PerturbFamily | 'clean';

export interface EpisodeRecord {
  /** the agent's label (`replay`, `literal`, or what `--agent-name` says) */
  agent: string;
  /** `<task>::clean` or `<task>::<family>#<seed>` */
  instance: string;
  task: string;
  family: InstanceFamily;
  /** null for clean instances */
  target: PerturbTarget | null;
  type: PerturbType | null;
  /** the benchmark's own (pristine) checker */
  verdict: VerdictValue;
  detail: string;
  /** success = verdict pass */
  success: boolean;
  /**
   * The episode's effect, read back and compared with the reference's effect on a
   * fresh environment under the target's semantics: 'same', 'immaterial' (differs
   * only where the semantics say it does not matter) or 'differs'.
   */
  effect: 'same' | 'immaterial' | 'differs';
  /** a Pass on an effect that differs materially: a grader false accept this agent exposed */
  graderFalseAccept: boolean;
  /** for 'differs': the material difference, in readback terms */
  evidence?: string;
  /** tool calls the agent made, questions it asked the simulated user */
  calls: number;
  asked: number;
  /** the agent stopped abnormally (crash, protocol error, step limit, time limit) */
  agentError?: string;
  usage?: Usage;
  ms: number;
  /** anything else a target or agent adds, kept verbatim */
  extra?: Record<string, Json>;
}

/** An instance family with its target and type (null, null for clean), as records carry them. */
export function familyParts(family: InstanceFamily): Pick<EpisodeRecord, 'family' | 'target' | 'type'> {
  if (family === 'clean') return { family, target: null, type: null };
  const [target, type] = splitFamily(family);
  return { family, target, type };
}
