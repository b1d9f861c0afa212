// What runs inside a task page besides the task itself: the readback recorder
// (an init script, so it is in place before the task's scripts), the seeded
// episode start the harnesses use, and the reward read by the checkers.
import type { Page } from 'playwright-core';

/** A control's state as the recorder sees it. */
/**
 * The globals a task page carries: MiniWoB's core.js and seedrandom, its jQuery UI,
 * and the recorder script above. Code passed to page.evaluate runs in the page, so
 * it names them through this type (a cast, erased), never through a helper.
 */
export interface TaskPage {
  Math: { seedrandom(seed: number): void };
  core: { EPISODE_MAX_TIME: number; startEpisodeReal(): void };
  WOB_TASK_READY?: boolean;
  WOB_DONE_GLOBAL?: unknown;
  WOB_REWARD_GLOBAL?: unknown;
  WOB_RAW_REWARD_GLOBAL?: unknown;
  WOB_REWARD_REASON?: unknown;
  __blindspot: { begin(): void; state: Submission; selectorOf(el: Element): string };
  $(el: unknown): { closest(selector: string): { slider(method: 'option', name: string): unknown } };
}

export interface ControlState {
  tag: string;
  type: string;
  value: string;
  checked: boolean;
  /** text areas: scrolled to the top, the bottom or in between */
  scrolled?: 'top' | 'middle' | 'bottom';
}

/** What the page looked like when the task ended its episode: the readback channel. */
export interface Submission {
  /** every form control, by selector, at episode start */
  initial: Record<string, ControlState>;
  /** the same at the moment the task's code called core.endEpisode, before it computed anything visible to us */
  submitted?: Record<string, ControlState>;
  /** the element the last user click landed on before the episode ended */
  target?: { selector: string; text: string };
  /** the element that had the focus when the episode ended */
  focused?: string | null;
  /** the text selected when the episode ended */
  selection?: string;
  /** every click of the episode until it ended, in order */
  clicks: { selector: string; text: string }[];
  /** every key pressed until it ended, in order (named keys as <Enter>) */
  keys?: { selector: string; key: string }[];
  /** elements the episode created that carry data attributes, at the moment it ended */
  created?: { selector: string; text: string; data: Record<string, string> }[];
}

/**
 * The recorder. It wraps core.endEpisode only to take the snapshot first; it
 * never reads the reward arguments, so what it records is the page state, not
 * the task's opinion of it. Selectors are the element's id when unique, else its
 * path of nth-child steps: stable across deliveries of one seeded episode.
 */
