// The seed's validation pipeline, executable: a perturbed instance enters the
// validated set only if exactly the declared target changed, the checker and the
// environment are untouched, the goal is preserved (missing or misleading
// information carries what the agent must ask and what the user answers), and the
// task is still solvable through the perturbed contract: the reference, with each
// call named as the perturbed contract names it, passes the pristine checker on a
// fresh environment. Rejected candidates keep their reason.
import type { Step, TargetInfo, Trajectory } from '../contract/target.ts';
import { changedTargets, splitFamily } from './inputs.ts';
import type { AgentInputs } from '../contract/inputs.ts';
import type { Perturbation } from './operators.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';

type Validation = { ok: true } | { ok: false; reason: string };

const targetOf = (p: Perturbation) => splitFamily(p.family)[0];

/** The reference as an agent following the perturbed contract emits it: each backend call under its perturbed name. */
export function throughContract(reference: Trajectory, p: Pick<Perturbation, 'inputs' | 'toolMap'>): Trajectory | { missing: string } {
  const nameOf = new Map(p.inputs.tools.map((t) => [p.toolMap?.[t.name] ?? t.name, t.name]));
  const missing = reference.steps.find((s) => s.kind !== 'claim' && !nameOf.get(s.call));
  if (missing) return { missing: missing.call };
  return { ...reference, steps: reference.steps.map((s) => (s.kind === 'claim' ? s : { ...s, call: nameOf.get(s.call)! })) };
}

/** The structural checks, which need no environment. */
export function checkStructure(clean: AgentInputs, p: Perturbation, before: TargetInfo, after: TargetInfo, reference: Trajectory): Validation {
  const changed = changedTargets(clean, p.inputs);
  if (changed.length !== 1) return { ok: false, reason: changed.length ? `changes ${changed.length} targets (${changed.join(', ')}), not exactly one` : 'changes nothing' };
  if (changed[0] !== targetOf(p)) return { ok: false, reason: `declared ${targetOf(p)} but changes ${changed[0]}` };
  if (before.checkerHash !== after.checkerHash) return { ok: false, reason: `the checker changed (hash ${before.checkerHash.slice(0, 12)} -> ${after.checkerHash.slice(0, 12)})` };
  if (before.corpusHash !== after.corpusHash) return { ok: false, reason: 'the environment or the task corpus changed' };
  if (/^U-(missing|incorrect)$/.test(p.family) && !p.recovery) {
    return { ok: false, reason: 'the utterance lost or misstates information, with no recovery annotation (what to ask, what the user answers)' };
  }
  const mapped = throughContract(reference, p);
  if ('missing' in mapped) return { ok: false, reason: `unsolvable: the reference needs ${mapped.missing}, which the perturbed contract does not offer` };
  return { ok: true };
}

/**
 * A validation is scored as a cell of the run core (deliver, read back, check),
 * on its pool during a freeze: an unreadable effect does not reject a candidate,
 * a delivery that fails or a verdict other than Pass does. It delivers the
 * reference's own steps: the harness maps each perturbed name back to its backend
 * call, so once checkStructure found every call offered, the reference through
 * the perturbed contract reaches the backend unchanged.
 */
export function validationCell(id: string, task: string, steps: Step[]): Cell {
  return { id, arm: 'perturb', family: 'validation', index: 0, checker: task, trajectory: task, generator: task, construction: { ok: true, steps, edit: 'none' } };
}

/** A candidate's replay, scored: solvable only if it delivered and the pristine checker passed it. */
export function solvability(entry: LedgerEntry): Validation {
  const d = entry.delivery;
  if (!d?.completed) return { ok: false, reason: `unsolvable: the reference through the perturbed contract did not deliver (${d?.error ?? 'step failed'})` };
  const v = entry.verdict!;
  return v.verdict === 'pass' ? { ok: true } : { ok: false, reason: `unsolvable: the reference through the perturbed contract is not accepted (${v.verdict}: ${v.detail.split('\n')[0]})` };
}
