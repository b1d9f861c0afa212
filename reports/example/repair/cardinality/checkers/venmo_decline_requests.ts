import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff, state }: CheckerContext): void {
  const updated = diff.updated('venmo_payment_requests');
  const expected: number[] = params.request_ids;
  t.case('only the matching requests changed', updated.length === expected.length && updated.every((u) => expected.includes(u.after.id)));
  t.case('all are declined', updated.every((u) => u.after.status === 'declined'));
  const left = state.all("SELECT id FROM venmo_payment_requests WHERE payer_id = 1 AND status = 'pending' AND note = ?", params.note);
  t.case('no pending request with the note remains', left.length === 0);
  t.case('no request created', diff.added('venmo_payment_requests').length === 0);
  t.case('no money moved', diff.added('venmo_transactions').length === 0);
}
