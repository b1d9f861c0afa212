import { dayOffset } from '../world/clock.ts';
import { PRIORITIES, TODO_LISTS } from '../world/schema.ts';
import { claim, others, write, type Generator } from './types.ts';

const TITLES = ['Pick up dry cleaning', 'Schedule car service', 'Buy a birthday card for Mom', 'Submit expense report', 'Cancel gym trial'];

export const todo_create_todo: Generator = {
  name: 'todo_create_todo',
  split: 'dev',
  make(ctx) {
    const title = ctx.choose(TITLES);
    const due = dayOffset(ctx.rng.int(2, 20));
    const priority = PRIORITIES[(ctx.variant + 1) % PRIORITIES.length];
    return {
      instruction: `Add a ${priority}-priority todo "${title}" due ${due}.`,
      params: { title, due_date: due, priority },
      steps: [
        write('todo.create_todo', { title, due_date: due, list: 'inbox', priority }, {
          title: others(TITLES, [title], 1),
          due_date: [dayOffset(21), dayOffset(1)],
          list: [...TODO_LISTS],
          priority: [...PRIORITIES],
        }),
        claim(),
      ],
    };
  },
};
