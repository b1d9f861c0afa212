// One cell's episode: a fresh browser context with the recorder installed, the
// task page started on the cell's seed, the steps driven through Playwright,
// then the readback (the recorder's snapshot) and the harnesses' verdicts.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Delivery, Effect, Episode, Step, Trajectory, Verdict } from '../../src/contract/target.ts';
import { RECORDER, readReward, readSubmission, startEpisode, type TaskPage } from './page.ts';
import { effectOf, type Answer } from './readback.ts';
import { describeReward, judge, type HarnessName } from './harnesses.ts';

export interface EpisodeEnv {
  browser: Browser;
  /** the task page of a task id, and its seed */
  locate(taskId: string): { url: string; seed: number };
  /** the selectors the task's reference sets (readback tells its answer fields from distractors) */
  answer(taskId: string): Promise<Answer>;
  /** the harness whose rule is the cell's verdict; every harness is reported beside it */
  harness: HarnessName;
  actionMs: number;
}

export async function openContext(browser: Browser, actionMs: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  context.setDefaultTimeout(actionMs);
  await context.addInitScript(RECORDER);
  return { context, page: await context.newPage() };
}

/** How to set a control a step names without saying how (the GUI grammar's extra-field step): from the element itself. */
async function howOf(page: Page, field: string): Promise<string> {
  const { tag, type } = await page.locator(field).evaluate((el) => ({ tag: el.tagName.toLowerCase(), type: String((el as HTMLInputElement).type ?? '') }));
  return tag === 'select' ? 'select' : type === 'checkbox' || type === 'radio' ? 'check' : 'type';
}

/**
 * Click a box, radio or button; an option of a multiple-choice list is toggled
 * the way a ctrl-click does (a plain click would replace the selection).
 */
