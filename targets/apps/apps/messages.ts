import { z } from 'zod';
import { endpoint, sql, found, id, ApiError } from '../api/endpoint.ts';
import { ME } from '../world/schema.ts';
import { WORLD_NOW } from '../world/clock.ts';

export const messages = {
  list_conversation: endpoint('read', z.object({ person_id: id }), (db, a) =>
    sql(db, 'SELECT * FROM messages WHERE (sender_id = ? AND recipient_id = ?) OR (sender_id = ? AND recipient_id = ?) ORDER BY sent_at, id')
      .all(ME, a.person_id, a.person_id, ME) as never),
  list_unread: endpoint('read', z.object({ from_id: id.optional() }), (db, a) =>
    sql(db, 'SELECT * FROM messages WHERE recipient_id = ? AND read = 0 AND (? IS NULL OR sender_id = ?) ORDER BY sent_at, id')
      .all(ME, a.from_id ?? null, a.from_id ?? null) as never),
  send_message: endpoint('write', z.object({ recipient_id: id, body: z.string().trim().min(1).max(1000) }), (db, a) => {
    if (a.recipient_id === ME) throw new ApiError(422, 'cannot message yourself');
    found(sql(db, 'SELECT id FROM people WHERE id = ?').get(a.recipient_id), 'person', a.recipient_id);
    const r = sql(db, 'INSERT INTO messages (sender_id, recipient_id, body, sent_at, read) VALUES (?, ?, ?, ?, 1)').run(ME, a.recipient_id, a.body, WORLD_NOW);
    return { message_id: Number(r.lastInsertRowid) };
  }),
  mark_read: endpoint('write', z.object({ message_id: id }), (db, a) => {
    found(sql(db, 'SELECT id FROM messages WHERE id = ? AND recipient_id = ?').get(a.message_id, ME), 'message', a.message_id);
    sql(db, 'UPDATE messages SET read = 1 WHERE id = ?').run(a.message_id);
    return { message_id: a.message_id };
  }),
  delete_message: endpoint('write', z.object({ message_id: id }), (db, a) => {
    const r = sql(db, 'DELETE FROM messages WHERE id = ? AND (sender_id = ? OR recipient_id = ?)').run(a.message_id, ME, ME);
    if (r.changes === 0) throw new ApiError(404, `message ${a.message_id} not found`);
    return { deleted: a.message_id };
  }),
};
