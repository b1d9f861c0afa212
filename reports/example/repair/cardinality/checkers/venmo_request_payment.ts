// blindspot repair copy (cardinality patch) of targets/apps/checkers/venmo_request_payment.ts, sha256 4548899f3e88c06d211b5dfccb8fe5cba142ce3fc91682e9ee70bee9efdc3455; increment apps-9fd7de1dc930. Not the shipped checker.

import type { CheckerContext, Tracker } from '../checker/types.ts';
// blindspot cardinality patch: added-row counts of each task's reference effect (control readback),
// keyed by the canonical JSON of the task params, because one checker serves every variant.
const __blindspotReferenceAdded: Record<string, Record<string, number>> = {
  "{\"amount\":73.5,\"name\":\"Olga Baker\",\"note\":\"pizza night\",\"privacy\":\"private\",\"user_id\":40}": {"venmo_payment_requests":1,"venmo_transactions":0}, // venmo_request_payment/0
  "{\"amount\":15.5,\"name\":\"Nico Adams\",\"note\":\"shared cab\",\"privacy\":\"friends\",\"user_id\":13}": {"venmo_payment_requests":1,"venmo_transactions":0}, // venmo_request_payment/1
  "{\"amount\":23.5,\"name\":\"Wes Chen\",\"note\":\"wedding gift\",\"privacy\":\"public\",\"user_id\":74}": {"venmo_payment_requests":1,"venmo_transactions":0}, // venmo_request_payment/2
};
function __blindspotExpectedAdded(params: unknown, table: string): number | undefined {
  const canonical = JSON.stringify(params, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v);
  return __blindspotReferenceAdded[canonical]?.[table];
}

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const requests = diff.added('venmo_payment_requests');
  t.case("blindspot cardinality: added rows in venmo_payment_requests equal the reference count", diff.added("venmo_payment_requests").length === __blindspotExpectedAdded(params, "venmo_payment_requests"));
  const request = requests.find((r) => r.payer_id === params.user_id && r.amount === params.amount && r.note === params.note);
  t.case('a payment request to the payer with the amount and note', request !== undefined);
  t.case('request is made by the user', request?.requester_id === 1);
  t.case('request is pending', request?.status === 'pending');
  t.case('request privacy', request?.privacy === params.privacy);
  t.case('no money moved', diff.added('venmo_transactions').length === 0);
  t.case("blindspot cardinality: added rows in venmo_transactions equal the reference count", diff.added("venmo_transactions").length === __blindspotExpectedAdded(params, "venmo_transactions"));
}
