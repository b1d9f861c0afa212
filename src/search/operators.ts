// The search arm's built-in operators. Each one is small and knows nothing of
// the others; a plan composes them. They edit any write, not only the last:
// drop, duplicate and reorder writes, move any argument through its alternatives
// and generated values, empty or change one element of a list argument, exchange
// one argument's values between two writes, insert a write from another task of
// the same world (out of scope), and change the final answer.
import type { Step } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import { canonicalJson } from '../util/hash.ts';
import { isPlaceholder, sameArgument } from '../readback/semantics.ts';
import { candidateValues, elementCandidates } from './values.ts';
import { distinctBy } from '../util/group.ts';
import { slotOf } from './plan.ts';
import type { Edit, SearchContext, SearchOperator, Slot } from '../contract/operator.ts';

const writes = (ctx: SearchContext) => ctx.reference.flatMap((s, i) => (s.kind === 'write' ? [i] : []));
/** Every two writes, each pair once, the earlier first. */
const writePairs = (ctx: SearchContext) => writes(ctx).flatMap((a, k, ws) => ws.slice(k + 1).map((b) => [a, b] as const));
const call = (ctx: SearchContext, at: Json) => ctx.reference[at as number].call;
const label = (ctx: SearchContext, at: Json) => `${call(ctx, at)}#${at}`;
const json = (v: Json) => JSON.stringify(v);

/** The slot a step-addressing edit works on, or the reason it cannot. */
function target(slots: Slot[], at: Json): number | string {
  const i = slotOf(slots, at);
  return i < 0 ? `step ${at} was removed by an earlier edit` : i;
}

