import { claim, others, read, write, type Generator } from './types.ts';

export const venmo_add_friends: Generator = {
  name: 'venmo_add_friends',
  split: 'dev',
  make(ctx) {
    const strangers = ctx.all<{ id: number; name: string }>("SELECT p.id, p.first_name || ' ' || p.last_name AS name FROM people p WHERE p.id > 1 AND p.id NOT IN (SELECT friend_id FROM venmo_friends WHERE user_id = 1) ORDER BY p.id");
    const picked = ctx.rng.shuffle(strangers).slice(0, 2 + (ctx.variant % 2));
    const ids = picked.map((p) => p.id);
    const pool = strangers.map((s) => s.id);
    return {
      instruction: `Add ${picked.map((p) => p.name).join(' and ')} as friends on Venmo.`,
      params: { user_ids: ids, names: picked.map((p) => p.name) },
      steps: [
        ...picked.map((p) => read('venmo.search_users', { query: p.name })),
        ...ids.map((uid) => write('venmo.add_friend', { user_id: uid }, { user_id: others(pool, ids) })),
        claim(),
      ],
    };
  },
};
