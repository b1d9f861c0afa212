import { claim, others, read, write, type Generator } from './types.ts';

export const contacts_delete_contact: Generator = {
  name: 'contacts_delete_contact',
  split: 'dev',
  make(ctx) {
    const mine = ctx.all<{ id: number; name: string }>('SELECT id, name FROM contacts WHERE owner_id = 1 ORDER BY id');
    const c = ctx.choose(mine);
    return {
      instruction: `Remove ${c.name} from my contacts.`,
      params: { contact_id: c.id, name: c.name },
      steps: [
        read('contacts.search_contacts', { query: c.name }),
        write('contacts.delete_contact', { contact_id: c.id }, { contact_id: others(mine.map((m) => m.id), [c.id]) }),
        claim(),
      ],
    };
  },
};
