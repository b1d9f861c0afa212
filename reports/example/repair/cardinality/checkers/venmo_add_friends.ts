import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const added = diff.added('venmo_friends');
  const expected: number[] = params.user_ids;
  t.case('one friendship per requested user', added.length === expected.length);
  t.case('friendships belong to the user', added.every((f) => f.user_id === 1));
  for (const id of expected) t.case(`user ${id} is a friend`, added.some((f) => f.friend_id === id));
  t.case('no friendship removed', diff.removed('venmo_friends').length === 0);
}
