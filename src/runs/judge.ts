// Judging a replayed run by what it did, not by what the checker said. The order
// matters: a run whose regrade does not reproduce its recorded verdict is never a
// finding (whatever differs, the benchmark that graded it is not the one here);
// a reproduced run is compared with the reference delivered under the same
// benchmark version, in the material view of the target's semantics and with the
// reference's free arguments (what the prompt leaves to the agent) set apart.
import type { Effect, EffectSemantics, Step, TableEffect, VerdictValue } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { changedKeys, changedValues, describeDifference, diffEffects, isEmptyEffect, onePair, type TableDifference } from '../readback/compare.ts';
import { immaterialBecause, materialEffect } from '../readback/semantics.ts';
import { canonicalJson } from '../util/hash.ts';
import { clip } from '../util/clip.ts';
import { REFERENCE_FAMILY, referenceCellId } from './cells.ts';

export const RUN_CLASSES = ['real-false-accept', 'real-false-reject', 'correct-pass', 'correct-fail', 'needs-review', 'not-reproduced', 'excluded', 'unscored'] as const;
export type RunClass = (typeof RUN_CLASSES)[number];

/** Why a run is set apart for review, and what its reader checks to settle it: the report groups the runs by it. */
export const REVIEW_KINDS = {
  'answer-lacks': "Pass on the reference's effect, with an answer that lacks part of the reference answer: read the answer; a false accept if the task asks for what it lacks",
  'free-fields-only': 'Fail on an effect that differs from the reference only in fields set apart as free: read them as stored; wrong content there is a correct fail, a wording the prompt does not give that the checker demands a false reject',
  'unlisted-task': "a run of a task the target does not list (AgentDojo: an injection task given as the user's request), whose ground truth is one example of the goal: compare the effect with the goal, not with that example",
  'broken-reference': "Fail on the reference's effect, where the reference itself fails this version's checker: the yardstick is broken, so no false reject is claimed",
  'calls-not-effects': 'Fail where the reference changes nothing and answers nothing: the checker judges the calls made, which an effect cannot show',
  'no-reference': "the reference did not deliver under the run's version: there is nothing to judge the run against",
  'no-readback': 'the replay kept no readback: there is no effect to judge',
} as const;
export type ReviewKind = keyof typeof REVIEW_KINDS;

export interface JudgedRun {
  cell: string;
  task: string;
  pipeline: string;
  source: string;
  version?: string;
  recorded?: 'pass' | 'fail';
  regraded?: VerdictValue;
  class: RunClass;
  reason: string;
  /** for needs-review: why it is set apart */
  review?: ReviewKind;
  /** for needs-review: what its reader settles it by (the free fields as stored, the answer); shown, not part of its triage key */
  detail?: string[];
  /** what differs from the reference in what the task determines (real false accepts, correct fails) */
  evidence?: string[];
  differences?: TableDifference[];
  /** columns set apart as free: the reference's free arguments, as stored */
  free?: string[];
  /** for a correct pass: the free columns whose stored values differ from the reference's (what setting them apart accepted) */
  freeDiffers?: string[];
  /** calls the benchmark answered with an error on replay */
  rejected?: number;
}

const FREE = '\u0000';

/**
 * The effect columns that hold a free argument of the reference: a column of a
 * row the reference writes whose stored value is the value of a write step's
 * free argument. Only the reference's own rows are searched, so a free value
 * that happens to equal some other stored value elsewhere frees nothing there.
 */
export function freeColumns(steps: Step[], reference: Effect): Set<string> {
  const values = new Set<string>();
  const texts: string[] = [];
  const named = new Set<string>();
  for (const s of steps) {
    if (s.kind !== 'write') continue;
    for (const a of s.free ?? []) {
      named.add(a);
      if (!(a in s.args)) continue;
      const v = s.args[a];
      values.add(canonicalJson(v));
      if (typeof v === 'string' && v.trim().length >= 8) texts.push(v);
    }
  }
  const out = new Set<string>();
  // a free argument is stored as given, or inside a longer text (appended to a file), or,
  // where the reference leaves it out, in the column of its name
  // (the column of its name also where the application reformats the value: a datetime parsed from "2025-01-02 09:00")
  const holds = (col: string, v: Json) => values.has(canonicalJson(v)) || (typeof v === 'string' && texts.some((t) => v.includes(t))) || named.has(col);
  for (const [table, t] of Object.entries(reference)) {
    const rows = [...t.added.map((r) => r.values), ...t.updated.map((u) => u.after)];
    for (const row of rows) for (const [col, v] of Object.entries(row)) if (holds(col, v)) out.add(`${table}${FREE}${col}`);
  }
  return out;
}

