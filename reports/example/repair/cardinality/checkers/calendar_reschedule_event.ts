import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const updated = diff.updated('events');
  t.case('exactly one event changed', updated.length === 1);
  const u = updated[0];
  t.case('the right event', u?.after.id === params.event_id);
  t.case('new start', u?.after.start_at === params.start_at);
  t.case('new end', u?.after.end_at === params.end_at);
  t.case('title and place kept', u?.after.title === u?.before.title && u?.after.location === u?.before.location);
  t.case('no event added or removed', diff.added('events').length === 0 && diff.removed('events').length === 0);
}
