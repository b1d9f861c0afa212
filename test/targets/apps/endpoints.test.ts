import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { callApi } from '../../../targets/apps/apps/index.ts';
import { ApiError } from '../../../targets/apps/api/endpoint.ts';
import { getWorld } from '../../../targets/apps/world/snapshot.ts';

function status(call: string, args: Record<string, unknown>, setup: [string, Record<string, unknown>][] = []): number | 'ok' {
  const db = new Database(getWorld().image);
  try {
    for (const [c, a] of setup) callApi(db, c, a as never);
    callApi(db, call, args as never);
    return 'ok';
  } catch (e) {
    if (e instanceof ApiError) return e.status;
    throw e;
  } finally {
    db.close();
  }
}

describe('endpoints', () => {
  it('reject unknown endpoints and unknown ids with 404', () => {
    expect(status('venmo.teleport', {})).toBe(404);
    expect(status('contacts.show_contact', { contact_id: 999999 })).toBe(404);
    expect(status('spotify.like_song', { song_id: 999999 })).toBe(404);
    expect(status('venmo.send_money', { user_id: 999999, amount: 5, note: 'x' })).toBe(404);
    expect(status('todo.mark_done', { todo_id: 999999 })).toBe(404);
  });

  it('reject invalid arguments with 422', () => {
    expect(status('venmo.send_money', { user_id: 5, amount: -3, note: 'x' })).toBe(422);
    expect(status('venmo.send_money', { user_id: 5, amount: 1.234, note: 'x' })).toBe(422);
    expect(status('venmo.send_money', { user_id: 5, amount: 3 })).toBe(422);
    expect(status('venmo.send_money', { user_id: 1, amount: 3, note: 'self' })).toBe(422);
    expect(status('venmo.create_payment_request', { user_id: 5, amount: 3, note: 'x', privacy: 'secret' })).toBe(422);
    expect(status('todo.create_todo', { title: 'x', due_date: 'tomorrow' })).toBe(422);
    expect(status('todo.create_todo', { title: 'x', colour: 'red' })).toBe(422);
    expect(status('calendar.create_event', { title: 'x', start_at: '2024-06-01T10:00:00Z', end_at: '2024-06-01T09:00:00Z' })).toBe(422);
    expect(status('contacts.add_contact', { name: 'A', phone: '12', relationship: 'friend' })).toBe(422);
    expect(status('contacts.update_contact', { contact_id: 3 })).toBe(422);
    expect(status('messages.send_message', { recipient_id: '5', body: 'hi' })).toBe(422);
  });

  it('answer conflicts with 409', () => {
    expect(status('spotify.create_playlist', { title: 'Mine' }, [['spotify.create_playlist', { title: 'Mine' }]])).toBe(409);
    expect(status('venmo.send_money', { user_id: 5, amount: 4999, note: 'too much' }, [['venmo.send_money', { user_id: 6, amount: 4000, note: 'drain' }]])).toBe(409);
  });

  it('make a duplicated delete fail and a duplicated idempotent write succeed', () => {
    expect(status('contacts.delete_contact', { contact_id: 2 }, [['contacts.delete_contact', { contact_id: 2 }]])).toBe(404);
    expect(status('todo.delete_todo', { todo_id: 1 }, [['todo.delete_todo', { todo_id: 1 }]])).toBe(404);
    expect(status('venmo.add_friend', { user_id: 150 }, [['venmo.add_friend', { user_id: 150 }]])).toBe('ok');
    expect(status('spotify.follow_artist', { artist_id: 4 }, [['spotify.follow_artist', { artist_id: 4 }]])).toBe('ok');
  });

  it('accept the claim without writing', () => {
    expect(status('supervisor.complete_task', {})).toBe('ok');
    expect(status('supervisor.complete_task', { answer: 'done' })).toBe('ok');
  });
});
