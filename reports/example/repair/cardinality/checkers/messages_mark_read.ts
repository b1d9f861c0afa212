import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff, state }: CheckerContext): void {
  const updated = diff.updated('messages');
  const expected: number[] = params.message_ids;
  t.case('only the sender\'s unread messages changed', updated.length === expected.length && updated.every((u) => expected.includes(u.after.id)));
  t.case('all marked read', updated.every((u) => u.after.read === 1));
  t.case('no unread message from the sender', state.all('SELECT id FROM messages WHERE recipient_id = 1 AND sender_id = ? AND read = 0', params.sender_id).length === 0);
  t.case('no message sent or deleted', diff.added('messages').length === 0 && diff.removed('messages').length === 0);
}
