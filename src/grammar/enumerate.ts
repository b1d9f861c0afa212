// Enumerates an increment's cells: one diagonal control per task, then each
// family applied to each task's reference. Refusals are cells too.
import type { TaskInfo, Trajectory } from '../contract/target.ts';
import { cellId } from '../protocol/cell.ts';
import type { Cell } from '../contract/cell.ts';
import type { GrammarContext, Operator } from './construction.ts';

/** A cell grading the task's own checker on a construction from its own reference. */
export const ownCell = (arm: Cell['arm'], family: string, task: TaskInfo, construction: Cell['construction']): Cell => ({
  id: cellId(arm, family, task.id, task.id),
  arm,
  family,
  index: 0,
  checker: task.id,
  trajectory: task.id,
  generator: task.generator,
  construction,
});

export const controlCell = (task: TaskInfo, ref: Trajectory): Cell =>
  ownCell('control', 'control', task, { ok: true, steps: ref.steps, edit: 'reference' });

export function faultCells(
  tasks: TaskInfo[],
  refs: Map<string, Trajectory>,
  families: string[],
  ctx: GrammarContext,
  operators: Record<string, Operator>,
): Cell[] {
  return families.flatMap((family) =>
    tasks.map((task) => ownCell('fault', family, task, operators[family](refs.get(task.id)!.steps, { ...ctx, task }))),
  );
}
