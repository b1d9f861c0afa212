import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff, state }: CheckerContext): void {
  const removed = diff.removed('todos');
  const expected: number[] = params.todo_ids;
  t.case('removed exactly the completed todos', removed.length === expected.length && removed.every((r) => expected.includes(r.id)));
  const left = state.all('SELECT id FROM todos WHERE owner_id = 1 AND list = ? AND priority = ? AND done = 1', params.list, params.priority);
  t.case('none left', left.length === 0);
  t.case('nothing else changed', diff.added('todos').length === 0 && diff.updated('todos').length === 0);
}