export const RECORDER = String.raw`(() => {
  const selectorOf = (el) => {
    if (!(el instanceof Element)) return '';
    if (el.id && document.querySelectorAll('#' + CSS.escape(el.id)).length === 1) return '#' + CSS.escape(el.id);
    const parts = [];
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      if (e.id && document.querySelectorAll('#' + CSS.escape(e.id)).length === 1) { parts.unshift('#' + CSS.escape(e.id)); break; }
      const i = Array.prototype.indexOf.call(e.parentElement ? e.parentElement.children : [e], e) + 1;
      parts.unshift(e.tagName.toLowerCase() + ':nth-child(' + i + ')');
    }
    return parts.join(' > ');
  };
  const controls = () => {
    const out = {};
    for (const el of document.querySelectorAll('#wrap input, #wrap select, #wrap textarea, #wrap [contenteditable=true]')) {
      const tag = el.tagName.toLowerCase();
      const value = tag === 'select' ? Array.from(el.selectedOptions).map((o) => o.text).join('|') : el.isContentEditable ? el.innerHTML : String(el.value ?? '');
      out[selectorOf(el)] = { tag, type: String(el.type ?? ''), value, checked: !!el.checked };
      // (a rich-text editor's value is its markup: the formatting is the answer)
      // where a text area is scrolled to, coarsely: scroll tasks answer with it
      if (tag === 'textarea') out[selectorOf(el)].scrolled = el.scrollTop <= 0 ? 'top' : el.scrollTop + el.clientHeight >= el.scrollHeight - 1 ? 'bottom' : 'middle';
    }
    // jQuery UI sliders hold their value in the widget, not in a form control
    if (window.jQuery) for (const el of document.querySelectorAll('#wrap .ui-slider')) out[selectorOf(el)] = { tag: 'slider', type: '', value: String(jQuery(el).slider('value')), checked: false };
    return out;
  };
  // Elements the episode creates that carry data attributes (a calendar event's start and end): not form controls, still the answer.
  let present = new WeakSet();
  const created = () => Array.from(document.querySelectorAll('#wrap *')).filter((el) => !present.has(el) && Object.keys(el.dataset).length).map((el) => ({ selector: selectorOf(el), text: (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 200), data: Object.assign({}, el.dataset) }));
  // What canvases stroke, as the number of line segments of each path: a drawn polygon's sides, which a
  // person counts on the picture (count-sides); the solver's eyes, never part of the readback.
  const strokes = [];
  if (window.CanvasRenderingContext2D) {
    const P = CanvasRenderingContext2D.prototype;
    const [beginPath, lineTo, stroke] = [P.beginPath, P.lineTo, P.stroke];
    let segments = 0;
    P.beginPath = function () { segments = 0; return beginPath.apply(this, arguments); };
    P.lineTo = function () { segments++; return lineTo.apply(this, arguments); };
    P.stroke = function () { strokes.push(segments); return stroke.apply(this, arguments); };
  }
  const state = { initial: {}, submitted: undefined, target: undefined, clicks: [], keys: [], created: [] };
  let lastClick;
  let live = false;
  window.__blindspot = { selectorOf, controls, state, strokes, begin() { state.initial = controls(); state.submitted = undefined; state.target = undefined; state.clicks = []; state.keys = []; state.created = []; present = new WeakSet(document.querySelectorAll('#wrap *')); lastClick = undefined; live = true; } };
  // keys pressed, for pages that read keystrokes rather than a field's value (a terminal clears its input on every key)
  document.addEventListener('keydown', (e) => {
    if (live && !state.submitted) state.keys.push({ selector: selectorOf(e.target), key: e.key.length === 1 ? e.key : '<' + e.key + '>' });
  }, true);
  // mousedown too: focus tasks end their episode on focus, which comes between mousedown and click
  let pressed = { target: null, x: 0, y: 0 };
  document.addEventListener('mousedown', (e) => { lastClick = e.target; pressed = { target: e.target, x: e.clientX, y: e.clientY }; }, true);
  document.addEventListener('click', (e) => {
    lastClick = e.target;
    // A mouse click whose press began elsewhere (on another element, whose common ancestor gets the click, or
    // more than a few pixels away) ends a drag: a drag is read by what it made or selected, not as a click.
    // Keyboard clicks (detail 0) count.
    const dragged = e.detail > 0 && (pressed.target !== e.target || Math.hypot(e.clientX - pressed.x, e.clientY - pressed.y) > 4);
    if (live && !state.submitted && !dragged) state.clicks.push({ selector: selectorOf(e.target), text: (e.target.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 80) });
  }, true);
  document.addEventListener('DOMContentLoaded', () => {
    if (typeof core === 'undefined') return;
    const end = core.endEpisode;
    core.endEpisode = function () {
      if (core.EP_TIMER !== null && !state.submitted) {
        state.submitted = controls();
        state.created = created();
        if (lastClick) state.target = { selector: selectorOf(lastClick), text: (lastClick.textContent || lastClick.value || '').replace(/\s+/g, ' ').trim().slice(0, 200) };
        // highlight tasks answer with the text selected when Submit is clicked
        state.selection = String(window.getSelection() || '');
        const active = document.activeElement;
        state.focused = active && active !== document.body ? selectorOf(active) : null;
      }
      return end.apply(this, arguments);
    };
  });
})();`;

/** Long enough that no delivery times out; BrowserGym uses the same 1e6 ms (base.py, episode_max_time). */
export const EPISODE_MAX_MS = 1_000_000;

/**
 * Starts a seeded episode the way the harnesses do: Math.seedrandom(seed), then
 * core.startEpisodeReal() (miniwob's selenium_instance.begin_task / set_seed;
 * BrowserGym's AbstractMiniwobTask.setup), then waits for WOB_TASK_READY.
 */
export async function startEpisode(page: Page, url: string, seed: number, timeoutMs: number, recorded = true): Promise<void> {
  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  await page.evaluate(
    ({ seed, max, recorded }) => {
      const w = window as unknown as TaskPage;
      w.Math.seedrandom(seed);
      w.core.EPISODE_MAX_TIME = max;
      w.core.startEpisodeReal();
      if (recorded) w.__blindspot.begin();
    },
    { seed, max: EPISODE_MAX_MS, recorded },
  );
  await page.waitForFunction(() => (window as unknown as TaskPage).WOB_TASK_READY === true, undefined, { timeout: timeoutMs });
}

/** The globals every harness reads its reward from (core.js). */
export interface RewardState {
  done: boolean;
  reward: number;
  rawReward: number;
  reason: string | null;
}