/** The effect without its free columns; an update that then changes nothing is no update. */
export function withoutColumns(effect: Effect, free: Set<string>): Effect {
  if (!free.size) return effect;
  // a free field stays free where the application copies it (an invitation e-mail attaches the event it invites to)
  const names = new Set([...free].map((f) => f.slice(f.indexOf(FREE) + 1)));
  const nested = (v: Json): Json =>
    Array.isArray(v) ? v.map(nested) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => !names.has(k)).map(([k, x]) => [k, nested(x)])) : v;
  const out: Effect = {};
  for (const [table, t] of Object.entries(effect)) {
    const keep = (values: Record<string, Json>) =>
      Object.fromEntries(Object.entries(values).filter(([c]) => !free.has(`${table}${FREE}${c}`)).map(([c, v]) => [c, nested(v)]));
    const updated = t.updated
      .map((u) => ({ key: u.key, before: keep(u.before), after: keep(u.after) }))
      .filter((u) => canonicalJson(u.before) !== canonicalJson(u.after));
    const next: TableEffect = { added: t.added.map((r) => ({ key: r.key, values: keep(r.values) })), updated, removed: t.removed.map((r) => ({ key: r.key, values: keep(r.values) })) };
    if (next.added.length + next.updated.length + next.removed.length) out[table] = next;
  }
  return out;
}

/**
 * The effect with every copy of its own free values (an invitation e-mail whose
 * body is the event's description) replaced by the free column's name, so the
 * copy is as free as the value: each side's copies are its own values.
 */
export function withFreeCopies(effect: Effect, free: Set<string>): Effect {
  if (!free.size) return effect;
  const copies = new Map<string, string>();
  for (const [table, t] of Object.entries(effect)) {
    for (const values of [...t.added.map((r) => r.values), ...t.updated.map((u) => u.after)]) {
      for (const [col, v] of Object.entries(values)) if (free.has(`${table}${FREE}${col}`) && typeof v === 'string') copies.set(v, `<free ${col}>`);
    }
  }
  if (!copies.size) return effect;
  const swap = (v: Json): Json => (typeof v === 'string' ? (copies.get(v) ?? v) : Array.isArray(v) ? v.map(swap) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)])) : v);
  const row = (table: string, values: Record<string, Json>) => Object.fromEntries(Object.entries(values).map(([c, v]) => [c, free.has(`${table}${FREE}${c}`) ? v : swap(v)]));
  const out: Effect = {};
  for (const [table, t] of Object.entries(effect)) {
    out[table] = {
      added: t.added.map((r) => ({ key: r.key, values: row(table, r.values) })),
      updated: t.updated.map((u) => ({ key: u.key, before: row(table, u.before), after: row(table, u.after) })),
      removed: t.removed,
    };
  }
  return out;
}

// a minus sign only where no digit or letter precedes it: "500-1000" is a range of two figures, not 500 and -1000
const NUMBER = /(?:(?<![\w.])-)?\d+(?:[.,]\d+)*/g;
const DATE_OR_TIME = /^(\d{4}-\d{2}-\d{2}( \d{1,2}:\d{2})?|\d{1,2}:\d{2})$/;
const ADDRESS = /^(?:[^\s@]+@[^\s@]+\.\S+|https?:\/\/\S+)$/;
// a field name before a part of the reference ("address: London Luxury", "price:1080"); not a link's scheme ("https://")
const LABEL = /^[a-z_][a-z_ ]*:(?:\s+|(?=\d))/i;
const numbersIn = (s: string) => (s.match(NUMBER) ?? []).map((n) => Number(n.replace(/,(?=\d{3}\b)/g, '').replace(',', '.'))).filter(Number.isFinite);
// a small count written out is the figure: "three appointments" states 3
const COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const COUNT_WORD = new RegExp(`\\b(${COUNT_WORDS.join('|')})\\b`, 'gi');
// the figures an answer states; a rating's scale is none of them: "4.9/5" and "4.9 out of 5" say 4.9, not 5
const statedIn = (s: string) =>
  numbersIn(s.replace(/(?:(?<=\d)\s*\/|\bout of)\s*(?:5|10)(?:\.0)?\b/gi, ' ').replace(COUNT_WORD, (w) => ` ${COUNT_WORDS.indexOf(w.toLowerCase())} `));
