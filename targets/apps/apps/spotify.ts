import { z } from 'zod';
import { endpoint, sql, found, id, text, ApiError, type Db } from '../api/endpoint.ts';
import { ME } from '../world/schema.ts';
import { WORLD_NOW } from '../world/clock.ts';

const song = (db: Db, songId: number) => found(sql(db, 'SELECT id FROM songs WHERE id = ?').get(songId), 'song', songId);
const ownPlaylist = (db: Db, playlistId: number) =>
  found(sql(db, 'SELECT id FROM playlists WHERE id = ? AND owner_id = ?').get(playlistId, ME), 'playlist', playlistId);

export const spotify = {
  search_artists: endpoint('read', z.object({ query: z.string() }), (db, a) =>
    sql(db, "SELECT * FROM artists WHERE name LIKE '%' || ? || '%' ORDER BY id LIMIT 20").all(a.query) as never),
  search_albums: endpoint('read', z.object({ query: z.string() }), (db, a) =>
    sql(db, "SELECT * FROM albums WHERE title LIKE '%' || ? || '%' ORDER BY id LIMIT 20").all(a.query) as never),
  album_songs: endpoint('read', z.object({ album_id: id }), (db, a) => {
    found(sql(db, 'SELECT id FROM albums WHERE id = ?').get(a.album_id), 'album', a.album_id);
    return sql(db, 'SELECT * FROM songs WHERE album_id = ? ORDER BY track').all(a.album_id) as never;
  }),
  artist_songs: endpoint('read', z.object({ artist_id: id }), (db, a) => {
    found(sql(db, 'SELECT id FROM artists WHERE id = ?').get(a.artist_id), 'artist', a.artist_id);
    return sql(db, 'SELECT * FROM songs WHERE artist_id = ? ORDER BY album_id, track').all(a.artist_id) as never;
  }),
  list_playlists: endpoint('read', z.object({}), (db) => sql(db, 'SELECT * FROM playlists WHERE owner_id = ? ORDER BY id').all(ME) as never),
  show_queue: endpoint('read', z.object({}), (db) => sql(db, 'SELECT * FROM queue_items WHERE person_id = ? ORDER BY position').all(ME) as never),
  like_song: endpoint('write', z.object({ song_id: id }), (db, a) => {
    song(db, a.song_id);
    sql(db, 'INSERT OR IGNORE INTO song_likes (person_id, song_id, liked_at) VALUES (?, ?, ?)').run(ME, a.song_id, WORLD_NOW);
    return { song_id: a.song_id };
  }),
  unlike_song: endpoint('write', z.object({ song_id: id }), (db, a) => {
    const r = sql(db, 'DELETE FROM song_likes WHERE person_id = ? AND song_id = ?').run(ME, a.song_id);
    if (r.changes === 0) throw new ApiError(404, `song ${a.song_id} is not liked`);
    return { song_id: a.song_id };
  }),
  follow_artist: endpoint('write', z.object({ artist_id: id }), (db, a) => {
    found(sql(db, 'SELECT id FROM artists WHERE id = ?').get(a.artist_id), 'artist', a.artist_id);
    sql(db, 'INSERT OR IGNORE INTO artist_follows (person_id, artist_id, followed_at) VALUES (?, ?, ?)').run(ME, a.artist_id, WORLD_NOW);
    return { artist_id: a.artist_id };
  }),
  create_playlist: endpoint('write', z.object({ title: text, is_public: z.boolean().default(false) }), (db, a) => {
    if (sql(db, 'SELECT id FROM playlists WHERE owner_id = ? AND title = ?').get(ME, a.title)) throw new ApiError(409, `playlist "${a.title}" already exists`);
    const r = sql(db, 'INSERT INTO playlists (owner_id, title, is_public, created_at) VALUES (?, ?, ?, ?)').run(ME, a.title, a.is_public ? 1 : 0, WORLD_NOW);
    return { playlist_id: Number(r.lastInsertRowid) };
  }),
  add_song_to_playlist: endpoint('write', z.object({ playlist_id: id, song_id: id }), (db, a) => {
    ownPlaylist(db, a.playlist_id);
    song(db, a.song_id);
    const { n } = sql(db, 'SELECT COALESCE(MAX(position), 0) AS n FROM playlist_songs WHERE playlist_id = ?').get(a.playlist_id) as { n: number };
    const r = sql(db, 'INSERT INTO playlist_songs (playlist_id, song_id, position) VALUES (?, ?, ?)').run(a.playlist_id, a.song_id, n + 1);
    return { playlist_song_id: Number(r.lastInsertRowid) };
  }),
  remove_song_from_playlist: endpoint('write', z.object({ playlist_id: id, song_id: id }), (db, a) => {
    ownPlaylist(db, a.playlist_id);
    const row = found(sql(db, 'SELECT id FROM playlist_songs WHERE playlist_id = ? AND song_id = ? ORDER BY position DESC').get(a.playlist_id, a.song_id) as { id: number } | undefined, 'song in playlist', a.song_id);
    sql(db, 'DELETE FROM playlist_songs WHERE id = ?').run(row.id);
    return { removed: a.song_id };
  }),
  enqueue: endpoint('write', z.object({ song_id: id }), (db, a) => {
    song(db, a.song_id);
    const { n } = sql(db, 'SELECT COALESCE(MAX(position), 0) AS n FROM queue_items WHERE person_id = ?').get(ME) as { n: number };
    const r = sql(db, 'INSERT INTO queue_items (person_id, song_id, position) VALUES (?, ?, ?)').run(ME, a.song_id, n + 1);
    return { queue_item_id: Number(r.lastInsertRowid) };
  }),
};
