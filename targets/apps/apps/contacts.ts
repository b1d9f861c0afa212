import { z } from 'zod';
import { endpoint, sql, found, id, text, ApiError } from '../api/endpoint.ts';
import { ME, RELATIONSHIPS } from '../world/schema.ts';

const phone = z.string().regex(/^\d{3}-\d{4}$/, 'expected NNN-NNNN');

export const contacts = {
  search_contacts: endpoint('read', z.object({ query: z.string() }), (db, a) =>
    sql(db, "SELECT * FROM contacts WHERE owner_id = ? AND name LIKE '%' || ? || '%' ORDER BY id LIMIT 20").all(ME, a.query) as never),
  show_contact: endpoint('read', z.object({ contact_id: id }), (db, a) =>
    found(sql(db, 'SELECT * FROM contacts WHERE id = ? AND owner_id = ?').get(a.contact_id, ME), 'contact', a.contact_id) as never),
  add_contact: endpoint('write', z.object({
    name: text, phone, email: z.email().optional(),
    relationship: z.enum(RELATIONSHIPS), favorite: z.boolean().default(false),
  }), (db, a) => {
    const person = sql(db, 'SELECT id FROM people WHERE phone = ?').get(a.phone) as { id: number } | undefined;
    const r = sql(db, 'INSERT INTO contacts (owner_id, person_id, name, phone, email, relationship, favorite) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(ME, person?.id ?? null, a.name, a.phone, a.email ?? null, a.relationship, a.favorite ? 1 : 0);
    return { contact_id: Number(r.lastInsertRowid) };
  }),
  update_contact: endpoint('write', z.object({
    contact_id: id, phone: phone.optional(), email: z.email().optional(),
    relationship: z.enum(RELATIONSHIPS).optional(), favorite: z.boolean().optional(),
  }), (db, a) => {
    found(sql(db, 'SELECT id FROM contacts WHERE id = ? AND owner_id = ?').get(a.contact_id, ME), 'contact', a.contact_id);
    const sets: [string, unknown][] = [];
    if (a.phone !== undefined) sets.push(['phone', a.phone]);
    if (a.email !== undefined) sets.push(['email', a.email]);
    if (a.relationship !== undefined) sets.push(['relationship', a.relationship]);
    if (a.favorite !== undefined) sets.push(['favorite', a.favorite ? 1 : 0]);
    if (sets.length === 0) throw new ApiError(422, 'nothing to update');
    sql(db, `UPDATE contacts SET ${sets.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...sets.map(([, v]) => v), a.contact_id);
    return { contact_id: a.contact_id };
  }),
  delete_contact: endpoint('write', z.object({ contact_id: id }), (db, a) => {
    const r = sql(db, 'DELETE FROM contacts WHERE id = ? AND owner_id = ?').run(a.contact_id, ME);
    if (r.changes === 0) throw new ApiError(404, `contact ${a.contact_id} not found`);
    return { deleted: a.contact_id };
  }),
};
