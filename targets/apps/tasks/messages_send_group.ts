import { claim, others, read, write, type Generator } from './types.ts';

const BODIES = ['Game night at my place on Saturday!', 'The meeting moved to 3pm.', 'Who wants to carpool tomorrow?'];

export const messages_send_group: Generator = {
  name: 'messages_send_group',
  split: 'holdout',
  make(ctx) {
    const mine = ctx.all<{ person_id: number; name: string }>('SELECT person_id, name FROM contacts WHERE owner_id = 1 AND person_id IS NOT NULL ORDER BY id');
    const picked = ctx.rng.shuffle(mine).slice(0, 2);
    const ids = picked.map((c) => c.person_id);
    const body = ctx.choose(BODIES);
    return {
      instruction: `Send "${body}" to ${picked.map((c) => c.name).join(' and ')}.`,
      params: { recipient_ids: ids, body },
      steps: [
        ...picked.map((c) => read('contacts.search_contacts', { query: c.name })),
        ...ids.map((rid) => write('messages.send_message', { recipient_id: rid, body }, {
          recipient_id: others(mine.map((m) => m.person_id), ids),
          body: others(BODIES, [body], 1),
        })),
        claim(),
      ],
    };
  },
};
