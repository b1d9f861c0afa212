import { beforeAll, describe, expect, it } from 'vitest';
import type { Target } from '../../../src/contract/target.ts';
import type Database from 'better-sqlite3';
import { callApi } from '../../../targets/apps/apps/index.ts';
import { CHANGELOG, userTables } from '../../../targets/apps/changelog.ts';
import { freshConnection, getWorld, releaseConnection } from '../../../targets/apps/world/snapshot.ts';
import { cell, openApps, tableCounts } from './helpers.ts';

let target: Target;
beforeAll(async () => {
  target = await openApps();
});

const send = (body: string) => ({ call: 'messages.send_message', kind: 'write' as const, args: { recipient_id: 5, body } });

describe('episodes', () => {
  it('are isolated: a write in one episode is not visible in the next', async () => {
    const a = await target.episode();
    await a.deliver({ task: 'x', steps: [send('only in a')] });
    expect(tableCounts(await a.readback())).toEqual({ messages: [1, 0, 0] });
    await a.close();
    const b = await target.episode();
    expect(await b.readback()).toEqual({});
    await b.close();
  });

  it('run concurrently without sharing state', async () => {
    const [a, b] = [await target.episode(), await target.episode()];
    await a.deliver({ task: 'x', steps: [send('a')] });
    await b.deliver({ task: 'x', steps: [send('b'), send('b')] });
    expect((await a.readback()).messages.added.map((r) => r.values.body)).toEqual(['a']);
    expect((await b.readback()).messages.added.map((r) => r.values.body)).toEqual(['b', 'b']);
    await a.close();
    await b.close();
  });

  it('stop at the first failing step and report how many ran', async () => {
    const ep = await target.episode();
    const d = await ep.deliver({ task: 'x', steps: [
      send('first'),
      { call: 'contacts.delete_contact', kind: 'write', args: { contact_id: 1 } },
      { call: 'contacts.delete_contact', kind: 'write', args: { contact_id: 1 } },
      send('never'),
    ] });
    expect(d.completed).toBe(false);
    expect(d.stepsRun).toBe(2);
    expect(d.error).toMatch(/404/);
    expect(tableCounts(await ep.readback())).toEqual({ messages: [1, 0, 0], contacts: [0, 0, 1] });
    await ep.close();
  });

  it('refuse use after close', async () => {
    const ep = await target.episode();
    await ep.close();
    await expect(ep.readback()).rejects.toThrow(/closed/);
  });
});

describe('readback', () => {
  it('puts the primary key of added rows in key, keeps foreign keys in values, and uses the world clock', async () => {
    const ep = await target.episode();
    await ep.deliver({ task: 'x', steps: [{ call: 'venmo.create_payment_request', kind: 'write', args: { user_id: 7, amount: 12.5, note: 'tea' } }] });
    const effect = await ep.readback();
    await ep.close();
    const [req] = effect.venmo_payment_requests.added;
    expect(req.key).toMatch(/^\d+$/);
    expect(req.values).not.toHaveProperty('id');
    expect(req.values).toEqual({ requester_id: 1, payer_id: 7, amount: 12.5, note: 'tea', privacy: 'private', status: 'pending', created_at: '2024-05-15T12:00:00Z' });
    expect(effect.notifications.added[0].values).toMatchObject({ person_id: 7, app: 'venmo' });
    expect(Object.keys(effect).sort()).toEqual(['notifications', 'venmo_payment_requests']);
  });

  it('reports updates with before and after, and no-op writes as no change', async () => {
    const ep = await target.episode();
    const setPhone = (phone: string) => ({ call: 'contacts.update_contact', kind: 'write' as const, args: { contact_id: 3, phone } });
    await ep.deliver({ task: 'x', steps: [setPhone('555-9999'), setPhone('555-9999')] });
    const effect = await ep.readback();
    expect(effect.contacts.updated).toHaveLength(1);
    const [u] = effect.contacts.updated;
    expect(u.key).toBe('3');
    expect(u.after.phone).toBe('555-9999');
    expect(u.before.phone).not.toBe('555-9999');
    expect({ ...u.before, phone: null }).toEqual({ ...u.after, phone: null });
    await ep.deliver({ task: 'x', steps: [setPhone(String(u.before.phone))] });
    expect(await ep.readback()).toEqual({});
    await ep.close();
  });

  it('shows an idempotent duplicate as the same effect and a non-idempotent duplicate as an extra row', async () => {
    const { id: songId } = getWorld().base.prepare('SELECT id FROM songs WHERE id NOT IN (SELECT song_id FROM song_likes WHERE person_id = 1) LIMIT 1').get() as { id: number };
    const like = { call: 'spotify.like_song', kind: 'write' as const, args: { song_id: songId } };
    const once = await cell(target, { task: 'spotify_like_album_songs/0', steps: [like] });
    const twice = await cell(target, { task: 'spotify_like_album_songs/0', steps: [like, like] });
    expect(once.effect.song_likes.added).toHaveLength(1);
    expect(twice.effect).toEqual(once.effect);
    const q = { call: 'spotify.enqueue', kind: 'write' as const, args: { song_id: 3 } };
    const one = await cell(target, { task: 'spotify_queue_songs/0', steps: [q] });
    const two = await cell(target, { task: 'spotify_queue_songs/0', steps: [q, q] });
    expect(one.effect.queue_items.added).toHaveLength(1);
    expect(two.effect.queue_items.added).toHaveLength(2);
  });
});

describe('pooled connections', () => {
  const contents = (db: Database.Database) => Object.fromEntries(
    [...userTables(db), CHANGELOG, 'sqlite_sequence'].map((t) => [t, db.prepare(`SELECT * FROM ${t}`).all()]),
  );

  it('come back holding exactly the start image after an episode wrote, failed and deleted', () => {
    const world = getWorld();
    const db = freshConnection(world);
    callApi(db, 'messages.send_message', { recipient_id: 5, body: 'undone' });
    callApi(db, 'contacts.delete_contact', { contact_id: 1 });
    expect(() => callApi(db, 'contacts.delete_contact', { contact_id: 1 })).toThrow(/404/);
    expect(contents(db)).not.toEqual(contents(world.base));
    releaseConnection(db);
    const again = freshConnection(world);
    expect(again).toBe(db);
    expect(contents(again)).toEqual(contents(world.base));
    releaseConnection(again);
  });

  it('are dropped, not reused, when their transaction ended early', () => {
    const world = getWorld();
    const db = freshConnection(world);
    db.exec('COMMIT');
    releaseConnection(db);
    expect(db.open).toBe(false);
    const next = freshConnection(world);
    expect(next).not.toBe(db);
    releaseConnection(next);
  });
});