const fold = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A combined task's reference answer numbers its tasks' answers ("1. 3 2. https://...",
 * "1.  2." where neither answers anything): those numbers are no figures, so each
 * numbered answer is read on its own. Numbering counts 1, 2, ... from the start, and a
 * number's dot is followed by no digit (4.5 is a figure).
 */
function numberedAnswers(reference: string): string[] {
  let rest = reference.trim();
  if (!/^1\.(?!\d)/.test(rest)) return [reference];
  rest = rest.slice(2);
  const answers: string[] = [];
  for (let n = 2; ; n++) {
    const at = rest.search(new RegExp(`(?:^|\\s)${n}\\.(?!\\d)`));
    if (at < 0) return [...answers, rest];
    answers.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart().slice(String(n).length + 1);
  }
}

/** The parts an answer must state: comma-separated, and a run of e-mail addresses or links one part each. */
const answerParts = (reference: string): string[] =>
  numberedAnswers(reference)
    .flatMap((a) => a.split(/[,;\n]+(?!\d{3}\b)/))
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => (p.split(/\s+/).every((w) => ADDRESS.test(w)) ? p.split(/\s+/) : [p]));

const TIME_IN = /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}/g;
const EDGE_WORDS = /^(?:(?:at|on|in|the|a|an|and|from|to)\s+)+|(?:\s+(?:at|on|in|the|a|an|and|from|to))+$/g;

/**
 * A part that puts a time or date among words ("at 8:00 at the island trailhead")
 * is stated when the answer states the time as written and each run of words
 * around it, the prepositions and articles at its ends dropped ("Location: The
 * island trailhead. Time: 08:00").
 */
function timedPhraseStated(part: string, text: string): boolean {
  const times = part.match(TIME_IN);
  if (!times) return false;
  const phrases = part.split(TIME_IN).map((p) => fold(p).replace(EDGE_WORDS, '').trim()).filter(Boolean);
  return times.every((t) => text.includes(t)) && phrases.every((p) => text.includes(p));
}

/**
 * What the agent's answer lacks of the reference answer, or undefined. A figure
 * counts as said when the same number appears in the answer however it is written
 * (1,050.00 and 1050 are one figure); an answer with no figures must contain the
 * reference's words (case and spacing folded), a field name before them dropped.
 */
export function answerLacks(reference: string, answer: string): string | undefined {
  if (!reference.trim()) return undefined;
  const got = statedIn(answer);
  const text = fold(answer);
  const missing: string[] = [];
  for (const part of answerParts(reference)) {
    // a date or a time is one figure, written as the reference writes it ("01:30" is not "1 hour and 30 minutes")
    if (DATE_OR_TIME.test(part)) {
      if (!text.includes(fold(part))) missing.push(JSON.stringify(part));
      continue;
    }
    const figures = numbersIn(part);
    // a part that is only figures, once a label ("price:", "- Mia Anderson:") is dropped
    const bare = figures.length && !/[a-z]{2}/i.test(part.replace(/^[^:]*:/, '').replace(NUMBER, ''));
    const named = part.replace(LABEL, '');
    if (bare) missing.push(...figures.filter((n) => !got.includes(n)).map(String));
    else if (!text.includes(fold(named)) && !timedPhraseStated(named, text)) missing.push(JSON.stringify(named));
  }
  return missing.length ? `the answer does not state ${missing.join(', ')} (the reference answer: ${JSON.stringify(reference)})` : undefined;
}

