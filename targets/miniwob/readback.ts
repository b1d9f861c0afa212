// The effect of an episode as the recorder saw it, in the engine's table shape:
// `submission` (one row when the task ended its episode: the element the last
// click landed on, the one holding the focus, the text selected where selecting is the answer), `controls` (each form control whose state at that moment
// differs from the start), `other-fields` (the same for free-text fields the
// task's reference leaves alone: distractors, declared immaterial), `clicks`
// (each element clicked before the end, with its count, except where picking it
// twice is picking it; form controls are read by state instead, and the end of a
// drag is not a click), `keys` (the text typed
// key by key into each element, in order), `created` (elements the episode made
// that carry data attributes: a calendar event with its start and end). An episode the task
// never ended has no effect at all.
import type { Effect, Row } from '../../src/contract/target.ts';
import type { Submission } from './page.ts';

const table = (added: Row[] = [], updated: Effect[string]['updated'] = []) => ({ added, updated, removed: [] });

const FREE_TEXT = new Set(['text', 'password', 'email', 'number', 'search', 'tel', 'url', 'textarea', 'input']);

/** What the task's reference answers with, as the readback needs it. */
export interface Answer {
  /** the selectors the reference sets; any box, radio or list is an answer field regardless */
  fields: Set<string>;
  /** elements picked among exclusive options (a datepicker's day, in the reference or a wrong choice): picking one twice is picking it */
  picked: Set<string>;
  /** the answer is a text selection (highlight tasks); elsewhere the selection left when the episode ends is incidental (a terminal's caret) and not read */
  selects: boolean;
}

export function effectOf(s: Submission, reference: Answer): Effect {
  if (!s.submitted) return {};
  const selection = reference.selects ? s.selection?.replace(/\s+/g, ' ').trim() || null : null;
  const effect: Effect = {
    submission: table([{ key: 'episode-end', values: { target: s.target?.selector ?? null, text: s.target?.text ?? null, focused: s.focused ?? null, selection } }]),
  };
  const updated = Object.entries(s.submitted)
    .filter(([sel, after]) => JSON.stringify(s.initial[sel]) !== JSON.stringify(after))
    .map(([sel, after]) => ({ key: sel, before: { ...(s.initial[sel] ?? {}) }, after: { ...after } }));
  const distractor = (u: (typeof updated)[number]) => !reference.fields.has(u.key) && FREE_TEXT.has(String(u.after.type || u.after.tag));
  const answer = updated.filter((u) => !distractor(u));
  if (answer.length) effect.controls = table([], answer);
  if (answer.length < updated.length) effect['other-fields'] = table([], updated.filter(distractor));
  // Clicks on form controls are read as their state (controls): ticking a radio twice is ticking it, clicking
  // into a text field only focuses it. Button-like inputs are presses.
  const stateful = (sel: string) => sel in s.initial && !['button', 'submit', 'reset', 'image'].includes(s.initial[sel].type);
  const counts = new Map<string, { text: string; count: number }>();
  for (const c of s.clicks) if (!stateful(c.selector)) counts.set(c.selector, { text: c.text, count: (counts.get(c.selector)?.count ?? 0) + 1 });
  // The selector is in the values too: added rows are compared by value, not key. A press can toggle, so its count
  // is read; a pick cannot.
  const rows = [...counts].map(([selector, v]) => ({ key: selector, values: { selector, text: v.text, ...(reference.picked.has(selector) ? {} : { count: v.count }) } }));
  if (rows.length) effect.clicks = table(rows);
  // Printable keys only: named keys (arrows, Home, Enter, Escape) move or confirm, and
  // what they change is read back elsewhere (a slider's value, the submission).
  const typed = new Map<string, string>();
  for (const k of s.keys ?? []) if ([...k.key].length === 1) typed.set(k.selector, (typed.get(k.selector) ?? '') + k.key);
  if (typed.size) effect.keys = table([...typed].map(([selector, keys]) => ({ key: selector, values: { selector, keys } })));
  if (s.created?.length) effect.created = table(s.created.map((c) => ({ key: c.selector, values: { selector: c.selector, text: c.text, ...c.data } })));
  return effect;
}
