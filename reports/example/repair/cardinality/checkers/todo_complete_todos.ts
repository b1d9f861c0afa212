import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff, state }: CheckerContext): void {
  const updated = diff.updated('todos');
  const expected: number[] = params.todo_ids;
  t.case('only the overdue todos changed', updated.length === expected.length && updated.every((u) => expected.includes(u.after.id)));
  t.case('all marked done', updated.every((u) => u.after.done === 1));
  const open = state.all("SELECT id FROM todos WHERE owner_id = 1 AND list = ? AND done = 0 AND due_date < '2024-05-15'", params.list);
  t.case('no overdue open todo left in the list', open.length === 0);
  t.case('no todo added or removed', diff.added('todos').length === 0 && diff.removed('todos').length === 0);
}