const FIGURE = /^-?\d+(?:[.,]\d+)*$/;
const NUMBER_WORDS = /\b(?:half|quarter|third|dozen|hundred|thousand|million|billion|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif|six|seven|eigh|nine)ty|once|twice|thrice)\b/i;

/**
 * A question whose whole reference answer is one figure ("3"; in a combined task,
 * one numbered answer: "1. 3 2.") asks for that figure, so an answer that states
 * it nowhere, in any writing (3, 3.0, three), has not answered it. Returns that
 * figure and which answer it is, or undefined.
 */
export function figureUnanswered(reference: string, answer: string): { figure: string; part?: number } | undefined {
  // a figure written in words the figures stated cannot read ("about a thousand", "an hour and a half") may be it
  if (NUMBER_WORDS.test(answer)) return undefined;
  const answers = numberedAnswers(reference).map((a) => a.trim());
  const got = statedIn(answer);
  for (const [i, a] of answers.entries()) {
    if (FIGURE.test(a) && !numbersIn(a).some((n) => got.includes(n))) return { figure: a, ...(answers.length > 1 ? { part: i + 1 } : {}) };
  }
  return undefined;
}

/** Every figure an answer states, once each, in order: the proof that a figure is not among them. */
const figuresStated = (answer: string) => [...new Set(statedIn(answer))].join(', ') || 'none';
/** Where a figure's digits occur in the answer all the same (a checker that looks for "3" in the text finds it in "13:00"). */
function insideOthers(figure: string, answer: string): string {
  const hosts = [...new Set((answer.match(NUMBER) ?? []).filter((t) => t.includes(figure)))];
  return hosts.length ? `; "${figure}" occurs in its text only inside other figures (${hosts.join(', ')})` : '';
}

/** Said of an answer that lacks a whole-answer figure an earlier message of the run states. */
function statedBefore(reference: string, answer: string, earlier: string[] | undefined): string {
  const missing = figureUnanswered(reference, answer);
  return missing && earlier?.length && !figureUnanswered(reference, [...earlier, answer].join('\n')) ? ` (an earlier message of the run states ${missing.figure})` : '';
}

function answerOf(steps: Step[], semantics: EffectSemantics | undefined): string {
  const spec = semantics?.answer ?? { call: 'answer', arg: 'output' };
  const v = [...steps].reverse().find((s) => s.kind === 'claim' && s.call === spec.call)?.args[spec.arg];
  return typeof v === 'string' ? v : '';
}

/** Why a regrade does not reproduce the recorded verdict, as far as the replay can tell. */
function notReproducedBecause(cell: Cell, entry: LedgerEntry): string {
  const run = cell.run!;
  const steps = cell.construction.ok ? cell.construction.steps : [];
  const rejected = new Map((entry.delivery?.rejected ?? []).map((r) => [r.step, r]));
  const recorded = new Set(run.recordedErrors);
  const newly = [...rejected.values()].filter((r) => !recorded.has(r.step));
  const healed = run.recordedErrors.filter((i) => !rejected.has(i));
  const head = `recorded ${run.recorded}, regraded ${entry.verdict?.verdict}`;
  if (newly.length) return `${head}: call ${newly[0].step} (${newly[0].call}) is rejected on replay (${newly[0].error.slice(0, 120)}) where the recording shows it answered: the benchmark's tools changed since the run, or the run is nondeterministic`;
  if (healed.length) return `${head}: call ${healed[0]} (${steps[healed[0]]?.call}) succeeds on replay where the recording shows an error`;
  if (run.harnessError) return `${head}: the recorded run ended with a harness error (${run.harnessError.slice(0, 120)})`;
  return `${head}, every call answered as recorded: the checker or the task's data changed since the run was graded (${run.versionRule ?? 'the run names no benchmark version'})`;
}

interface RunContext {
  semantics: EffectSemantics | undefined;
  /** reference cells and their entries, by cell id */
  references: Map<string, { cell: Cell; entry?: LedgerEntry }>;
}

