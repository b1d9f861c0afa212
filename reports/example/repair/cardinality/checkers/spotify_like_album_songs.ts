import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff, state }: CheckerContext): void {
  const album: number[] = params.song_ids;
  const liked = state.all('SELECT song_id FROM song_likes WHERE person_id = 1').map((r) => r.song_id);
  t.case('every album song is liked', album.every((id) => liked.includes(id)));
  const added = diff.added('song_likes');
  t.case('only album songs were liked', added.every((r) => r.person_id === 1 && album.includes(r.song_id)));
  t.case('no like removed', diff.removed('song_likes').length === 0);
}
