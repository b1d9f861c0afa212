// Enumerates an increment's cells: one diagonal control per task, then each
// family applied to each task's reference. Refusals are cells too.
import type { TaskInfo, Trajectory } from '../contract/target.ts';
import { cellId } from '../protocol/cell.ts';
import type { Cell } from '../contract/cell.ts';
import type { GrammarContext, Operator } from './construction.ts';

export function controlCell(task: TaskInfo, ref: Trajectory): Cell {
  return {
    id: cellId('control', 'control', task.id, task.id),
    arm: 'control',
    family: 'control',
    index: 0,
    checker: task.id,
    trajectory: task.id,
    generator: task.generator,
    construction: { ok: true, steps: ref.steps, edit: 'reference' },
  };
}

export function faultCells(
  tasks: TaskInfo[],
  refs: Map<string, Trajectory>,
  families: string[],
  ctx: GrammarContext,
  operators: Record<string, Operator>,
): Cell[] {
  const cells: Cell[] = [];
  for (const family of families) {
    for (const task of tasks) {
      cells.push({
        id: cellId('fault', family, task.id, task.id),
        arm: 'fault',
        family,
        index: 0,
        checker: task.id,
        trajectory: task.id,
        generator: task.generator,
        construction: operators[family](refs.get(task.id)!.steps, { ...ctx, task }),
      });
    }
  }
  return cells;
}
