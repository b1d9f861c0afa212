import { claim, others, read, write, type Generator } from './types.ts';

export const spotify_queue_songs: Generator = {
  name: 'spotify_queue_songs',
  split: 'dev',
  make(ctx) {
    const albums = ctx.all<{ id: number; title: string; artist: string }>(
      'SELECT al.id, al.title, ar.name AS artist FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE al.title IN (SELECT title FROM albums GROUP BY title HAVING COUNT(*) = 1) ORDER BY al.id');
    const album = ctx.choose(albums);
    const songs = ctx.all<{ id: number; title: string; track: number }>('SELECT id, title, track FROM songs WHERE album_id = ? ORDER BY track', album.id);
    const picked = songs.slice(0, 3);
    const ids = picked.map((s) => s.id);
    return {
      instruction: `Queue the first three tracks of "${album.title}" by ${album.artist} on Spotify, in album order.`,
      params: { album_id: album.id, song_ids: ids },
      steps: [
        read('spotify.search_albums', { query: album.title }),
        read('spotify.album_songs', { album_id: album.id }),
        ...ids.map((sid) => write('spotify.enqueue', { song_id: sid }, { song_id: others(songs.map((s) => s.id), ids) })),
        claim(),
      ],
    };
  },
};
