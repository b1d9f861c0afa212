// The search arm at freeze: the frozen search spec (operators, seed, budget,
// shrink limit) and, per task, the explored plans as ordinary manifest cells.
import type { EffectSemantics, TaskInfo, Trajectory } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import { searchCell, type OperatorSet } from './plan.ts';
import type { SearchContext } from '../contract/operator.ts';
import { explorePlans } from './explore.ts';

export interface SearchSpec {
  seed: number;
  /** plans explored per task */
  budget: number;
  /** candidates judged per finding while shrinking */
  shrinkLimit: number;
  /** operator names; a plugin's carry its module (as given) and the module's sha256 */
  operators: { name: string; module?: string; sha256?: string }[];
  /** tasks with no out-of-scope write to insert, and why (absent in specs frozen before it was recorded) */
  withoutInserts?: Record<string, string>;
}

export const DEFAULT_BUDGET = 64;
export const SHRINK_LIMIT = 200;

/**
 * Each task's search context. Out-of-scope writes come from the other tasks of
 * the same scenario (one app suite, one record table) that start from the same
 * world: calls that exist in this task's world, on entities it holds. Tasks that
 * declare no world share one (TaskInfo.world).
 */
export function searchContexts(tasks: TaskInfo[], refs: Map<string, Trajectory>, semantics: EffectSemantics | undefined): Map<string, SearchContext> {
  const out = new Map<string, SearchContext>();
  for (const task of tasks) {
    const writes = insertSources(tasks, task).flatMap((t) =>
      refs.get(t.id)!.steps.filter((s) => s.kind === 'write').map((step) => ({ step, from: t.id })),
    );
    out.set(task.id, { task, reference: refs.get(task.id)!.steps, others: writes.map((w) => w.step), othersFrom: writes.map((w) => w.from), semantics });
  }
  return out;
}

const insertSources = (tasks: TaskInfo[], task: TaskInfo) => tasks.filter((t) => t.id !== task.id && t.scenario === task.scenario && t.world === task.world);

/** Per task without out-of-scope writes to insert, why: the report says it rather than leave the arm silently smaller. */
export function withoutInserts(tasks: TaskInfo[], contexts: Map<string, SearchContext>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const task of tasks) {
    if (contexts.get(task.id)?.others.length) continue;
    const where = [task.world === undefined ? '' : `starts from world ${task.world}`, task.scenario === undefined ? '' : `is of scenario ${task.scenario}`].filter(Boolean).join(' and ');
    out[task.id] = insertSources(tasks, task).length ? `no other task${where ? ` that ${where}` : ''} writes` : `no other task ${where || 'exists'}`;
  }
  return out;
}

/** The explored plans of every task as manifest cells, named by what they deliver. */
export function searchCells(contexts: Map<string, SearchContext>, ops: OperatorSet, spec: SearchSpec): Cell[] {
  return [...contexts.values()].flatMap((ctx) =>
    explorePlans(ctx, ops, spec.seed, spec.budget).map(({ plan, steps }) => searchCell(ctx, plan, steps, ops)),
  );
}
