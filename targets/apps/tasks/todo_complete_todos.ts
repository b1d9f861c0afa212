import { WORLD_TODAY } from '../world/clock.ts';
import { TODO_LISTS } from '../world/schema.ts';
import { claim, others, read, write, type Generator } from './types.ts';

export const todo_complete_todos: Generator = {
  name: 'todo_complete_todos',
  split: 'dev',
  make(ctx) {
    const overdue = (list: string) =>
      ctx.all<{ id: number }>('SELECT id FROM todos WHERE owner_id = 1 AND list = ? AND done = 0 AND due_date < ? ORDER BY id', list, WORLD_TODAY).map((t) => t.id);
    const lists = TODO_LISTS.filter((l) => overdue(l).length >= 2 && overdue(l).length <= 8);
    const list = ctx.choose(lists);
    const ids = overdue(list);
    const open = ctx.all<{ id: number }>('SELECT id FROM todos WHERE owner_id = 1 AND list != ? AND done = 0 ORDER BY id LIMIT 4', list).map((t) => t.id);
    return {
      instruction: `Mark every overdue open todo in my "${list}" list as done.`,
      params: { list, todo_ids: ids },
      steps: [
        read('todo.list_todos', { list, done: false }),
        ...ids.map((tid) => write('todo.mark_done', { todo_id: tid }, { todo_id: others(open, ids) })),
        claim(),
      ],
    };
  },
};
