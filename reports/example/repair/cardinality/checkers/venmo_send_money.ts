import type { CheckerContext, Tracker } from '../checker/types.ts';

export default function check(t: Tracker, { params, diff }: CheckerContext): void {
  const transactions = diff.added('venmo_transactions');
  t.case('exactly one transaction', transactions.length === 1);
  const tx = transactions[0];
  t.case('sent by the user', tx?.sender_id === 1);
  t.case('sent to the recipient', tx?.receiver_id === params.user_id);
  t.case('amount', tx?.amount === params.amount);
  t.case('note', tx?.note === params.note);
  const accounts = diff.updated('venmo_accounts');
  t.case('two balances changed', accounts.length === 2);
  const mine = accounts.find((a) => a.after.person_id === 1);
  const theirs = accounts.find((a) => a.after.person_id === params.user_id);
  t.case('user balance debited by the amount', mine !== undefined && Math.abs(mine.before.balance - mine.after.balance - params.amount) < 0.005);
  t.case('recipient balance credited by the amount', theirs !== undefined && Math.abs(theirs.after.balance - theirs.before.balance - params.amount) < 0.005);
}
