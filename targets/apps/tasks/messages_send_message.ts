import { claim, others, read, write, type Generator } from './types.ts';

const BODIES = ['Are we still on for Friday?', 'I left your charger at the front desk.', 'Congrats on the new job!', 'Can you send me the photos from Saturday?', 'Running 10 minutes late, sorry.'];

export const messages_send_message: Generator = {
  name: 'messages_send_message',
  split: 'dev',
  make(ctx) {
    const mine = ctx.all<{ person_id: number; name: string }>('SELECT person_id, name FROM contacts WHERE owner_id = 1 AND person_id IS NOT NULL ORDER BY id');
    const c = ctx.choose(mine);
    const body = ctx.choose(BODIES);
    return {
      instruction: `Text ${c.name}: "${body}"`,
      params: { recipient_id: c.person_id, name: c.name, body },
      steps: [
        read('contacts.search_contacts', { query: c.name }),
        write('messages.send_message', { recipient_id: c.person_id, body }, {
          recipient_id: others(mine.map((m) => m.person_id), [c.person_id]),
          body: others(BODIES, [body], 1),
        }),
        claim(),
      ],
    };
  },
};
