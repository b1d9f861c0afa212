// The null-agent floor: what a checker says to an agent that does nothing. Two
// cells per task, write tasks or not: the empty trajectory, and a bare claim of
// completion (the reference's claim step with its arguments, the answer among
// them, left out). A checker that passes either cannot tell a do-nothing agent
// from a correct one.
import type { Step, TaskInfo } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';

export function floorCells(task: TaskInfo, reference: Step[]): Cell[] {
  const base = { arm: 'floor' as const, index: 0, checker: task.id, trajectory: task.id, generator: task.generator, ...(task.scenario ? { scenario: task.scenario } : {}) };
  const claim = [...reference].reverse().find((s) => s.kind === 'claim');
  return [
    { ...base, id: `floor:empty:${task.id}`, family: 'empty', construction: { ok: true, steps: [], edit: 'deliver nothing' } },
    {
      ...base,
      id: `floor:bare-claim:${task.id}`,
      family: 'bare-claim',
      construction: claim
        ? { ok: true, steps: [{ call: claim.call, args: {}, kind: 'claim' }], edit: `only ${claim.call}() with no arguments` }
        : { ok: false, reason: 'reference has no claim step' },
    },
  ];
}
