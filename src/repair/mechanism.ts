// What a readback effect shows beyond the reference effect, in the two shapes the
// repairs act on: a row count that differs (the cardinality mechanism) and a
// write outside the reference's scope (the out-of-scope mechanism). Pure
// functions of two effects, so they work for every target that reads back.
import type { Effect, TableEffect } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { changedKeys, writes } from '../readback/compare.ts';

interface CountMismatch {
  table: string;
  reference: number;
  delivered: number;
}

const added = (e: Effect, table: string) => e[table]?.added.length ?? 0;

/** Tables whose number of added rows differs from the reference effect's. */
export function countMismatches(reference: Effect, got: Effect): CountMismatch[] {
  const tables = [...new Set([...Object.keys(reference), ...Object.keys(got)])].sort();
  return tables
    .map((table) => ({ table, reference: added(reference, table), delivered: added(got, table) }))
    .filter((m) => m.reference !== m.delivered);
}

const turnOf = (table: string) => /^turn(\d+)\//.exec(table)?.[1];

/**
 * Writes in a turn where the reference writes nothing (multi-turn targets, whose
 * readback names each table `turn<N>/...`): an action taken before the turn that
 * asks for it, or in a turn whose ground truth is to do nothing.
 */
export function turnWrites(reference: Effect, got: Effect): string[] {
  const busy = new Set(Object.entries(reference).filter(([, t]) => writes(t)).map(([table]) => turnOf(table)));
  return Object.entries(got)
    .filter(([table, t]) => turnOf(table) !== undefined && !busy.has(turnOf(table)) && writes(t))
    .map(([table]) => `${table} (written in turn ${turnOf(table)}, where the reference writes nothing)`)
    .sort();
}

const isSet = (v: Json | undefined) => v !== null && v !== undefined && v !== '';

/** Fields an effect touches in one table: fields an update changed, fields an added row sets. */
function touchedFields(t: TableEffect): Set<string> {
  const fields = new Set<string>();
  for (const u of t.updated) for (const k of changedKeys(u.before, u.after)) fields.add(k);
  for (const r of t.added) for (const [k, v] of Object.entries(r.values)) if (isSet(v)) fields.add(k);
  return fields;
}

/**
 * Writes outside the reference effect's scope: a table the reference leaves
 * alone, or a field the reference never changes (updates) or never sets (added
 * rows) in that table. A readback that lists only the fields a form set makes the
 * added-row rule exact; a readback of full rows sees only out-of-scope tables and updates.
 */
export function scopeViolations(reference: Effect, got: Effect): string[] {
  const out: string[] = [];
  for (const [table, t] of Object.entries(got).sort(([a], [b]) => a.localeCompare(b))) {
    if (!writes(t)) continue;
    const ref = reference[table];
    if (!ref || !writes(ref)) {
      out.push(`${table} (table outside the reference effect)`);
      continue;
    }
    const scope = touchedFields(ref);
    for (const f of [...touchedFields(t)].sort()) if (!scope.has(f)) out.push(`${table}.${f} (field outside the reference effect)`);
  }
  return out;
}
