import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff, state }: CheckerContext): void {
  const removed = diff.removed('contacts');
  t.case('exactly one contact removed', removed.length === 1);
  t.case('the right contact', removed[0]?.id === params.contact_id);
  t.case('no such contact left', state.all('SELECT id FROM contacts WHERE owner_id = 1 AND name = ?', params.name).length === 0);
  t.case('nothing else changed', diff.added('contacts').length === 0 && diff.updated('contacts').length === 0);
}
