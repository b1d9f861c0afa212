import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const todos = diff.added('todos');
  t.case('exactly one todo added', todos.length === 1);
  const todo = todos[0];
  t.case('owned by the user', todo?.owner_id === 1);
  t.case('title', todo?.title === params.title);
  t.case('due date', todo?.due_date === params.due_date);
  t.case('priority', todo?.priority === params.priority);
  t.case('not done', todo?.done === 0);
}
