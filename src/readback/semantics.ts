// The material view of an effect: what is left of it once the target's declared
// semantics are applied (log tables dropped, ignored columns removed, set-valued
// columns and tables compared as sets, declared normalisations applied). Two
// effects whose material views are equal differ only in ways the application
// does not care about; the classifier calls such a cell immaterial.
import type { Effect, EffectSemantics, Normaliser, Row, RowUpdate, TableEffect, TableSemantics } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { canonicalJson } from '../util/hash.ts';
import { distinctBy } from '../util/group.ts';

const patternCache = new Map<string, RegExp>();
function pattern(glob: string): RegExp {
  let re = patternCache.get(glob);
  if (!re) patternCache.set(glob, (re = new RegExp(`^${glob.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`)));
  return re;
}

/** Whether a declaration applies to a table: by its name, or by its `*` pattern. */
export const namesTable = (rule: TableSemantics, table: string) => rule.table === table || (rule.table.includes('*') && pattern(rule.table).test(table));

/** The first declaration whose table name or `*` pattern matches. */
export function tableRule(semantics: EffectSemantics | undefined, table: string): TableSemantics | undefined {
  return semantics?.tables?.find((t) => namesTable(t, table));
}

const US_CITY_TAIL = /,\s*[A-Z]{2}(\s+\d{5}(-\d{4})?)?\s*$/;

const NORMALISE: Record<Normaliser, (v: Json) => Json> = {
  trim: (v) => (typeof v === 'string' ? v.trim() : v),
  casefold: (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  whitespace: (v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : v),
  number: (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  'us-city': (v) => (typeof v === 'string' ? v.replace(US_CITY_TAIL, '') : v),
};

/** A value under a list of normalisations, applied in order (inside lists too). */
export function normaliseValue(v: Json, how: Normaliser[]): Json {
  if (Array.isArray(v)) return v.map((x) => normaliseValue(x, how));
  return how.reduce<Json>((x, n) => NORMALISE[n](x), v);
}

const asSet = (v: Json): Json => {
  if (!Array.isArray(v)) return v;
  const byKey = new Map(v.map((x) => [canonicalJson(x), x] as const));
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
};

function materialValues(values: Record<string, Json>, rule: TableSemantics): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(values)) {
    if (rule.ignore?.includes(k)) continue;
    let x = rule.normalise?.[k] ? normaliseValue(v, rule.normalise[k]) : v;
    const alias = typeof x === 'string' ? rule.aliases?.[k]?.[x] : undefined;
    if (alias !== undefined) x = alias;
    if (rule.setColumns?.includes(k)) x = asSet(x);
    out[k] = x;
  }
  return out;
}

/** The first row of each group with the same values, in the rows' order. */
const dedupe = (rows: Row[]): Row[] => distinctBy(rows, (r) => canonicalJson(r.values));

function materialTable(t: TableEffect, rule: TableSemantics): TableEffect {
  const row = (r: Row): Row => ({ key: r.key, values: materialValues(r.values, rule) });
  const updated = t.updated.flatMap((u): RowUpdate[] => {
    const before = materialValues(u.before, rule);
    const after = materialValues(u.after, rule);
    return canonicalJson(before) === canonicalJson(after) ? [] : [{ key: u.key, before, after }];
  });
  const added = t.added.map(row);
  return { added: rule.set ? dedupe(added) : added, updated, removed: t.removed.map(row) };
}

const cache = new WeakMap<Effect, WeakMap<EffectSemantics, Effect>>();

/** The effect as the application sees it; the same object when nothing is declared. */
export function materialEffect(effect: Effect, semantics: EffectSemantics | undefined): Effect {
  if (!semantics?.tables?.length) return effect;
  let bySem = cache.get(effect);
  if (!bySem) cache.set(effect, (bySem = new WeakMap()));
  const hit = bySem.get(semantics);
  if (hit) return hit;
  const out: Effect = {};
  for (const [table, t] of Object.entries(effect)) {
    const rule = tableRule(semantics, table);
    if (!rule) out[table] = t;
    else if (rule.kind !== 'log') {
      const m = materialTable(t, rule);
      if (m.added.length + m.updated.length + m.removed.length) out[table] = m;
    }
  }
  bySem.set(semantics, out);
  return out;
}

/** Why a table's raw difference is not material, in the report's words. */
export function immaterialBecause(semantics: EffectSemantics | undefined, table: string): string {
  const rule = tableRule(semantics, table);
  if (!rule) return `${table}: no material difference`;
  const what =
    rule.kind === 'log'
      ? 'a log table'
      : [
          rule.ignore?.length ? `ignored columns ${rule.ignore.join(', ')}` : '',
          rule.set ? 'a set (duplicate rows are no change)' : '',
          rule.setColumns?.length ? `set-valued columns ${rule.setColumns.join(', ')}` : '',
          rule.normalise ? `normalised columns ${Object.keys(rule.normalise).join(', ')}` : '',
          rule.aliases ? `aliased values in ${Object.keys(rule.aliases).join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ');
  return `${table}: differs only where the target declares it immaterial (${what}${rule.why ? `: ${rule.why}` : ''})`;
}

/** The declaration for one argument of one call, `*` matching any call. */
function argumentRule(semantics: EffectSemantics | undefined, call: string, arg: string) {
  return semantics?.arguments?.find((a) => a.arg === arg && (a.call === call || a.call === '*'));
}

/** Whether a value is a declared placeholder of this argument (never a legal alternative). */
export function isPlaceholder(semantics: EffectSemantics | undefined, call: string, arg: string, value: Json): boolean {
  const rule = argumentRule(semantics, call, arg);
  return !!rule?.placeholders?.some((p) => canonicalJson(p) === canonicalJson(value));
}

/** Whether two values of an argument are the same under its declared normalisations. */
export function sameArgument(semantics: EffectSemantics | undefined, call: string, arg: string, a: Json, b: Json): boolean {
  const how = argumentRule(semantics, call, arg)?.normalise ?? [];
  return canonicalJson(normaliseValue(a, how)) === canonicalJson(normaliseValue(b, how));
}
