// The GUI steps a MiniWoB reference is made of, in the shapes the GUI grammar
// reads: `form.fill {field, label, value, how}` sets one control (type text,
// check a box or radio, pick an option, press a button the task counts),
// (`check` a box of several, `pick` a radio), `form.submit {field, label}` is the click that ends the episode, `page.click`
// is navigation (open a tab, a section, a menu: kind read, since it sets no
// answer), as are `page.hover` (open a submenu), `page.key` (close a list, run
// ls) and `page.scroll`, and `task.claim` claims completion. `field` is a CSS selector; a
// choice step lists the other legal targets under `alternatives` (field and
// label aligned), so wrong-choice and extra-selection need not know the task.
import type { Step } from '../../src/contract/target.ts';
import type { El } from './page.ts';

export type How = 'type' | 'check' | 'pick' | 'select' | 'press' | 'slide' | 'keys' | 'highlight' | 'scroll' | 'drag';

/**
 * An element the page creates only after an earlier step (an opened email's reply
 * box, a datepicker's day): the solver names it by a selector it knows from the
 * task's template, since the fresh page it observed does not hold it yet.
 */
export const later = (sel: string, text = ''): El => ({ sel, tag: '', id: '', cls: '', type: '', text, own: text, value: '', checked: false, visible: false, label: '', options: [], parent: '', context: '', attrs: {}, handlers: [] });

/** What a person would call the element: its label, its text, else its kind and value (a bare radio). */
const nameOf = (el: El) => el.label || el.text || (el.attrs.value ? `${el.type || el.tag} ${el.attrs.value}` : el.sel);

const choices = (alts: El[]): Pick<Step, 'alternatives'> =>
  alts.length ? { alternatives: { field: alts.map((a) => a.sel), label: alts.map(nameOf) } } : {};

export const typeInto = (el: El, value: string, label = el.label || el.attrs.placeholder || el.sel): Step => ({
  call: 'form.fill',
  args: { field: el.sel, label, value, how: 'type' },
  kind: 'write',
});

export const check = (el: El, others: El[] = []): Step => ({
  call: 'form.fill',
  args: { field: el.sel, label: nameOf(el), value: true, how: el.type === 'radio' ? 'pick' : 'check' },
  kind: 'write',
  ...choices(others),
});

export const select = (el: El, option: string): Step => {
  const others = el.options.filter((o) => o !== option && o !== '');
  return {
    call: 'form.fill',
    args: { field: el.sel, label: el.label || el.sel, value: option, how: 'select' },
    kind: 'write',
    ...(others.length ? { alternatives: { value: others } } : {}),
  };
};

/** Move a jQuery UI slider's handle to `value` with the keyboard; the other values are the wrong choices. */
export const slide = (handle: El, value: number, label: string, others: number[]): Step => ({
  call: 'form.fill',
  args: { field: handle.sel, label, value, how: 'slide' },
  kind: 'write',
  ...(others.length ? { alternatives: { value: others } } : {}),
});

/** One of exclusive options that is not a form radio (a datepicker's day): clicked like a button, but picking it twice is picking it. */
export const pick = (el: El, others: El[] = []): Step => ({
  call: 'form.fill',
  args: { field: el.sel, label: nameOf(el), value: true, how: 'pick' },
  kind: 'write',
  ...choices(others),
});

/** A click the task counts as part of the answer (a button in a sequence, a post's share button). */
export const press = (el: El, others: El[] = []): Step => ({
  call: 'form.fill',
  args: { field: el.sel, label: nameOf(el), value: true, how: 'press' },
  kind: 'write',
  ...choices(others),
});

export const submit = (el: El, others: El[] = []): Step => ({
  call: 'form.submit',
  args: { field: el.sel, label: nameOf(el) },
  kind: 'write',
  ...choices(others),
});

export const navigate = (el: El): Step => ({ call: 'page.click', args: { field: el.sel, label: el.text || el.label }, kind: 'read' });

/**
 * Keys pressed in a field that set no answer: Escape closes an autocomplete list
 * that would cover the Submit button; `text` then Enter runs a terminal command
 * that only shows something (ls).
 */
export const key = (el: El, name: string, text?: string): Step => ({ call: 'page.key', args: { field: el.sel, label: text ?? name, key: name, ...(text === undefined ? {} : { text }) }, kind: 'read' });

/** Text typed key by key into a field that reads keystrokes, not its value (a terminal). */
export const keys = (el: El, value: string, label: string): Step => ({ call: 'form.fill', args: { field: el.sel, label, value, how: 'keys' }, kind: 'write' });

/** Text of an element selected (all of it by default), as a drag across it does: highlight tasks answer with the selection. */
export const highlight = (el: El, text = el.text): Step => ({ call: 'form.fill', args: { field: el.sel, label: el.label || 'text', value: text, how: 'highlight' }, kind: 'write' });

/**
 * A scrollable element scrolled to its top or bottom with the mouse wheel: a
 * navigation (page.scroll) where scrolling only unlocks the form, an answer
 * (form.fill how 'scroll', the other end its wrong choice) where the task
 * rewards the position.
 */
export const scroll = (el: El, to: 'top' | 'bottom', answer = false): Step =>
  answer
    ? { call: 'form.fill', args: { field: el.sel, label: el.id || el.sel, value: to, how: 'scroll' }, kind: 'write', alternatives: { value: [to === 'top' ? 'bottom' : 'top'] } }
    : { call: 'page.scroll', args: { field: el.sel, label: `${el.id || el.sel} to the ${to}`, to }, kind: 'read' };

/** The episode-ending key (Enter in a terminal), as `submit` is the episode-ending click. */
export const submitKey = (el: El, name: string): Step => ({ call: 'form.submit', args: { field: el.sel, label: name, key: name }, kind: 'write' });

/** Navigation by pointing: a jQuery UI menu opens a submenu on hover, and a click on its parent would select the parent. */
export const hover = (el: El): Step => ({ call: 'page.hover', args: { field: el.sel, label: el.own || nameOf(el) }, kind: 'read' });

export const CLAIM: Step = { call: 'task.claim', args: {}, kind: 'claim' };

const IGNORED_VALUE = new Set(['check', 'pick', 'press']);

/**
 * What the search arm may move in a write, declared on every reference step: the
 * element, the way it acts and the key are identifiers whose other legal values
 * are the listed alternatives (a near-miss selector names no element), the label
 * only names the element for a reader, and a tick's or a press's `value` is never
 * read. Typed, selected and dragged values stay movable.
 */
export function searchable(step: Step): Step {
  if (step.kind !== 'write') return step;
  const free = ['label', ...(IGNORED_VALUE.has(String(step.args.how)) ? ['value'] : [])].filter((a) => a in step.args);
  const ids = Object.keys(step.args).filter((a) => !free.includes(a) && a !== 'value' && typeof step.args[a] === 'string');
  return { ...step, free, domains: Object.fromEntries(ids.map((a) => [a, { type: 'id' as const, kind: a, values: [] }])) };
}
