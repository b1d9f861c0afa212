// The search arm's built-in operators. Each one is small and knows nothing of
// the others; a plan composes them. They edit any write, not only the last:
// drop, duplicate and reorder writes, move any argument through its alternatives
// and generated values, exchange one argument's values between two writes,
// insert a write from another task (out of scope), and change the final answer.
import type { Step } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { canonicalJson } from '../util/hash.ts';
import { isPlaceholder, sameArgument } from '../readback/semantics.ts';
import { candidateValues } from './values.ts';
import { slotOf } from './plan.ts';
import type { Edit, SearchContext, SearchOperator, Slot } from '../contract/operator.ts';

const writes = (ctx: SearchContext) => ctx.reference.flatMap((s, i) => (s.kind === 'write' ? [i] : []));
const label = (ctx: SearchContext, at: Json) => {
  const s = ctx.reference[at as number];
  return `${s.call}#${at}`;
};
const call = (ctx: SearchContext, at: Json) => ctx.reference[at as number].call;
const json = (v: Json) => JSON.stringify(v);

/** The slot a step-addressing edit works on, or the reason it cannot. */
function target(slots: Slot[], at: Json): number | string {
  const i = slotOf(slots, at);
  return i < 0 ? `step ${at} was removed by an earlier edit` : i;
}

/** The slots of the two reference steps a two-step edit (`at`, `with`) works on. */
function targets(slots: Slot[], e: Edit): [number, number] | string {
  const i = target(slots, e.at);
  const j = target(slots, e.with);
  return typeof i === 'string' ? i : typeof j === 'string' ? j : [i, j];
}

/** An operator that does one thing to any one write: drop it, or repeat it. */
const perWrite = (name: string, description: string, edit: (slots: Slot[], i: number) => Slot[]): SearchOperator => ({
  name,
  description,
  edits: (ctx) => writes(ctx).map((at) => ({ op: name, at })),
  apply(slots, e) {
    const i = target(slots, e.at);
    return typeof i === 'string' ? i : edit(slots, i);
  },
  size: () => ({ steps: 1, args: 0 }),
  describe: (e, ctx) => `${name} ${label(ctx, e.at)}`,
  site: (e, ctx) => `${name} ${call(ctx, e.at)}`,
});

export const drop = perWrite('drop', 'drop any write', (slots, i) => [...slots.slice(0, i), ...slots.slice(i + 1)]);

export const duplicate = perWrite('duplicate', 'repeat any write right after itself', (slots, i) => [...slots.slice(0, i + 1), { step: slots[i].step }, ...slots.slice(i + 1)]);

export const reorder: SearchOperator = {
  name: 'reorder',
  description: 'swap the positions of two different writes',
  edits(ctx) {
    const ws = writes(ctx);
    const out: Edit[] = [];
    for (const a of ws) for (const b of ws) if (a < b && canonicalJson(ctx.reference[a]) !== canonicalJson(ctx.reference[b])) out.push({ op: 'reorder', at: a, with: b });
    return out;
  },
  apply(slots, e) {
    const pair = targets(slots, e);
    if (typeof pair === 'string') return pair;
    const [i, j] = pair;
    const next = [...slots];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  },
  size: () => ({ steps: 2, args: 0 }),
  describe: (e, ctx) => `swap the order of ${label(ctx, e.at)} and ${label(ctx, e.with)}`,
  site: () => 'order of writes',
};

/** Arguments of a write that may be moved: not free, present in the call. */
const movable = (s: Step) => Object.keys(s.args).filter((a) => !s.free?.includes(a)).sort();

export const move: SearchOperator = {
  name: 'move',
  description: 'move any argument of any write to another value: listed alternatives, the domain\'s other values, or values generated from its type',
  edits(ctx) {
    const out: Edit[] = [];
    for (const at of writes(ctx)) {
      const s = ctx.reference[at];
      for (const arg of movable(s)) {
        const keep = (v: Json) => !isPlaceholder(ctx.semantics, s.call, arg, v) && !sameArgument(ctx.semantics, s.call, arg, v, s.args[arg]);
        for (const value of candidateValues(s.args[arg], s.alternatives?.[arg], s.domains?.[arg], keep)) out.push({ op: 'move', at, arg, value });
      }
    }
    return out;
  },
  apply(slots, e) {
    const i = target(slots, e.at);
    if (typeof i === 'string') return i;
    const step = slots[i].step;
    const arg = e.arg as string;
    if (!(arg in step.args)) return `step ${e.at} has no argument ${arg}`;
    const next = [...slots];
    next[i] = { from: slots[i].from, step: { ...step, args: { ...step.args, [arg]: e.value } } };
    return next;
  },
  size: () => ({ steps: 1, args: 1 }),
  describe: (e, ctx) => `${label(ctx, e.at)}: ${e.arg} ${json(ctx.reference[e.at as number].args[e.arg as string])} -> ${json(e.value)}`,
  site: (e, ctx) => `${call(ctx, e.at)}.${e.arg}`,
};