/** `edit` of the slots of the two reference steps a two-step edit (`at`, `with`) works on, or the reason it cannot. */
function onPair(slots: Slot[], e: Edit, edit: (i: number, j: number) => Slot[]): Slot[] | string {
  const i = target(slots, e.at);
  const j = target(slots, e.with);
  return typeof i === 'string' ? i : typeof j === 'string' ? j : edit(i, j);
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

const drop = perWrite('drop', 'drop any write', (slots, i) => [...slots.slice(0, i), ...slots.slice(i + 1)]);

const duplicate = perWrite('duplicate', 'repeat any write right after itself', (slots, i) => [...slots.slice(0, i + 1), { step: slots[i].step }, ...slots.slice(i + 1)]);

const reorder: SearchOperator = {
  name: 'reorder',
  description: 'swap the positions of two different writes',
  edits: (ctx) =>
    writePairs(ctx)
      .filter(([a, b]) => canonicalJson(ctx.reference[a]) !== canonicalJson(ctx.reference[b]))
      .map(([a, b]) => ({ op: 'reorder', at: a, with: b })),
  apply: (slots, e) =>
    onPair(slots, e, (i, j) => {
      const next = [...slots];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    }),
  size: () => ({ steps: 2, args: 0 }),
  describe: (e, ctx) => `swap the order of ${label(ctx, e.at)} and ${label(ctx, e.with)}`,
  site: () => 'order of writes',
};

/** Arguments of a write that may be moved: not free, present in the call. */
const movable = (s: Step) => Object.keys(s.args).filter((a) => !s.free?.includes(a)).sort();

/** The edits `of` makes to each movable argument of each write. */
const perArgument = (ctx: SearchContext, of: (at: number, s: Step, arg: string) => Edit[]): Edit[] =>
  writes(ctx).flatMap((at) => movable(ctx.reference[at]).flatMap((arg) => of(at, ctx.reference[at], arg)));

const move: SearchOperator = {
  name: 'move',
  description: 'move any argument of any write to another value: listed alternatives, the domain\'s other values, or values generated from its type',
  edits: (ctx) =>
    perArgument(ctx, (at, s, arg) => {
      const keep = (v: Json) => !isPlaceholder(ctx.semantics, s.call, arg, v) && !sameArgument(ctx.semantics, s.call, arg, v, s.args[arg]);
      return candidateValues(s.args[arg], s.alternatives?.[arg], s.domains?.[arg], keep).map((value) => ({ op: 'move', at, arg, value }));
    }),
  apply: setArgument,
  size: () => ({ steps: 1, args: 1 }),
  describe: (e, ctx) => `${label(ctx, e.at)}: ${e.arg} ${json(ctx.reference[e.at as number].args[e.arg as string])} -> ${json(e.value)}`,
  site: (e, ctx) => `${call(ctx, e.at)}.${e.arg}`,
};

/** The slots with argument `arg` of slot `i`'s step set to `value`. */
function withArgument(slots: Slot[], i: number, arg: string, value: Json): Slot[] {
  const next = [...slots];
  next[i] = { from: slots[i].from, step: { ...slots[i].step, args: { ...slots[i].step.args, [arg]: value } } };
  return next;
}

/** Sets argument `arg` of reference step `at` to `value`: the edit of move and list. */
function setArgument(slots: Slot[], e: Edit): Slot[] | string {
  const i = target(slots, e.at);
  if (typeof i === 'string') return i;
  const arg = e.arg as string;
  if (!(arg in slots[i].step.args)) return `step ${e.at} has no argument ${arg}`;
  return withArgument(slots, i, arg, e.value);
}

/** What a list edit does to the list, in the words of the weakness it names. */
type ListChange = 'emptied' | 'one dropped' | 'one added' | 'one replaced';

const list: SearchOperator = {
  name: 'list',
  description: 'change a list argument of any write: empty it, drop one element, add one wrong element (from its domain or another task\'s lists), or replace one',
  edits: (ctx) =>
    perArgument(ctx, (at, s, arg) => {
      const current = s.args[arg];
      if (!Array.isArray(current) || !current.length) return [];
      // an element is wrong when the list holds nothing equal to it under the argument's normalisations
      const keep = (v: Json) => !isPlaceholder(ctx.semantics, s.call, arg, v) && !current.some((c) => sameArgument(ctx.semantics, s.call, arg, v, c));
      const othersLists = ctx.others.filter((o) => o.call === s.call && Array.isArray(o.args[arg])).map((o) => o.args[arg] as Json[]);
      const wrong = elementCandidates(current, s.alternatives?.[arg], s.domains?.[arg], othersLists, keep);
      const lists: [ListChange, Json[]][] = [['emptied', []]];
      if (current.length > 1) current.forEach((_, k) => lists.push(['one dropped', current.filter((_, j) => j !== k)]));
      for (const w of wrong) lists.push(['one added', [...current, w]]);
      if (wrong.length) current.forEach((_, k) => lists.push(['one replaced', current.map((c, j) => (j === k ? wrong[0] : c))]));
      return distinctBy(lists, ([, value]) => canonicalJson(value))
        .filter(([, value]) => !isPlaceholder(ctx.semantics, s.call, arg, value))
        .map(([change, value]) => ({ op: 'list', at, arg, change, value }));
    }),
  apply: setArgument,
  size: () => ({ steps: 1, args: 1 }),
  describe: (e, ctx) => `${move.describe(e, ctx)} (${e.change})`,
  site: (e, ctx) => `${call(ctx, e.at)}.${e.arg} ${e.change}`,
};

const exchange: SearchOperator = {
  name: 'exchange',
  description: 'exchange one argument\'s values between two writes',
  edits: (ctx) =>
    writePairs(ctx).flatMap(([a, b]) => {
      const [sa, sb] = [ctx.reference[a], ctx.reference[b]];
      return movable(sa)
        .filter((arg) => movable(sb).includes(arg) && !sameArgument(ctx.semantics, sa.call, arg, sa.args[arg], sb.args[arg]))
        .map((arg) => ({ op: 'exchange', at: a, with: b, arg }));
    }),
  apply(slots, e) {
    const arg = e.arg as string;
    return onPair(slots, e, (i, j) => withArgument(withArgument(slots, i, arg, slots[j].step.args[arg]), j, arg, slots[i].step.args[arg]));
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

/** Whether a write carries a value the target declares a placeholder: a stand-in for composed text is no value any task writes. */
const carriesPlaceholder = (ctx: SearchContext, s: Step) => Object.entries(s.args).some(([arg, v]) => isPlaceholder(ctx.semantics, s.call, arg, v));

/** The write an insert edit carries. */
const inserted = (e: Edit) => e.step as unknown as Step;

const insert: SearchOperator = {
  name: 'insert',
  description: 'insert a write another task of the same world makes (out of this task\'s scope) before the final claim, never one carrying a declared placeholder',
  edits(ctx) {
    const bare = (s: Step) => ({ call: s.call, args: s.args, kind: s.kind });
    const own = new Set(ctx.reference.map((s) => canonicalJson(bare(s))));
    const byKey = new Map<string, { step: ReturnType<typeof bare>; from?: string }>();
    ctx.others.forEach((s, k) => {
      const key = canonicalJson(bare(s));
      if (s.kind === 'write' && !own.has(key) && !byKey.has(key) && !carriesPlaceholder(ctx, s)) byKey.set(key, { step: bare(s), ...(ctx.othersFrom?.[k] ? { from: ctx.othersFrom[k] } : {}) });
    });
    return [...byKey.keys()].sort().slice(0, INSERTS).map((k) => ({ op: 'insert', ...byKey.get(k)! }) as Edit);
  },
  apply(slots, e) {
    const claim = slots.findIndex((s) => s.step.kind === 'claim');
    const at = claim < 0 ? slots.length : claim;
    return [...slots.slice(0, at), { step: inserted(e) }, ...slots.slice(at)];
  },
  size: () => ({ steps: 1, args: 0 }),
  describe: (e) => `insert out-of-scope ${inserted(e).call}(${json(inserted(e).args)})${e.from ? `, taken from ${e.from}` : ''}`,
  site: (e) => `out-of-scope ${inserted(e).call}`,
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
function informative(answerText: string, instruction: string): boolean {
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

/**
 * A name standing on its own ("Spotify", "Zurich"), not the first word of a
 * sentence, which is capitalised whatever it is.
 */
const NAME = /(?<![\p{L}\d])\p{Lu}\p{L}{2,}(?![\p{L}\d])/gu;
const sentenceStart = (text: string, at: number) => /(^|[.!?:]\s*)$/u.test(text.slice(0, at).trimEnd());

/**
 * The figure one unit of its last digit away, written as it is written (4 -> 5,
 * 42.5 -> 42.4, 1,050 -> 1,049); undefined below zero.
 */
function neighbour(n: string, by: 1 | -1): string | undefined {
  const places = n.split('.')[1]?.length ?? 0;
  const units = BigInt(n.replace(/[.,]/g, '')) + BigInt(by);
  if (units < 0n) return undefined;
  const digits = units.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const grouped = n.includes(',') ? whole.replace(/\B(?=(\d{3})+$)/g, ',') : whole;
  return places ? `${grouped}.${digits.slice(-places)}` : grouped;
}

/**
 * Wrong answers that still hold a figure as text, each with the token it now
 * sits in: a digit before it (4 -> 14), a digit after it (4 -> 40; not after a
 * decimal or thousands separator, where it could read as the same value), a
 * decimal extension (4 -> 4.5, 30.1 -> 30.11). A checker testing `"4" in answer`
 * passes them all.
 */
function figureInside(n: string): string[] {
  const out = [`1${n}`];
  if (!/[.,]/.test(n)) out.push(`${n}0`);
  out.push(n.includes('.') ? `${n}1` : `${n}.5`);
  return out;
}

/** What an answer edit does, in the words of the weakness it names (absent in plans frozen before shapes existed). */
type AnswerShape = 'empty' | 'drop' | 'neighbour' | 'inside' | 'alternatives';

const answer: SearchOperator = {
  name: 'answer',
  description:
    'change the final answer: leave it empty; for a figure it reports that the task did not already state, drop it, give a neighbour, put it inside a longer figure, or list it among wrong alternatives; for a name, put it inside a longer name or list it beside one',
  edits(ctx) {
    const a = answerOf(ctx);
    if (!a || !informative(a.text, ctx.task.instruction)) return [];
    const out: Edit[] = [{ op: 'answer', text: '', shape: 'empty' }];
    const edit = (text: string, shape: AnswerShape, figure: string, as?: string): Edit => ({ op: 'answer', text, shape, figure, ...(as === undefined ? {} : { as }) });
    // A number the instruction already states ("in March 2022") is an echo of the
    // question, not the information asked for: changing it proves nothing.
    const seen = new Set<string>(ctx.task.instruction.match(NUMBER) ?? []);
    for (const m of a.text.matchAll(NUMBER)) {
      const n = m[0];
      if (seen.has(n)) continue;
      seen.add(n);
      // this occurrence only
      const at = (s: string) => a.text.slice(0, m.index) + s + a.text.slice(m.index + n.length);
      const [up, down] = [neighbour(n, 1)!, neighbour(n, -1)];
      out.push(edit(at(''), 'drop', n), edit(at(up), 'neighbour', n, up));
      if (down !== undefined) out.push(edit(at(down), 'neighbour', n, down));
      for (const t of figureInside(n)) out.push(edit(at(t), 'inside', n, t));
      out.push(edit(at(down === undefined ? `${n} or ${up}` : `${down}, ${n} or ${up}`), 'alternatives', n));
    }
    // Names the instruction already uses are the question's, like its figures.
    const told = new Set(ctx.task.instruction.toLowerCase().match(TOKEN) ?? []);
    for (const m of a.text.matchAll(NAME)) {
      const name = m[0];
      if (told.has(name.toLowerCase()) || seen.has(name) || sentenceStart(a.text, m.index)) continue;
      seen.add(name);
      const at = (s: string) => a.text.slice(0, m.index) + s + a.text.slice(m.index + name.length);
      const longer = `${name}son`;
      out.push(edit(at(longer), 'inside', name, longer), edit(at(`${name} or ${longer}`), 'alternatives', name));
    }
    return out.filter((e) => e.text !== a.text);
  },
  apply(slots, e, ctx) {
    const a = answerOf(ctx);
    if (!a) return 'no answer to change';
    const i = target(slots, a.at);
    if (typeof i === 'string') return i;
    return withArgument(slots, i, a.arg, e.text);
  },
  size: () => ({ steps: 1, args: 1 }),
  describe: (e) => (e.text === '' ? 'answer with nothing' : `answer ${json(e.text)}`),
  site: (e) => answerSite(e, true),
  mechanism: (e) => answerSite(e, false),
};

/**
 * What an answer edit exposes: with the token it changed (`exact`: 'answer: "4"
 * accepted inside "14"'), or as its shape, the same whichever token ("answer: a
 * figure accepted inside a longer figure"), which names the checkers' shared blind spot.
 */
function answerSite(e: Edit, exact: boolean): string {
  const f = json(e.figure ?? null);
  // names are the answer's capitalised words, figures hold digits (plans frozen before figures were recorded: a figure)
  const kind = typeof e.figure === 'string' && !/\d/.test(e.figure) ? 'name' : 'figure';
  switch (e.shape as AnswerShape | undefined) {
    case 'empty':
      return 'answer: an empty answer accepted';
    case 'drop':
      return exact ? `answer: ${f} left out` : `answer: a ${kind} left out`;
    case 'neighbour':
      return exact ? `answer: ${f} accepted as ${json(e.as ?? null)}` : `answer: a ${kind} accepted as its neighbour`;
    case 'inside':
      return exact ? `answer: ${f} accepted inside ${json(e.as ?? null)}` : `answer: a ${kind} accepted inside a longer ${kind}`;
    case 'alternatives':
      return exact ? `answer: ${f} accepted among wrong alternatives` : `answer: a ${kind} accepted among wrong alternatives`;
    default:
      return 'final answer';
  }
}

export const BUILTIN_OPERATORS: SearchOperator[] = [drop, duplicate, reorder, move, list, exchange, insert, answer];
