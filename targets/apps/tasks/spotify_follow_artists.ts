import { claim, others, read, write, type Generator } from './types.ts';

export const spotify_follow_artists: Generator = {
  name: 'spotify_follow_artists',
  split: 'dev',
  make(ctx) {
    const unfollowed = ctx.all<{ id: number; name: string }>('SELECT id, name FROM artists WHERE id NOT IN (SELECT artist_id FROM artist_follows WHERE person_id = 1) ORDER BY id');
    const picked = ctx.rng.shuffle(unfollowed).slice(0, 2);
    const ids = picked.map((a) => a.id);
    return {
      instruction: `Follow ${picked.map((a) => a.name).join(' and ')} on Spotify.`,
      params: { artist_ids: ids, names: picked.map((a) => a.name) },
      steps: [
        ...picked.map((a) => read('spotify.search_artists', { query: a.name })),
        ...ids.map((aid) => write('spotify.follow_artist', { artist_id: aid }, { artist_id: others(unfollowed.map((a) => a.id), ids) })),
        claim(),
      ],
    };
  },
};
