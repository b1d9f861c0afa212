import { claim, read, write, type Generator } from './types.ts';

export const spotify_like_album_songs: Generator = {
  name: 'spotify_like_album_songs',
  split: 'dev',
  make(ctx) {
    const albums = ctx.all<{ id: number; title: string; artist: string }>(
      'SELECT al.id, al.title, ar.name AS artist FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE al.title IN (SELECT title FROM albums GROUP BY title HAVING COUNT(*) = 1) ORDER BY al.id');
    const album = ctx.choose(albums);
    const songs = ctx.all<{ id: number }>('SELECT id FROM songs WHERE album_id = ? ORDER BY track', album.id).map((s) => s.id);
    const elsewhere = ctx.all<{ id: number }>('SELECT id FROM songs WHERE album_id = ? ORDER BY track LIMIT 2', album.id === 1 ? 2 : album.id - 1).map((s) => s.id);
    return {
      instruction: `Like every song of the album "${album.title}" by ${album.artist} on Spotify.`,
      params: { album_id: album.id, album: album.title, song_ids: songs },
      steps: [
        read('spotify.search_albums', { query: album.title }),
        read('spotify.album_songs', { album_id: album.id }),
        ...songs.map((sid) => write('spotify.like_song', { song_id: sid }, { song_id: elsewhere })),
        claim(),
      ],
    };
  },
};
