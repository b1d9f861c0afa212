import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const requests = diff.added('venmo_payment_requests');
  const request = requests.find((r) => r.payer_id === params.user_id && r.amount === params.amount && r.note === params.note);
  t.case('a payment request to the payer with the amount and note', request !== undefined);
  t.case('request is made by the user', request?.requester_id === 1);
  t.case('request is pending', request?.status === 'pending');
  t.case('request privacy', request?.privacy === params.privacy);
  t.case('no money moved', diff.added('venmo_transactions').length === 0);
}
