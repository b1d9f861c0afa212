import { PRIVACIES } from '../world/schema.ts';
import { claim, money, others, read, write, type Generator } from './types.ts';

const NOTES = ['pizza night', 'ski trip', 'shared cab', 'wedding gift', 'lunch', 'tickets'];

export const venmo_request_payment: Generator = {
  name: 'venmo_request_payment',
  split: 'dev',
  make(ctx) {
    const friends = ctx.all<{ id: number; name: string }>("SELECT p.id, p.first_name || ' ' || p.last_name AS name FROM venmo_friends f JOIN people p ON p.id = f.friend_id WHERE f.user_id = 1 ORDER BY p.id");
    const who = ctx.choose(friends);
    const amount = ctx.rng.int(12, 90) + 0.5;
    const note = ctx.choose(NOTES);
    const privacy = PRIVACIES[ctx.variant % PRIVACIES.length];
    return {
      instruction: `Request ${money(amount)} from ${who.name} on Venmo for "${note}", visible to ${privacy === 'private' ? 'only the two of you' : privacy === 'friends' ? 'friends' : 'everyone'}.`,
      params: { user_id: who.id, name: who.name, amount, note, privacy },
      steps: [
        read('venmo.search_users', { query: who.name }),
        write('venmo.create_payment_request', { user_id: who.id, amount, note, privacy }, {
          user_id: others(friends.map((f) => f.id), [who.id]),
          amount: [amount + 5, amount * 2],
          note: others(NOTES, [note], 1),
          privacy: [...PRIVACIES],
        }),
        claim(),
      ],
    };
  },
};
