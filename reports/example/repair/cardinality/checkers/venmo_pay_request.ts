import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const updated = diff.updated('venmo_payment_requests');
  t.case('exactly one request changed', updated.length === 1);
  t.case('the request is approved', updated[0]?.after.id === params.request_id && updated[0]?.after.status === 'approved');
  const transactions = diff.added('venmo_transactions');
  t.case('exactly one transaction', transactions.length === 1);
  const tx = transactions[0];
  t.case('paid to the requester', tx?.sender_id === 1 && tx?.receiver_id === params.requester_id);
  t.case('amount', tx?.amount === params.amount);
}
