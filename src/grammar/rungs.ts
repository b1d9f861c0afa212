// Rungs of the intent-swap arm (paper section 3.3): how far task j's work is from
// task i's intent. Computed from references and read-back written tables, never
// hand-assigned; an adapter may override a pair, and its reason is frozen with it.
import type { Step, TaskInfo } from '../contract/target.ts';
import { canonicalJson } from '../util/hash.ts';

export const RUNGS = ['diag', 'rung-0', 'rung-1', 'rung-2', 'rung-3'] as const;
type Rung = (typeof RUNGS)[number];

export const RUNG_MEANING: Record<Rung, string> = {
  diag: 'own task (control)',
  'rung-0': 'twin: same generator, references one argument apart',
  'rung-1': 'sibling: same generator or scenario',
  'rung-2': 'other scenario, written tables intersect',
  'rung-3': 'other scenario, disjoint written tables',
};

export interface RungTask extends Pick<TaskInfo, 'id' | 'generator' | 'scenario'> {
  steps: Step[];
  /** tables the reference delivery wrote, from readback */
  tables: string[];
}

/** References of the same shape whose argument values differ in exactly one place. */
export function isTwin(a: Step[], b: Step[]): boolean {
  if (a.length !== b.length) return false;
  let differences = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k].call !== b[k].call || a[k].kind !== b[k].kind) return false;
    const keys = Object.keys(a[k].args).sort();
    if (canonicalJson(keys) !== canonicalJson(Object.keys(b[k].args).sort())) return false;
    differences += keys.filter((key) => canonicalJson(a[k].args[key]) !== canonicalJson(b[k].args[key])).length;
  }
  return differences === 1;
}

export function rungOf(i: RungTask, j: RungTask): Rung {
  if (i.id === j.id) return 'diag';
  const sibling = i.generator === j.generator || (i.scenario !== undefined && i.scenario === j.scenario);
  if (i.generator === j.generator && isTwin(i.steps, j.steps)) return 'rung-0';
  if (sibling) return 'rung-1';
  const tables = new Set(i.tables);
  return j.tables.some((t) => tables.has(t)) ? 'rung-2' : 'rung-3';
}
