// What an agent is shown for a task (AgentPerturb): the user utterance
// (U), the procedure or policy it must follow (P), the carried-over context of a
// prior conversation (C) and the tool contract (T). A perturbation changes exactly
// one of the four; the environment, the checker and the goal never move.
import type { AgentInputs } from '../contract/inputs.ts';

export const PERTURB_TARGETS = ['U', 'P', 'C', 'T'] as const;
export type PerturbTarget = (typeof PERTURB_TARGETS)[number];
export const PERTURB_TYPES = ['missing', 'redundant', 'incorrect'] as const;
export type PerturbType = (typeof PERTURB_TYPES)[number];
export type PerturbFamily = `${PerturbTarget}-${PerturbType}`;
export const PERTURB_FAMILIES: PerturbFamily[] = PERTURB_TARGETS.flatMap((t) => PERTURB_TYPES.map((y) => `${t}-${y}` as PerturbFamily));

const FIELD: Record<PerturbTarget, keyof AgentInputs> = { U: 'utterance', P: 'procedure', C: 'context', T: 'tools' };

/** Which of the four inputs differ between two instances (structural, by canonical JSON). */
export function changedTargets(a: AgentInputs, b: AgentInputs): PerturbTarget[] {
  return PERTURB_TARGETS.filter((t) => JSON.stringify(a[FIELD[t]]) !== JSON.stringify(b[FIELD[t]]));
}

export const splitFamily = (f: PerturbFamily) => f.split('-') as [PerturbTarget, PerturbType];