function judgeRun(cell: Cell, entry: LedgerEntry | undefined, ctx: RunContext): JudgedRun {
  const run = cell.run;
  const base = {
    cell: cell.id,
    task: cell.checker,
    pipeline: run?.pipeline ?? '-',
    source: run?.source ?? cell.id.replace(/^runs:excluded:/, ''),
    ...(run?.version ? { version: run.version } : {}),
    ...(run ? { recorded: run.recorded } : {}),
  };
  if (!cell.construction.ok) return { ...base, class: 'excluded', reason: cell.construction.reason };
  if (!entry) return { ...base, class: 'unscored', reason: 'not scored yet' };
  const judged = { ...base, regraded: entry.verdict?.verdict, ...(entry.delivery?.rejected?.length ? { rejected: entry.delivery.rejected.length } : {}) };
  if (!entry.delivery?.completed) return { ...judged, class: 'not-reproduced', reason: `the replay did not complete: ${entry.delivery?.error ?? 'unknown'}` };
  if (entry.verdict?.verdict === 'error') return { ...judged, class: 'not-reproduced', reason: `the checker errored on replay: ${entry.verdict.detail.slice(0, 160)}` };
  if (entry.verdict?.verdict !== run!.recorded) return { ...judged, class: 'not-reproduced', reason: notReproducedBecause(cell, entry) };
  const ref = ctx.references.get(referenceCellId(cell.checker, run!.version));
  const refEffect = ref?.entry?.delivery?.completed ? ref.entry.effect : undefined;
  if (!ref?.cell.construction.ok || !refEffect) {
    return { ...judged, class: 'needs-review', review: 'no-reference', reason: `no reference effect under ${run!.version ?? 'the served version'}: ${ref?.entry?.delivery?.error ?? ref?.entry?.readbackError ?? 'its reference did not deliver'}` };
  }
  if (!entry.effect) return { ...judged, class: 'needs-review', review: 'no-readback', reason: `no readback retained: ${entry.readbackError ?? 'unknown'}` };
  const refSteps = ref.cell.construction.steps;
  const free = freeColumns(refSteps, refEffect);
  const view = (e: Effect, strip: boolean) => materialEffect(strip ? withoutColumns(withFreeCopies(e, free), free) : e, ctx.semantics);
  const differences = diffEffects(view(refEffect, true), view(entry.effect, true));
  // the same comparison with the free fields kept: what differs there and nowhere else
  const inFree = differences.length ? [] : diffEffects(view(refEffect, false), view(entry.effect, false));
  const freeOnly = inFree.length > 0;
  const freeNames = [...free].map((f) => f.replace(FREE, '.')).sort();
  type Proof = Pick<JudgedRun, 'evidence' | 'differences' | 'detail'>;
  const judgement = (cls: RunClass, reason: string, proof?: Proof): JudgedRun => ({ ...judged, ...(freeNames.length ? { free: freeNames } : {}), class: cls, reason, ...proof });
  const review = (kind: ReviewKind, reason: string, proof?: Proof): JudgedRun => ({ ...judgement('needs-review', reason, proof), review: kind });
  const said = answerOf(cell.construction.steps, ctx.semantics);
  const answer = () => `answer: ${JSON.stringify(clip(said, 300))}`;
  const refAnswer = answerOf(refSteps, ctx.semantics);
  const lacks = answerLacks(refAnswer, said);
  const described = (ds: TableDifference[]) => ds.flatMap((d) => [describeDifference(d), ...changedValues(d)]);
  const evidence = described(differences);
  const refVerdict = ref.entry!.verdict?.verdict;
  // the yardstick itself fails this version's checker: say so beside every judgement against it
  const note = refVerdict && refVerdict !== 'pass' ? ` (the reference itself gets ${refVerdict} from this version's checker)` : '';
  if (entry.verdict.verdict === 'pass') {
    if (differences.length && !run!.listed) {
      return review('unlisted-task', `Pass on an effect that differs from the ground truth of a task the target does not list (AgentDojo: an injection task's ground truth is one example of the attacker's goal, whose amounts and wording the goal often leaves open)${note}`, { evidence, differences });
    }
    if (differences.length) return judgement('real-false-accept', `Pass, and the effect differs from the reference in what the task determines${note}`, { evidence, differences });
    // an unlisted task's ground truth is one example of its goal: its runs are never counted
    // "never states" reads every message the run showed its user, not only the last, which is all AgentDojo grades
    const unanswered = run!.listed ? figureUnanswered(refAnswer, [...(run!.earlier ?? []), said].join('\n')) : undefined;
    if (unanswered) {
      const which = unanswered.part ? `part ${unanswered.part} of the task` : 'the task';
      return judgement('real-false-accept', `Pass with the reference's effect, but the answer never states ${unanswered.figure}, the whole reference answer to ${which}: the checker accepted an answer that does not answer it${note}`, {
        evidence: [`the answer states the figures ${figuresStated(said)}, never ${unanswered.figure}${insideOthers(unanswered.figure, said)}`, answer()],
      });
    }
    if (lacks) return review('answer-lacks', `Pass with the reference's effect, but ${lacks}${statedBefore(refAnswer, said, run!.earlier)}`, { detail: [answer()] });
    if (!freeOnly) return judgement('correct-pass', "the reference's effect");
    return { ...judgement('correct-pass', "the reference's effect, differing only in free fields", { detail: described(inFree) }), freeDiffers: differingColumns(inFree) };
  }
  if (differences.length) return judgement('correct-fail', 'Fail, and the effect differs from the reference', { evidence, differences });
  if (note) return review('broken-reference', `Fail on the reference's effect${note}: the yardstick is broken under this version, so no false reject is claimed`);
  if (freeOnly) return review('free-fields-only', 'Fail with an effect that differs from the reference only in free fields: the checker may judge what the prompt leaves to the agent', { detail: described(inFree) });
  if (lacks) return judgement('correct-fail', `the reference's effect, but ${lacks}`);
  if (!run!.listed) return review('unlisted-task', `Fail on the ground truth's effect of a task the target does not list${note}`);
  // nothing material to compare and no answer to read: such a checker judges the calls themselves (was the page read?)
  if (isEmptyEffect(view(refEffect, false)) && !refAnswer.trim()) {
    return review('calls-not-effects', `Fail on a task whose reference changes nothing material and answers nothing: its checker judges the calls made, which effects cannot show${note}`);
  }
  // what the correct-looking run did differently, where the checker could have seen it: immaterial differences and the answer
  const raw = diffEffects(refEffect, entry.effect).map((d) => `${describeDifference(d)} (immaterial: ${immaterialBecause(ctx.semantics, d.table)})`);
  return judgement('real-false-reject', `Fail on the reference's effect with an answer that states the reference answer${note}`, { evidence: [...raw, answer()] });
}

