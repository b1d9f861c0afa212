import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const sent = diff.added('messages').filter((m) => m.sender_id === 1);
  t.case('message sent to the recipient', sent.some((m) => m.recipient_id === params.recipient_id));
  t.case('message body', sent.some((m) => m.recipient_id === params.recipient_id && m.body === params.body));
  t.case('no message deleted', diff.removed('messages').length === 0);
}
