import { RELATIONSHIPS } from '../world/schema.ts';
import { claim, others, write, type Generator } from './types.ts';

export const contacts_add_contact: Generator = {
  name: 'contacts_add_contact',
  split: 'dev',
  make(ctx) {
    const strangers = ctx.all<{ id: number; name: string; phone: string; email: string }>(
      "SELECT id, first_name || ' ' || last_name AS name, phone, email FROM people WHERE id NOT IN (SELECT person_id FROM contacts WHERE owner_id = 1 AND person_id IS NOT NULL) AND id > 1 ORDER BY id");
    const p = ctx.choose(strangers);
    const relationship = RELATIONSHIPS[ctx.variant % 3];
    const pool = others(strangers, [p]);
    return {
      instruction: `Add ${p.name} to my contacts as a ${relationship}: phone ${p.phone}, email ${p.email}.`,
      params: { name: p.name, phone: p.phone, email: p.email, relationship },
      steps: [
        write('contacts.add_contact', { name: p.name, phone: p.phone, email: p.email, relationship }, {
          name: pool.map((q) => q.name),
          phone: pool.map((q) => q.phone),
          email: pool.map((q) => q.email),
          relationship: [...RELATIONSHIPS],
        }),
        claim(),
      ],
    };
  },
};
