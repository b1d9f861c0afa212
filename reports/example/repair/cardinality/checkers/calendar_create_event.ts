import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const events = diff.added('events');
  t.case('exactly one event added', events.length === 1);
  const e = events[0];
  t.case('owned by the user', e?.owner_id === 1);
  t.case('title', e?.title === params.title);
  t.case('start', e?.start_at === params.start_at);
  t.case('end', e?.end_at === params.end_at);
  t.case('location', e?.location === params.location);
}
