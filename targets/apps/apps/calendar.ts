import { z } from 'zod';
import { endpoint, sql, found, id, text, instant, date, ApiError } from '../api/endpoint.ts';
import { ME, VISIBILITIES } from '../world/schema.ts';

const ordered = (start: string, end: string) => {
  if (end <= start) throw new ApiError(422, 'end_at must be after start_at');
};

export const calendar = {
  list_events: endpoint('read', z.object({ date: date.optional() }), (db, a) =>
    sql(db, "SELECT * FROM events WHERE owner_id = ? AND (? IS NULL OR substr(start_at, 1, 10) = ?) ORDER BY start_at, id").all(ME, a.date ?? null, a.date ?? null) as never),
  create_event: endpoint('write', z.object({
    title: text, start_at: instant, end_at: instant, location: z.string().max(200).default(''), visibility: z.enum(VISIBILITIES).default('private'),
  }), (db, a) => {
    ordered(a.start_at, a.end_at);
    const r = sql(db, 'INSERT INTO events (owner_id, title, start_at, end_at, location, visibility) VALUES (?, ?, ?, ?, ?, ?)')
      .run(ME, a.title, a.start_at, a.end_at, a.location, a.visibility);
    return { event_id: Number(r.lastInsertRowid) };
  }),
  update_event: endpoint('write', z.object({ event_id: id, start_at: instant, end_at: instant }), (db, a) => {
    found(sql(db, 'SELECT id FROM events WHERE id = ? AND owner_id = ?').get(a.event_id, ME), 'event', a.event_id);
    ordered(a.start_at, a.end_at);
    sql(db, 'UPDATE events SET start_at = ?, end_at = ? WHERE id = ?').run(a.start_at, a.end_at, a.event_id);
    return { event_id: a.event_id };
  }),
  delete_event: endpoint('write', z.object({ event_id: id }), (db, a) => {
    const r = sql(db, 'DELETE FROM events WHERE id = ? AND owner_id = ?').run(a.event_id, ME);
    if (r.changes === 0) throw new ApiError(404, `event ${a.event_id} not found`);
    return { deleted: a.event_id };
  }),
};
