// blindspot repair copy (cardinality patch) of targets/apps/checkers/spotify_build_playlist.ts, sha256 946966b7aaf9bc97e1f923b47b03a61495cb06a1c5622fd6b4bab43afaf3cc6d; increment apps-9fd7de1dc930. Not the shipped checker.

import type { CheckerContext, Tracker } from '../checker/types.ts';
// blindspot cardinality patch: added-row counts of each task's reference effect (control readback),
// keyed by the canonical JSON of the task params, because one checker serves every variant.
const __blindspotReferenceAdded: Record<string, Record<string, number>> = {
  "{\"artist_id\":40,\"playlist_id\":151,\"song_ids\":[1095,1080,1085],\"title\":\"Focus Time\"}": {"playlists":1,"playlist_songs":3}, // spotify_build_playlist/0
  "{\"artist_id\":39,\"playlist_id\":151,\"song_ids\":[1077,1053,1056],\"title\":\"Workout Boost\"}": {"playlists":1,"playlist_songs":3}, // spotify_build_playlist/1
  "{\"artist_id\":46,\"playlist_id\":151,\"song_ids\":[1281,1276,1274],\"title\":\"Sunday Morning\"}": {"playlists":1,"playlist_songs":3}, // spotify_build_playlist/2
};
function __blindspotExpectedAdded(params: unknown, table: string): number | undefined {
  const canonical = JSON.stringify(params, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v);
  return __blindspotReferenceAdded[canonical]?.[table];
}

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const playlists = diff.added('playlists');
  t.case("blindspot cardinality: added rows in playlists equal the reference count", diff.added("playlists").length === __blindspotExpectedAdded(params, "playlists"));
  t.case('one playlist created', playlists.length === 1);
  const playlist = playlists[0];
  t.case('playlist title', playlist?.title === params.title);
  t.case('playlist is private', playlist?.is_public === 0);
  const songs = new Set(diff.added('playlist_songs').filter((r) => r.playlist_id === playlist?.id).map((r) => r.song_id));
  t.case("blindspot cardinality: added rows in playlist_songs equal the reference count", diff.added("playlist_songs").length === __blindspotExpectedAdded(params, "playlist_songs"));
  const expected = new Set<number>(params.song_ids);
  t.case('playlist has the requested songs', songs.size === expected.size && [...expected].every((id) => songs.has(id)));
}
