import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const updated = diff.updated('contacts');
  t.case('exactly one contact updated', updated.length === 1);
  const u = updated[0];
  t.case('the right contact', u?.after.id === params.contact_id);
  t.case('new phone', u?.after.phone === params.phone);
  t.case('other fields unchanged', u !== undefined && Object.keys(u.before).every((k) => k === 'phone' || u.before[k] === u.after[k]));
  t.case('no contact added or removed', diff.added('contacts').length === 0 && diff.removed('contacts').length === 0);
}
