import { claim, others, read, write, type Generator } from './types.ts';

export const messages_mark_read: Generator = {
  name: 'messages_mark_read',
  split: 'dev',
  make(ctx) {
    const senders = ctx.all<{ id: number; name: string }>(
      "SELECT p.id, p.first_name || ' ' || p.last_name AS name FROM messages m JOIN people p ON p.id = m.sender_id WHERE m.recipient_id = 1 AND m.read = 0 GROUP BY p.id HAVING COUNT(*) BETWEEN 2 AND 5 ORDER BY p.id");
    const s = ctx.choose(senders);
    const ids = ctx.all<{ id: number }>('SELECT id FROM messages WHERE recipient_id = 1 AND sender_id = ? AND read = 0 ORDER BY id', s.id).map((m) => m.id);
    const elsewhere = ctx.all<{ id: number }>('SELECT id FROM messages WHERE recipient_id = 1 AND sender_id != ? AND read = 0 ORDER BY id LIMIT 4', s.id).map((m) => m.id);
    return {
      instruction: `Mark all unread messages from ${s.name} as read.`,
      params: { sender_id: s.id, name: s.name, message_ids: ids },
      steps: [
        read('messages.list_unread', { from_id: s.id }),
        ...ids.map((mid) => write('messages.mark_read', { message_id: mid }, { message_id: others(elsewhere, ids) })),
        claim(),
      ],
    };
  },
};
