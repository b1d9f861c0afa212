// The arms a freeze can enumerate, by the names the CLI takes. Kept apart from
// freeze.ts, which loads the whole grammar and search arm, so that the CLI can
// name them (--help, option checks, resume) without loading the engine.
import type { Arm } from '../contract/cell.ts';
import { InputError } from '../util/errors.ts';
import { knownTail } from '../util/suggest.ts';

/**
 * faults: the paper's fault grammar (one construction per family per task);
 * floor: the null-agent floor (an empty trajectory and a bare claim per task);
 * swap: the intent-swap grid; search: composed mutation plans explored per task;
 * runs: recorded agent runs (--runs) replayed and judged by their effect.
 */
export const ARM_NAMES = ['faults', 'floor', 'swap', 'search', 'runs'] as const;
export type ArmName = (typeof ARM_NAMES)[number];
export const DEFAULT_ARMS: ArmName[] = ['faults', 'floor'];

/** The manifest arm of each CLI arm (controls are always there). */
export const MANIFEST_ARM: Record<ArmName, Arm> = { faults: 'fault', floor: 'floor', swap: 'swap', search: 'search', runs: 'runs' };

export function parseArms(arms: string[]): ArmName[] {
  const unknown = arms.find((a) => !(ARM_NAMES as readonly string[]).includes(a));
  if (unknown !== undefined) throw new InputError(`--arms: unknown arm '${unknown}'${knownTail(unknown, ARM_NAMES)}`);
  if (!arms.length) throw new InputError('--arms: name at least one arm');
  return ARM_NAMES.filter((a) => arms.includes(a));
}
