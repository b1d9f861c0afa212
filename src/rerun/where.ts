// --where: which cells of an earlier run a prospective rerun selects.
import type { ClassifiedCell } from '../classify/classify.ts';
import { InputError } from '../util/errors.ts';
import { closestName, meant, quoted } from '../util/suggest.ts';
import { MANIFEST_ARM } from '../protocol/arms.ts';

export const KEYS = ['family', 'verdict', 'status', 'generator', 'checker', 'arm'] as const;
type Key = (typeof KEYS)[number];

/** `family=extra-field,verdict=pass`: every condition must hold; a key may repeat (either value). */
export function parseWhere(where: string): Partial<Record<Key, string[]>> {
  const out: Partial<Record<Key, string[]>> = {};
  for (const term of where.split(',').map((t) => t.trim()).filter(Boolean)) {
    const [k, v] = term.split('=');
    if (!v || !(KEYS as readonly string[]).includes(k)) throw new InputError(`--where: expected key=value with key one of ${KEYS.join(', ')}, got '${term}'${v ? meant(quoted(closestName(k, KEYS))) : ''}`);
    // an arm as --arms names it (faults) is the arm its cells record (fault)
    (out[k as Key] ??= []).push(k === 'arm' && Object.hasOwn(MANIFEST_ARM, v) ? MANIFEST_ARM[v as keyof typeof MANIFEST_ARM] : v);
  }
  if (!Object.keys(out).length) throw new InputError('--where: name at least one condition, e.g. family=extra-field,verdict=pass');
  return out;
}

export const matches = (c: ClassifiedCell, where: Partial<Record<Key, string[]>>) =>
  Object.entries(where).every(([k, vs]) => vs!.includes(String(c[k as Key] ?? '')));
