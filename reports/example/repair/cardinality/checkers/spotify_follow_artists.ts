import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const follows = diff.added('artist_follows');
  const expected: number[] = params.artist_ids;
  t.case('one follow per artist', follows.length === expected.length);
  t.case('follows by the user', follows.every((f) => f.person_id === 1));
  t.case('followed the requested artists', expected.every((id) => follows.some((f) => f.artist_id === id)));
}
