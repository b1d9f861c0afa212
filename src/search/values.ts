// Values the search arm moves an argument to, beyond the target's listed
// alternatives: from the argument's domain when the target declares one, else
// from the type of the reference value. Boundaries, off-by-one and scale for
// numbers; the other entities of a kind for identifiers; near misses for strings.
import type { Domain } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { canonicalJson } from '../util/hash.ts';
import { distinctBy } from '../util/group.ts';

/** At most this many generated values per argument, so one argument cannot eat a task's budget. */
const VALUES_PER_ARGUMENT = 8;

function numbers(x: number, domain?: Extract<Domain, { type: 'number' | 'integer' }>): number[] {
  const integer = domain?.type === 'integer' || (domain === undefined && Number.isInteger(x));
  const round = (v: number) => (integer ? Math.round(v) : Math.round(v * 100) / 100);
  const out = [x + 1, x - 1, x * 10, x * 2, round(x / 2), round(x / 10), 0, -x];
  if (domain?.min !== undefined) out.push(domain.min);
  if (domain?.max !== undefined) out.push(domain.max);
  return out.filter((v) => Number.isFinite(v) && (domain?.min === undefined || v >= domain.min) && (domain?.max === undefined || v <= domain.max));
}

/** One-character edits: the same string to a reader skimming it, another value to a program. */
const nearMisses = (s: string): string[] => (s.length > 1 ? [s.slice(0, -1), s + s.at(-1), s.slice(1)] : []);

/**
 * Candidate values for an argument, in a fixed order: listed alternatives, then
 * the domain's other values (identifiers, enumerations), then generated ones.
 * Never the current value; `keep` drops placeholders and equivalents.
 */
export function candidateValues(current: Json, alternatives: Json[] | undefined, domain: Domain | undefined, keep: (v: Json) => boolean): Json[] {
  const out: Json[] = [...(alternatives ?? [])];
  // A list's domain names its elements, not lists: the list operator moves those (elementCandidates).
  if (Array.isArray(current)) return unique(current, out, keep).slice(0, VALUES_PER_ARGUMENT + out.length);
  if (domain?.type === 'id' || (domain?.type === 'string' && domain.values)) out.push(...(domain.values ?? []));
  if (typeof current === 'number' && (domain === undefined || domain.type === 'number' || domain.type === 'integer')) out.push(...numbers(current, domain));
  else if (typeof current === 'boolean') out.push(!current);
  // Near misses only where nothing else can move a string: where other legal
  // values exist, they already show whether the checker reads the argument.
  else if (typeof current === 'string' && domain?.type !== 'id' && !out.length) out.push(...nearMisses(current));
  return unique(current, out, keep).slice(0, VALUES_PER_ARGUMENT + (alternatives?.length ?? 0));
}

/** Values in their order, each once, without `current` and without those `keep` refuses. */
const unique = (current: Json, values: Json[], keep: (v: Json) => boolean): Json[] =>
  distinctBy(values.filter((v) => keep(v) && canonicalJson(v) !== canonicalJson(current)), canonicalJson);

/** At most this many wrong elements a list argument is given (added, or put in place of one). */
const ELEMENTS_PER_LIST = 4;

/**
 * Elements a list argument does not hold that it could: from listed alternative
 * lists, the argument's domain, then other tasks' lists for the same call, in
 * that order. `keep` drops placeholders and elements equivalent to held ones.
 */
export function elementCandidates(current: Json[], alternatives: Json[] | undefined, domain: Domain | undefined, othersLists: Json[][], keep: (v: Json) => boolean): Json[] {
  const pool: Json[] = (alternatives ?? []).flatMap((a) => (Array.isArray(a) ? a : []));
  if ((domain?.type === 'id' || domain?.type === 'string') && domain.values) pool.push(...domain.values);
  pool.push(...othersLists.flat());
  const held = new Set(current.map((v) => canonicalJson(v)));
  return unique(current, pool, (v) => !held.has(canonicalJson(v)) && keep(v)).slice(0, ELEMENTS_PER_LIST);
}
