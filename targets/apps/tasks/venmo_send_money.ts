import { claim, money, others, read, write, type Generator } from './types.ts';

const NOTES = ['rent share', 'concert', 'groceries', 'birthday dinner', 'gas money', 'book club'];

export const venmo_send_money: Generator = {
  name: 'venmo_send_money',
  split: 'dev',
  make(ctx) {
    const friends = ctx.all<{ id: number; name: string }>("SELECT p.id, p.first_name || ' ' || p.last_name AS name FROM venmo_friends f JOIN people p ON p.id = f.friend_id WHERE f.user_id = 1 ORDER BY p.id");
    const who = ctx.choose(friends);
    const amount = ctx.rng.int(15, 140);
    const note = ctx.choose(NOTES);
    return {
      instruction: `Send ${money(amount)} to ${who.name} on Venmo with the note "${note}".`,
      params: { user_id: who.id, name: who.name, amount, note },
      steps: [
        read('venmo.search_users', { query: who.name }),
        read('venmo.show_balance', {}),
        write('venmo.send_money', { user_id: who.id, amount, note }, {
          user_id: others(friends.map((f) => f.id), [who.id]),
          amount: [amount + 10, amount / 2],
          note: others(NOTES, [note], 1),
        }),
        claim(),
      ],
    };
  },
};
