import { claim, money, others, read, write, type Generator } from './types.ts';

export const venmo_pay_request: Generator = {
  name: 'venmo_pay_request',
  split: 'holdout',
  make(ctx) {
    const pending = ctx.all<{ id: number; requester_id: number; name: string; amount: number; note: string }>(
      "SELECT r.id, r.requester_id, p.first_name || ' ' || p.last_name AS name, r.amount, r.note FROM venmo_payment_requests r JOIN people p ON p.id = r.requester_id WHERE r.payer_id = 1 AND r.status = 'pending' ORDER BY r.id");
    const r = ctx.choose(pending);
    return {
      instruction: `Pay ${r.name}'s pending Venmo request of ${money(r.amount)} for "${r.note}".`,
      params: { request_id: r.id, requester_id: r.requester_id, amount: r.amount, note: r.note },
      steps: [
        read('venmo.list_requests', { status: 'pending' }),
        write('venmo.pay_request', { request_id: r.id }, { request_id: others(pending.map((x) => x.id), [r.id]) }),
        claim(),
      ],
    };
  },
};
