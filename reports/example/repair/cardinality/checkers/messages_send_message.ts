// blindspot repair copy (cardinality patch) of targets/apps/checkers/messages_send_message.ts, sha256 ef594169d8ddf6bccb050bdf1581b849bac44b58f18e0034d5cc0d80c60e8e47; increment apps-9fd7de1dc930. Not the shipped checker.

import type { CheckerContext, Tracker } from '../checker/types.ts';
// blindspot cardinality patch: added-row counts of each task's reference effect (control readback),
// keyed by the canonical JSON of the task params, because one checker serves every variant.
const __blindspotReferenceAdded: Record<string, Record<string, number>> = {
  "{\"body\":\"Are we still on for Friday?\",\"name\":\"Vera Chen\",\"recipient_id\":73}": {"messages":1}, // messages_send_message/0
  "{\"body\":\"Can you send me the photos from Saturday?\",\"name\":\"Quinn Evans\",\"recipient_id\":120}": {"messages":1}, // messages_send_message/1
  "{\"body\":\"Congrats on the new job!\",\"name\":\"Grace Baker\",\"recipient_id\":32}": {"messages":1}, // messages_send_message/2
};
function __blindspotExpectedAdded(params: unknown, table: string): number | undefined {
  const canonical = JSON.stringify(params, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v);
  return __blindspotReferenceAdded[canonical]?.[table];
}

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const sent = diff.added('messages').filter((m) => m.sender_id === 1);
  t.case("blindspot cardinality: added rows in messages equal the reference count", diff.added("messages").length === __blindspotExpectedAdded(params, "messages"));
  t.case('message sent to the recipient', sent.some((m) => m.recipient_id === params.recipient_id));
  t.case('message body', sent.some((m) => m.recipient_id === params.recipient_id && m.body === params.body));
  t.case('no message deleted', diff.removed('messages').length === 0);
}
