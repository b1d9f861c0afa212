import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const sent = diff.added('messages');
  const expected: number[] = params.recipient_ids;
  t.case('one message per recipient', sent.length === expected.length);
  t.case('sent by the user', sent.every((m) => m.sender_id === 1));
  t.case('same body to all', sent.every((m) => m.body === params.body));
  t.case('every recipient reached', expected.every((id) => sent.some((m) => m.recipient_id === id)));
}
