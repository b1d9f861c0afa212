import { claim, others, read, write, type Generator } from './types.ts';

export const venmo_decline_requests: Generator = {
  name: 'venmo_decline_requests',
  split: 'dev',
  make(ctx) {
    const pending = ctx.all<{ id: number; note: string }>("SELECT id, note FROM venmo_payment_requests WHERE payer_id = 1 AND status = 'pending' ORDER BY id");
    const notes = [...new Set(pending.map((r) => r.note))].filter((n) => {
      const k = pending.filter((r) => r.note === n).length;
      return k >= 2 && k <= 6;
    }).sort();
    const note = ctx.choose(notes);
    const ids = pending.filter((r) => r.note === note).map((r) => r.id);
    const pool = pending.map((r) => r.id);
    return {
      instruction: `Decline all of my pending Venmo payment requests for "${note}".`,
      params: { note, request_ids: ids },
      steps: [
        read('venmo.list_requests', { status: 'pending' }),
        ...ids.map((rid) => write('venmo.decline_request', { request_id: rid }, { request_id: others(pool, ids) })),
        claim(),
      ],
    };
  },
};
