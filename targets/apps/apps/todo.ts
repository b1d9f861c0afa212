import { z } from 'zod';
import { endpoint, sql, found, id, text, date, ApiError } from '../api/endpoint.ts';
import { ME, PRIORITIES, TODO_LISTS } from '../world/schema.ts';
import { WORLD_NOW } from '../world/clock.ts';

export const todo = {
  list_todos: endpoint('read', z.object({ list: z.enum(TODO_LISTS).optional(), done: z.boolean().optional() }), (db, a) =>
    sql(db, 'SELECT * FROM todos WHERE owner_id = ? AND (? IS NULL OR list = ?) AND (? IS NULL OR done = ?) ORDER BY id')
      .all(ME, a.list ?? null, a.list ?? null, a.done === undefined ? null : Number(a.done), a.done === undefined ? null : Number(a.done)) as never),
  create_todo: endpoint('write', z.object({
    title: text, due_date: date.nullable().default(null), list: z.enum(TODO_LISTS).default('inbox'), priority: z.enum(PRIORITIES).default('normal'),
  }), (db, a) => {
    const r = sql(db, 'INSERT INTO todos (owner_id, title, list, priority, due_date, done, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)')
      .run(ME, a.title, a.list, a.priority, a.due_date, WORLD_NOW);
    return { todo_id: Number(r.lastInsertRowid) };
  }),
  mark_done: endpoint('write', z.object({ todo_id: id }), (db, a) => {
    found(sql(db, 'SELECT id FROM todos WHERE id = ? AND owner_id = ?').get(a.todo_id, ME), 'todo', a.todo_id);
    sql(db, 'UPDATE todos SET done = 1 WHERE id = ?').run(a.todo_id);
    return { todo_id: a.todo_id };
  }),
  delete_todo: endpoint('write', z.object({ todo_id: id }), (db, a) => {
    const r = sql(db, 'DELETE FROM todos WHERE id = ? AND owner_id = ?').run(a.todo_id, ME);
    if (r.changes === 0) throw new ApiError(404, `todo ${a.todo_id} not found`);
    return { deleted: a.todo_id };
  }),
};
