import { claim, others, read, write, type Generator } from './types.ts';

export const contacts_update_phone: Generator = {
  name: 'contacts_update_phone',
  split: 'dev',
  make(ctx) {
    const mine = ctx.all<{ id: number; name: string; phone: string }>('SELECT id, name, phone FROM contacts WHERE owner_id = 1 ORDER BY id');
    const c = ctx.choose(mine);
    const phone = `555-${9000 + ctx.rng.int(0, 899)}`;
    return {
      instruction: `${c.name} has a new phone number, ${phone}. Update it in my contacts.`,
      params: { contact_id: c.id, name: c.name, phone },
      steps: [
        read('contacts.search_contacts', { query: c.name }),
        write('contacts.update_contact', { contact_id: c.id, phone }, {
          contact_id: others(mine.map((m) => m.id), [c.id]),
          phone: [`555-${9900 + ctx.variant}`, c.phone],
        }),
        claim(),
      ],
    };
  },
};
