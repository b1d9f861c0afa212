import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const queued = diff.added('queue_items');
  const expected: number[] = params.song_ids;
  t.case('queued exactly the requested number of songs', queued.length === expected.length);
  t.case('queued for the user', queued.every((q) => q.person_id === 1));
  const order = [...queued].sort((a, b) => a.position - b.position).map((q) => q.song_id);
  t.case('songs queued in album order', order.length === expected.length && order.every((id, i) => id === expected[i]));
  t.case('queue not otherwise changed', diff.removed('queue_items').length === 0 && diff.updated('queue_items').length === 0);
}