export async function readReward(page: Page): Promise<RewardState> {
  return page.evaluate(() => {
    const w = window as unknown as TaskPage;
    return { done: !!w.WOB_DONE_GLOBAL, reward: Number(w.WOB_REWARD_GLOBAL), rawReward: Number(w.WOB_RAW_REWARD_GLOBAL), reason: w.WOB_REWARD_REASON == null ? null : String(w.WOB_REWARD_REASON) };
  });
}

export async function readSubmission(page: Page): Promise<Submission> {
  return page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as TaskPage).__blindspot.state)));
}

/** One element of the task area, as an oracle solver sees it. */
export interface El {
  sel: string;
  tag: string;
  id: string;
  cls: string;
  type: string;
  /** the element's whole text, spaces folded */
  text: string;
  /** the element's own text nodes only */
  own: string;
  value: string;
  checked: boolean;
  visible: boolean;
  /** the selector of the nearest <label> around it, if any, and that label's text */
  label: string;
  /** select elements: option texts */
  options: string[];
  parent: string;
  /** the text of the widest ancestor holding no other control */
  context: string;
  attrs: Record<string, string>;
  /** events the page bound with d3 (its `__on<type>` properties): a login field that opens a popup on focus */
  handlers: string[];
}

export interface Observation {
  utterance: string;
  /** the structured fields some tasks give beside the utterance (the natural-language email tasks): what the reward is computed from */
  fields: Record<string, string>;
  /** the utterance's markup: some tasks put the values in <span class="bold"> */
  queryHtml: string;
  elements: El[];
  globals: { SYNONYMS?: string[][]; COUNTRIES?: string[]; AIRPORTS?: string[]; PATTERNS?: number[][][]; strokes?: number[] };
}

// A string, not a function: the TypeScript loader would add helpers the page lacks.
const OBSERVE = String.raw`(() => {
  const bs = window.__blindspot;
  const fold = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const skip = '#query, #reward-display, #sync-task-cover, #click-canvas, script, style';
  const inside = Array.from(document.querySelectorAll(skip));
  // The text around a control: its widest ancestor holding no other control (a table row, a field box).
  const context = (el) => {
    let c = el;
    while (c.parentElement && c.parentElement !== document.body && c.parentElement.querySelectorAll('input, select, textarea').length <= 1) c = c.parentElement;
    return fold(c.textContent);
  };
  const elements = Array.from(document.body.querySelectorAll('*')).filter((el) => !inside.some((s) => s.contains(el))).map((el) => {
    const label = el.closest('label');
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      sel: bs.selectorOf(el),
      tag: el.tagName.toLowerCase(),
      id: el.id,
      cls: typeof el.className === 'string' ? el.className : '',
      type: String(el.type || ''),
      text: fold(el.textContent),
      own: fold(Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ')),
      value: el.value === undefined ? '' : String(el.value),
      checked: !!el.checked,
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none',
      label: label ? fold(label.textContent) : '',
      options: el.tagName === 'SELECT' ? Array.from(el.options).map((o) => fold(o.text)) : [],
      parent: el.parentElement ? bs.selectorOf(el.parentElement) : '',
      context: context(el),
      attrs: Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value])),
      handlers: Object.keys(el).filter((k) => k.startsWith('__on')).map((k) => k.slice(4)),
    };
  });
  const q = document.getElementById('query');
  // Word lists some tasks define as page globals and phrase their utterance in (click-checkboxes-soft's synonyms),
  // or offer as the legal entries (use-autocomplete's countries, book-flight's airports,
  // number-checkboxes' digit patterns, shown to the agent as pictures).
  const globals = {};
  if (typeof SYNONYMS !== 'undefined') globals.SYNONYMS = SYNONYMS;
  if (typeof ui_utils !== 'undefined' && document.querySelector('#tags.ui-autocomplete-input')) globals.COUNTRIES = ui_utils.COUNTRIES;
  if (typeof DOMESTIC_FLIGHTS !== 'undefined') globals.AIRPORTS = DOMESTIC_FLIGHTS;
  if (typeof PATTERNS !== 'undefined') globals.PATTERNS = PATTERNS;
  if (bs.strokes.length) globals.strokes = bs.strokes.slice();
  // Outside the test data mode the natural-language tasks return {utterance, fields} (core.getUtterance wrapped).
  const said = core.getUtterance();
  const [utterance, fields] = typeof said === 'string' ? [said, {}] : [String(said.utterance), said.fields || {}];
  return { utterance, fields, queryHtml: q ? q.innerHTML : '', elements, globals };
})()`;

/** The utterance and the page's DOM (without the harness display), read once on a fresh seeded episode. */
export async function observe(page: Page): Promise<Observation> {
  return page.evaluate(OBSERVE) as Promise<Observation>;
}