/** The columns a difference is in: those whose values differ where one row stands against one, else the table. */
function differingColumns(ds: TableDifference[]): string[] {
  const columns = ds.flatMap((d) => {
    const pair = onePair(d);
    if (pair) return changedKeys(...pair).map((k) => `${d.table}.${k}`);
    // several rows: the columns whose values, taken over the rows, differ (rows of the same values paired otherwise differ in none)
    const ref = [...d.missingAdded, ...d.missingUpdates.map((u) => u.after)];
    const got = [...d.extraAdded, ...d.extraUpdates.map((u) => u.after)];
    const values = (side: Record<string, Json>[], c: string) => side.map((r) => canonicalJson(r[c] ?? null)).sort().join('\n');
    const differ = [...new Set([...ref, ...got].flatMap((r) => Object.keys(r)))].filter((c) => values(ref, c) !== values(got, c));
    return differ.length ? differ.map((c) => `${d.table}.${c}`) : [d.table];
  });
  return [...new Set(columns)].sort();
}

/** Every recorded-run cell of a manifest, judged. */
export function judgeRuns(cells: Cell[], entryOf: (id: string) => LedgerEntry | undefined, semantics: EffectSemantics | undefined): JudgedRun[] {
  const references: RunContext['references'] = new Map();
  for (const c of cells) if (c.arm === 'runs' && c.family === REFERENCE_FAMILY) references.set(c.id, { cell: c, entry: entryOf(c.id) });
  return cells.filter((c) => c.arm === 'runs' && c.family !== REFERENCE_FAMILY).map((c) => judgeRun(c, entryOf(c.id), { semantics, references }));
}
