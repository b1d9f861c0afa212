// The null-agent floor as a table: per scenario (an app suite), how many tasks
// pass an agent that does nothing. Where the reference writes, that is a false
// accept; where the correct outcome is no change, the task is non-discriminating:
// its checker cannot tell a do-nothing agent from a correct one. Never pooled
// into the fault arm's false-accept count.
import type { ClassifiedCell } from '../classify/classify.ts';
import { groupBy } from '../util/group.ts';

export interface FloorRow {
  scenario: string;
  tasks: number;
  /** tasks where the empty trajectory or the bare claim passed and the reference changes state */
  falseAccepts: string[];
  /** tasks where the null agent passed and the correct outcome is no change */
  nonDiscriminating: string[];
  /** tasks whose floor cells could not all be scored */
  unscored: string[];
}

export interface FloorReport {
  rows: FloorRow[];
  /** per task, the floor families its checker passed */
  passed: { task: string; families: string[]; outcome: 'false-accept' | 'non-discriminating' }[];
  note: string;
}

export function buildFloorReport(cells: ClassifiedCell[]): FloorReport | undefined {
  const floor = cells.filter((c) => c.arm === 'floor');
  if (!floor.length) return undefined;
  const passed: FloorReport['passed'] = [];
  for (const [task, xs] of groupBy(floor, (c) => c.checker)) {
    const pass = xs.filter((c) => c.floor === 'false-accept' || c.floor === 'non-discriminating');
    if (pass.length) passed.push({ task, families: pass.map((c) => c.family), outcome: pass[0].floor as 'false-accept' | 'non-discriminating' });
  }
  const rows = [...groupBy(floor, (c) => c.scenario ?? '(all)')].map(([scenario, xs]) => {
    const tasks = [...new Set(xs.map((c) => c.checker))].sort();
    const has = (outcome: string) => tasks.filter((t) => xs.some((c) => c.checker === t && c.floor === outcome));
    return { scenario, tasks: tasks.length, falseAccepts: has('false-accept'), nonDiscriminating: has('non-discriminating'), unscored: has('unscored') };
  });
  return {
    rows: rows.sort((a, b) => a.scenario.localeCompare(b.scenario)),
    passed: passed.sort((a, b) => a.task.localeCompare(b.task)),
    note:
      'Each task is also delivered nothing, and a bare claim of completion, on a fresh environment. A Pass where the reference changes state is a false accept of a do-nothing agent; ' +
      'a Pass where the correct outcome is no change (information-only or refusal tasks) makes the task non-discriminating. Neither is added to the fault arm\'s counts.',
  };
}