export const exchange: SearchOperator = {
  name: 'exchange',
  description: 'exchange one argument\'s values between two writes',
  edits(ctx) {
    const out: Edit[] = [];
    const ws = writes(ctx);
    for (const a of ws) {
      for (const b of ws) {
        if (a >= b) continue;
        const [sa, sb] = [ctx.reference[a], ctx.reference[b]];
        for (const arg of movable(sa).filter((x) => movable(sb).includes(x))) {
          if (!sameArgument(ctx.semantics, sa.call, arg, sa.args[arg], sb.args[arg])) out.push({ op: 'exchange', at: a, with: b, arg });
        }
      }
    }
    return out;
  },
  apply(slots, e) {
    const pair = targets(slots, e);
    if (typeof pair === 'string') return pair;
    const [i, j] = pair;
    const arg = e.arg as string;
    const [si, sj] = [slots[i].step, slots[j].step];
    const next = [...slots];
    next[i] = { from: slots[i].from, step: { ...si, args: { ...si.args, [arg]: sj.args[arg] } } };
    next[j] = { from: slots[j].from, step: { ...sj, args: { ...sj.args, [arg]: si.args[arg] } } };
    return next;
  },
  size: () => ({ steps: 2, args: 2 }),
  /** a finding by exchange may need only one of the two moves */
  shrink(e, ctx) {
    const [sa, sb] = [ctx.reference[e.at as number], ctx.reference[e.with as number]];
    const arg = e.arg as string;
    return [
      { op: 'move', at: e.at, arg, value: sb.args[arg] },
      { op: 'move', at: e.with, arg, value: sa.args[arg] },
    ];
  },
  describe: (e, ctx) => `exchange ${e.arg} between ${label(ctx, e.at)} and ${label(ctx, e.with)}`,
  site: (e, ctx) => `exchange ${call(ctx, e.at)}.${e.arg}`,
};

/** At most this many out-of-scope writes per task, taken in a fixed order. */
const INSERTS = 12;

export const insert: SearchOperator = {
  name: 'insert',
  description: 'insert a write another task makes (out of this task\'s scope) before the final claim',
  edits(ctx) {
    const own = new Set(ctx.reference.map((s) => canonicalJson(s)));
    const byKey = new Map<string, Step>();
    for (const s of ctx.others) if (s.kind === 'write' && !own.has(canonicalJson(s))) byKey.set(canonicalJson(s), s);
    return [...byKey.keys()].sort().slice(0, INSERTS).map((k) => {
      const { call, args, kind } = byKey.get(k)!;
      return { op: 'insert', step: { call, args, kind } } as Edit;
    });
  },
  apply(slots, e) {
    const claim = slots.findIndex((s) => s.step.kind === 'claim');
    const at = claim < 0 ? slots.length : claim;
    return [...slots.slice(0, at), { step: e.step as unknown as Step }, ...slots.slice(at)];
  },
  size: () => ({ steps: 1, args: 0 }),
  describe: (e) => `insert out-of-scope ${(e.step as unknown as Step).call}(${json((e.step as unknown as Step).args)})`,
  site: () => 'out-of-scope write',
};

/**
 * A figure standing on its own ("4.3", "180", "£1,050" as 1,050): not a piece of
 * an address, a postcode, a time or a date ("1-1-1", "160-0023", "12:00",
 * "123 Rue de Rivoli", "75001 Paris").
 */
const NUMBER = /(?<![\w.:/-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w:/-]|[.,]\d|\s+\p{Lu})/gu;
const TOKEN = /\d+(?:\.\d+)?|\p{L}{3,}/gu;

/**
 * Whether an answer says anything the instruction does not: a number or word of
 * three letters or more that the instruction never uses. An answer that only
 * echoes the task ("1. 2." for a two-step task) carries nothing to drop.
 */
export function informative(answerText: string, instruction: string): boolean {
  const told = new Set((instruction.toLowerCase().match(TOKEN) ?? []));
  // list markers ("1.  2." answering a two-part task) number the parts, they are not figures
  const text = answerText.toLowerCase().replace(/(^|\s)\d+\.(?=\s|$)/g, ' ');
  return (text.match(TOKEN) ?? []).some((t) => !told.has(t));
}

/** The answer argument of the reference's claim step, when the target says checkers read one. */
function answerOf(ctx: SearchContext): { at: number; arg: string; text: string } | undefined {
  const spec = ctx.semantics?.answer;
  if (!spec) return undefined;
  const at = ctx.reference.findIndex((s) => s.kind === 'claim' && s.call === spec.call);
  const text = at < 0 ? undefined : ctx.reference[at].args[spec.arg];
  return typeof text === 'string' && text.trim() ? { at, arg: spec.arg, text } : undefined;
}

export const answer: SearchOperator = {
  name: 'answer',
  description: 'change the final answer: leave it empty, or drop or change one figure it reports that the task did not already state',
  edits(ctx) {
    const a = answerOf(ctx);
    if (!a || !informative(a.text, ctx.task.instruction)) return [];
    const out: Edit[] = [{ op: 'answer', text: '' }];
    // A number the instruction already states ("in March 2022") is an echo of the
    // question, not the information asked for: changing it proves nothing.
    const stated = new Set(ctx.task.instruction.match(NUMBER) ?? []);
    const seen = new Set<string>(stated);
    for (const m of a.text.matchAll(NUMBER)) {
      const n = m[0];
      if (seen.has(n)) continue;
      seen.add(n);
      // this occurrence only, dropped or with its last digit moved by one
      const at = (s: string) => a.text.slice(0, m.index) + s + a.text.slice(m.index + n.length);
      const bumped = n.slice(0, -1) + String((Number(n.at(-1)) + 1) % 10);
      out.push({ op: 'answer', text: at('') }, { op: 'answer', text: at(bumped) });
    }
    return out.filter((e) => e.text !== a.text);
  },
  apply(slots, e, ctx) {
    const a = answerOf(ctx);
    if (!a) return 'no answer to change';
    const i = target(slots, a.at);
    if (typeof i === 'string') return i;
    const next = [...slots];
    next[i] = { from: a.at, step: { ...slots[i].step, args: { ...slots[i].step.args, [a.arg]: e.text } } };
    return next;
  },
  size: () => ({ steps: 1, args: 1 }),
  describe: (e) => (e.text === '' ? 'answer with nothing' : `answer ${json(e.text)}`),
  site: () => 'final answer',
};

export const BUILTIN_OPERATORS: SearchOperator[] = [drop, duplicate, reorder, move, exchange, insert, answer];
