import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const playlists = diff.added('playlists');
  t.case('one playlist created', playlists.length === 1);
  const playlist = playlists[0];
  t.case('playlist title', playlist?.title === params.title);
  t.case('playlist is private', playlist?.is_public === 0);
  const songs = new Set(diff.added('playlist_songs').filter((r) => r.playlist_id === playlist?.id).map((r) => r.song_id));
  const expected = new Set<number>(params.song_ids);
  t.case('playlist has the requested songs', songs.size === expected.size && [...expected].every((id) => songs.has(id)));
}
