import { z } from 'zod';
import { endpoint, sql, found, id, money, text, ApiError, type Db } from '../api/endpoint.ts';
import { ME, PRIVACIES } from '../world/schema.ts';
import { WORLD_NOW } from '../world/clock.ts';

function account(db: Db, personId: number) {
  return found(sql(db, 'SELECT * FROM venmo_accounts WHERE person_id = ?').get(personId) as { id: number; balance: number } | undefined, 'venmo user', personId);
}

function transfer(db: Db, from: number, to: number, amount: number, note: string, privacy: string): number {
  const src = account(db, from);
  account(db, to);
  if (src.balance < amount) throw new ApiError(409, `insufficient balance: ${src.balance} < ${amount}`);
  const cents = Math.round(amount * 100);
  sql(db, 'UPDATE venmo_accounts SET balance = ROUND(balance - ?, 2) WHERE person_id = ?').run(cents / 100, from);
  sql(db, 'UPDATE venmo_accounts SET balance = ROUND(balance + ?, 2) WHERE person_id = ?').run(cents / 100, to);
  const r = sql(db, 'INSERT INTO venmo_transactions (sender_id, receiver_id, amount, note, privacy, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(from, to, amount, note, privacy, WORLD_NOW);
  sql(db, 'INSERT INTO notifications (person_id, app, body, created_at) VALUES (?, ?, ?, ?)').run(to, 'venmo', `You received $${amount.toFixed(2)}: ${note}`, WORLD_NOW);
  return Number(r.lastInsertRowid);
}

const notSelf = (userId: number) => {
  if (userId === ME) throw new ApiError(422, 'user_id cannot be yourself');
};

export const venmo = {
  search_users: endpoint('read', z.object({ query: z.string() }), (db, a) =>
    sql(db, "SELECT p.id, p.first_name, p.last_name, v.username FROM people p JOIN venmo_accounts v ON v.person_id = p.id WHERE p.first_name || ' ' || p.last_name LIKE '%' || ? || '%' ORDER BY p.id LIMIT 20").all(a.query) as never),
  show_balance: endpoint('read', z.object({}), (db) => account(db, ME).balance),
  list_friends: endpoint('read', z.object({}), (db) => sql(db, 'SELECT friend_id FROM venmo_friends WHERE user_id = ? ORDER BY friend_id').all(ME) as never),
  add_friend: endpoint('write', z.object({ user_id: id }), (db, a) => {
    notSelf(a.user_id);
    account(db, a.user_id);
    sql(db, 'INSERT OR IGNORE INTO venmo_friends (user_id, friend_id, since) VALUES (?, ?, ?)').run(ME, a.user_id, WORLD_NOW);
    return { friend_id: a.user_id };
  }),
  remove_friend: endpoint('write', z.object({ user_id: id }), (db, a) => {
    const r = sql(db, 'DELETE FROM venmo_friends WHERE user_id = ? AND friend_id = ?').run(ME, a.user_id);
    if (r.changes === 0) throw new ApiError(404, `user ${a.user_id} is not a friend`);
    return { removed: a.user_id };
  }),
  send_money: endpoint('write', z.object({ user_id: id, amount: money, note: text, privacy: z.enum(PRIVACIES).default('private') }), (db, a) => {
    notSelf(a.user_id);
    return { transaction_id: transfer(db, ME, a.user_id, a.amount, a.note, a.privacy) };
  }),
  create_payment_request: endpoint('write', z.object({ user_id: id, amount: money, note: text, privacy: z.enum(PRIVACIES).default('private') }), (db, a) => {
    notSelf(a.user_id);
    account(db, a.user_id);
    const r = sql(db, "INSERT INTO venmo_payment_requests (requester_id, payer_id, amount, note, privacy, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)")
      .run(ME, a.user_id, a.amount, a.note, a.privacy, WORLD_NOW);
    sql(db, 'INSERT INTO notifications (person_id, app, body, created_at) VALUES (?, ?, ?, ?)').run(a.user_id, 'venmo', `Payment request of $${a.amount.toFixed(2)}: ${a.note}`, WORLD_NOW);
    return { request_id: Number(r.lastInsertRowid) };
  }),
  list_requests: endpoint('read', z.object({ status: z.enum(['pending', 'approved', 'declined']).optional() }), (db, a) =>
    sql(db, 'SELECT * FROM venmo_payment_requests WHERE payer_id = ? AND (? IS NULL OR status = ?) ORDER BY id').all(ME, a.status ?? null, a.status ?? null) as never),
  decline_request: endpoint('write', z.object({ request_id: id }), (db, a) => {
    const r = found(sql(db, 'SELECT status FROM venmo_payment_requests WHERE id = ? AND payer_id = ?').get(a.request_id, ME) as { status: string } | undefined, 'payment request', a.request_id);
    if (r.status === 'approved') throw new ApiError(409, `payment request ${a.request_id} is already paid`);
    sql(db, "UPDATE venmo_payment_requests SET status = 'declined' WHERE id = ?").run(a.request_id);
    return { request_id: a.request_id };
  }),
  pay_request: endpoint('write', z.object({ request_id: id }), (db, a) => {
    const r = found(sql(db, 'SELECT * FROM venmo_payment_requests WHERE id = ? AND payer_id = ?').get(a.request_id, ME) as { status: string; requester_id: number; amount: number; note: string; privacy: string } | undefined, 'payment request', a.request_id);
    if (r.status !== 'pending') throw new ApiError(409, `payment request ${a.request_id} is ${r.status}`);
    sql(db, "UPDATE venmo_payment_requests SET status = 'approved' WHERE id = ?").run(a.request_id);
    return { transaction_id: transfer(db, ME, r.requester_id, r.amount, r.note, r.privacy) };
  }),
};
