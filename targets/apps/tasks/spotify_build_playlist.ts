import { claim, others, read, write, type Generator } from './types.ts';

const TITLES = ['Road Trip', 'Sunday Morning', 'Focus Time', 'Workout Boost', 'Rainy Evening', 'Dinner Party'];

export const spotify_build_playlist: Generator = {
  name: 'spotify_build_playlist',
  split: 'dev',
  make(ctx) {
    const artists = ctx.all<{ id: number; name: string }>('SELECT id, name FROM artists ORDER BY id');
    const artist = ctx.choose(artists);
    const songs = ctx.all<{ id: number; title: string }>('SELECT id, title FROM songs WHERE artist_id = ? ORDER BY album_id, track', artist.id);
    const picked = ctx.rng.shuffle(songs).slice(0, 3);
    const ids = picked.map((s) => s.id);
    const title = ctx.choose(TITLES);
    const playlistId = ctx.nextId('playlists');
    const mine = ctx.all<{ id: number }>('SELECT id FROM playlists WHERE owner_id = 1 ORDER BY id LIMIT 2').map((p) => p.id);
    const spare = others(songs.map((s) => s.id), ids);
    return {
      instruction: `Create a private Spotify playlist called "${title}" with these songs by ${artist.name}: ${picked.map((s) => `"${s.title}"`).join(', ')}.`,
      params: { title, playlist_id: playlistId, song_ids: ids, artist_id: artist.id },
      steps: [
        read('spotify.search_artists', { query: artist.name }),
        read('spotify.artist_songs', { artist_id: artist.id }),
        write('spotify.create_playlist', { title, is_public: false }, { title: others(TITLES, [title], 1), is_public: [true] }),
        ...ids.map((sid) => write('spotify.add_song_to_playlist', { playlist_id: playlistId, song_id: sid }, { playlist_id: mine, song_id: spare })),
        claim(),
      ],
    };
  },
};
