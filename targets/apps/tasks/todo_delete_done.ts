import { TODO_LISTS, PRIORITIES } from '../world/schema.ts';
import { claim, others, read, write, type Generator } from './types.ts';

export const todo_delete_done: Generator = {
  name: 'todo_delete_done',
  split: 'holdout',
  make(ctx) {
    const done = (list: string, priority: string) =>
      ctx.all<{ id: number }>('SELECT id FROM todos WHERE owner_id = 1 AND list = ? AND priority = ? AND done = 1 ORDER BY id', list, priority).map((t) => t.id);
    const combos = TODO_LISTS.flatMap((l) => PRIORITIES.map((p) => ({ l, p }))).filter(({ l, p }) => done(l, p).length >= 2 && done(l, p).length <= 6);
    const { l, p } = ctx.choose(combos);
    const ids = done(l, p);
    const pool = ctx.all<{ id: number }>('SELECT id FROM todos WHERE owner_id = 1 AND done = 1 AND list != ? ORDER BY id LIMIT 4', l).map((t) => t.id);
    return {
      instruction: `Delete my completed ${p}-priority todos from the "${l}" list.`,
      params: { list: l, priority: p, todo_ids: ids },
      steps: [
        read('todo.list_todos', { list: l, done: true }),
        ...ids.map((tid) => write('todo.delete_todo', { todo_id: tid }, { todo_id: others(pool, ids) })),
        claim(),
      ],
    };
  },
};