async function tick(el: Locator): Promise<void> {
  if ((await el.evaluate((e) => e.tagName)) !== 'OPTION') return el.click();
  await el.evaluate((e) => {
    const o = e as HTMLOptionElement;
    o.selected = !o.selected;
    o.parentElement!.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** A wheel turn long enough to reach either end of any task's text. */
const WHEEL = 100_000;

/**
 * Run a page function kept as source text on an element: written as a string
 * because the TypeScript loader would add helpers (__name) the page lacks, and
 * handed to eval because Playwright does not call a string with arguments.
 */
async function inPage(el: Locator, source: string, arg: unknown): Promise<void> {
  await el.evaluate((e, [src, a]) => (0, eval)(src as string)(e, a), [source, arg] as const);
}

/**
 * The wheel scrolls asynchronously: wait (a second at most) until the element
 * has reached its end.
 */
const SCROLLED_TO_END = String.raw`(el, top) => new Promise((done) => {
  const until = performance.now() + 1000;
  const at = () => (top ? el.scrollTop <= 0 : el.scrollTop + el.clientHeight >= el.scrollHeight - 1);
  const poll = () => (at() || performance.now() > until ? done() : requestAnimationFrame(poll));
  poll();
})`;

/**
 * Where the first occurrence of a text inside an element starts and ends on
 * screen (the element's whole text when the text is not there as one run): the
 * two ends of the drag that selects it.
 */
const TEXT_ENDS = String.raw`(el, text) => {
  const whole = document.createRange();
  whole.selectNodeContents(el);
  let found;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && !found; n = walker.nextNode()) {
    const i = n.textContent.indexOf(text);
    if (i >= 0) { found = document.createRange(); found.setStart(n, i); found.setEnd(n, i + text.length); }
  }
  const rects = Array.from((found || whole).getClientRects()).filter((r) => r.width > 0);
  const [a, b] = [rects[0], rects[rects.length - 1]];
  return { x1: a.left + 1, y1: (a.top + a.bottom) / 2, x2: b.right - 1, y2: (b.top + b.bottom) / 2 };
}`;

/** The page's selection, spaces folded. */
const selected = (page: Page) => page.evaluate(() => String(window.getSelection() ?? '').replace(/\s+/g, ' ').trim());

/**
 * Select text with the mouse: press just inside its first character, release just
 * inside its last (selection snaps to their outer edges). A drag is timing-bound
 * under load (an editor re-rendering mid-drag can leave part of it selected), so
 * it is tried again, up to three times, until the page holds that text; then two
 * frames, for editors (Quill) that take the selection from selectionchange a tick later.
 */
async function dragAcross(page: Page, el: Locator, text: string): Promise<void> {
  const want = text.replace(/\s+/g, ' ').trim();
  for (let attempt = 0; attempt < 3; attempt++) {
    await el.scrollIntoViewIfNeeded();
    const { x1, y1, x2, y2 } = await el.evaluate((e, [src, a]) => (0, eval)(src as string)(e, a), [TEXT_ENDS, text] as const) as { x1: number; y1: number; x2: number; y2: number };
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move(x2, y2, { steps: 5 });
    await page.mouse.up();
    if ((await selected(page)) === want) break;
  }
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** A drag over `cells` consecutive cells numbered in their ids (daily-calendar's #hh-N half-hours), from the named one down. */
async function dragCells(page: Page, field: string, cells: number): Promise<void> {
  const m = /^(#.*-)(\d+)$/.exec(field);
  if (!m) throw new Error(`drag: a field #name-N expected, got ${field}`);
  const start = page.locator(field);
  await start.scrollIntoViewIfNeeded();
  const [a, b] = [await start.boundingBox(), await page.locator(`${m[1]}${Number(m[2]) + cells - 1}`).boundingBox()];
  if (!a || !b) throw new Error(`drag: ${field} or its end cell is not shown`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

async function wheelTo(page: Page, field: string, top: boolean): Promise<void> {
  await page.locator(field).hover();
  await page.mouse.wheel(0, top ? -WHEEL : WHEEL);
  await inPage(page.locator(field), SCROLLED_TO_END, top);
}

/** A slider handle moved as a person does with the keyboard: Home to the minimum, then one arrow press per step. */
async function slideTo(handle: Locator, value: number): Promise<void> {
  const min = await handle.evaluate((h) => Number((window as unknown as TaskPage).$(h).closest('.ui-slider').slider('option', 'min')));
  await handle.focus();
  await handle.press('Home');
  for (let v = min; v < value; v++) await handle.press('ArrowRight');
}

export async function runStep(page: Page, step: Step): Promise<void> {
  const field = String(step.args.field ?? '');
  switch (step.call) {
    case 'form.fill':
      switch (step.args.how ?? (await howOf(page, field))) {
        case 'type':
          return page.locator(field).fill(String(step.args.value));
        case 'select':
          await page.locator(field).selectOption({ label: String(step.args.value) });
          return;
        case 'check':
        case 'pick':
        case 'press':
          return tick(page.locator(field));
        case 'slide':
          return slideTo(page.locator(field), Number(step.args.value));
        case 'keys':
          return page.locator(field).pressSequentially(String(step.args.value));
        case 'highlight':
          return dragAcross(page, page.locator(field), String(step.args.value));
        case 'scroll':
          return wheelTo(page, field, step.args.value === 'top');
        case 'drag':
          return dragCells(page, field, Number(step.args.value));
        default:
          throw new Error(`form.fill: unknown how ${JSON.stringify(step.args.how)}`);
      }
    case 'form.submit':
      return step.args.key ? page.locator(field).press(String(step.args.key)) : page.locator(field).click();
    case 'page.click':
      return page.locator(field).click();
    case 'page.scroll':
      return wheelTo(page, field, step.args.to === 'top');
    case 'page.hover':
      return page.locator(field).hover();
    case 'page.key':
      if (step.args.text) await page.locator(field).pressSequentially(String(step.args.text));
      return page.locator(field).press(String(step.args.key));
    case 'task.claim':
      return; // claiming completion changes nothing in the page
    default:
      throw new Error(`unknown miniwob step ${step.call}`);
  }
}

/**
 * The reference's fields as the recorder names them: a solver names an element
 * the page creates later by a selector of its own (`#forward .forward-sender`),
 * the recorder by id or position. Both spellings are kept; a field absent from
 * this page (another path of a mutant) keeps only its own.
 */
async function recorderSelectors(page: Page, fields: Set<string>): Promise<Set<string>> {
  const named = await page.evaluate((sels) => sels.flatMap((s) => {
    try {
      const el = document.querySelector(s);
      return el ? [(window as unknown as TaskPage).__blindspot.selectorOf(el) as string] : [];
    } catch {
      return []; // not plain CSS (a Playwright text selector)
    }
  }), [...fields].filter(Boolean));
  return new Set([...fields, ...named]);
}

export class MiniwobEpisode implements Episode {
  private delivered?: string;
  private started = false;

  private constructor(private env: EpisodeEnv, private context: BrowserContext, private page: Page) {}

  static async open(env: EpisodeEnv): Promise<MiniwobEpisode> {
    const { context, page } = await openContext(env.browser, env.actionMs);
    return new MiniwobEpisode(env, context, page);
  }

  async deliver(trajectory: Trajectory): Promise<Delivery> {
    this.delivered = trajectory.task;
    const { url, seed } = this.env.locate(trajectory.task);
    let stepsRun = 0;
    try {
      await startEpisode(this.page, url, seed, this.env.actionMs * 3);
      this.started = true;
      for (const step of trajectory.steps) {
        await runStep(this.page, step);
        stepsRun++;
      }
      return { completed: true, stepsRun };
    } catch (e) {
      const error = `step ${stepsRun} ${trajectory.steps[stepsRun]?.call ?? 'setup'}: ${(e as Error).message.split('\n')[0]}`;
      const shot = await this.page.screenshot({ type: 'jpeg', quality: 40, timeout: 2000 }).catch(() => undefined);
      return { completed: false, stepsRun, error, page: { url: this.page.url(), ...(shot ? { screenshot: `data:image/jpeg;base64,${shot.toString('base64')}` } : {}) } };
    }
  }

  async readback(): Promise<Effect> {
    if (!this.started) throw new Error('the task page never started, so there is nothing to read back');
    const submission = await readSubmission(this.page);
    const answer = await this.env.answer(this.delivered!);
    const [fields, picked] = [await recorderSelectors(this.page, answer.fields), await recorderSelectors(this.page, answer.picked)];
    return effectOf(submission, { ...answer, fields, picked });
  }

  async check(taskId: string): Promise<Verdict> {
    // The reward lives in the delivered page: another task's checker has no page of its own here.
    if (taskId !== this.delivered) return { verdict: 'error', detail: `miniwob: the page holds ${this.delivered ?? 'no task'}, not ${taskId}; MiniWoB rewards are per page` };
    const reward = await readReward(this.page);
    const checkers = judge(reward);
    return { verdict: checkers[this.env.harness].verdict, detail: `${this.env.harness}: ${describeReward(reward)}`, checkers };
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
