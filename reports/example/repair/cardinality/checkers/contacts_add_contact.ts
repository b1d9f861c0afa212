import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const contacts = diff.added('contacts');
  t.case('exactly one contact added', contacts.length === 1);
  const c = contacts[0];
  t.case('owned by the user', c?.owner_id === 1);
  t.case('name', c?.name === params.name);
  t.case('phone', c?.phone === params.phone);
  t.case('email', c?.email === params.email);
  t.case('relationship', c?.relationship === params.relationship);
  t.case('not a favorite', c?.favorite === 0);
}
