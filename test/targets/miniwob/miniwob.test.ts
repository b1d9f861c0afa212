// The miniwob target against the real package HTML and Chromium: references
// (oracle solvers) pass every harness on a sample of tasks and seeds, readback
// sees what the page submitted, and the harnesses differ where a task grants
// partial credit; a missing install names its setup command.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Target, Trajectory } from '../../../src/contract/target.ts';
import { openMiniwob } from '../../../targets/miniwob/target.ts';
import { COVERED } from '../../../targets/miniwob/solvers.ts';
import { locatePackage, SETUP, VENV } from '../../../targets/miniwob/package.ts';
import { CHOICE_OPERATORS } from '../../../src/grammar/families/index.ts';
import { openTarget } from '../../../src/target/registry.ts';
import { describeWith, hasChromium } from '../../fixtures/requires.ts';
import { startRuntime } from '../../../targets/miniwob/runtime.ts';
import { openContext } from '../../../targets/miniwob/episode.ts';
import { readReward, startEpisode } from '../../../targets/miniwob/page.ts';

const describeMiniwob = describeWith('the miniwob venv and Chromium', hasChromium && existsSync(VENV), SETUP);

/** One task of each family, and the tasks the audit's findings rest on. */
const SAMPLE = [
  'click-checkboxes', 'click-checkboxes-soft', 'click-option', 'choose-list', 'enter-text', 'enter-time', 'login-user', 'multi-layouts', 'click-button', 'click-dialog-2', 'click-tab-2-medium', 'social-media-all', 'form-sequence-2',
  // elements the page creates later, further looks, drags, keys, the wheel
  'email-inbox-forward', 'book-flight', 'phone-book', 'text-editor', 'terminal', 'scroll-text-2', 'daily-calendar',
  // drawings (SVG shapes, a canvas polygon) and replies to probes
  'click-shape', 'count-shape', 'count-sides', 'guess-number',
];

async function deliver(target: Target, trajectory: Trajectory) {
  const ep = await target.episode();
  try {
    const delivery = await ep.deliver(trajectory);
    const effect = await ep.readback();
    const verdict = await ep.check(trajectory.task);
    return { delivery, effect, verdict };
  } finally {
    await ep.close();
  }
}

describeMiniwob('miniwob target', () => {
  let target: Target;
  beforeAll(async () => {
    target = await openMiniwob({ targetOptions: { seeds: '0-1' } });
  });
  afterAll(async () => {
    await target?.close();
  });

  it('covers at least 40 tasks, of every family, each seed a task instance', async () => {
    expect(COVERED.size).toBeGreaterThanOrEqual(40);
    expect(new Set([...COVERED.values()].map((c) => c.family))).toEqual(new Set(['form', 'checkbox', 'select', 'text-entry', 'click', 'multi-step']));
    const tasks = await target.tasks();
    expect(tasks).toHaveLength(COVERED.size * 2);
    expect(tasks.find((t) => t.id === 'click-button/1')).toMatchObject({ generator: 'click-button', variant: 1 });
  });

  it.each(SAMPLE)('the reference of %s passes every harness on each seed, and reads back the submission', async (task) => {
    for (const seed of [0, 1]) {
      const ref = await target.reference(`${task}/${seed}`);
      const { delivery, effect, verdict } = await deliver(target, ref);
      expect(delivery.completed, delivery.error).toBe(true);
      expect(verdict.verdict, verdict.detail).toBe('pass');
      expect(Object.values(verdict.checkers!).map((c) => c.verdict)).toEqual(['pass', 'pass', 'pass']);
      expect(effect.submission.added).toHaveLength(1);
    }
  });

  it('is reproducible: one seed gives one reference and one effect; another seed another episode', async () => {
    const [a, b] = [await target.reference('enter-text/0'), await target.reference('enter-text/1')];
    expect(a.steps).not.toEqual(b.steps);
    const [x, y] = [await deliver(target, a), await deliver(target, a)];
    expect(x.effect).toEqual(y.effect);
    expect(x.effect.controls.updated[0].after.value).toBe(a.steps[0].args.value);
  });

  it('reads back no submission when the task never ended its episode, and no harness passes it', async () => {
    const ref = await target.reference('login-user/0');
    const { delivery, effect, verdict } = await deliver(target, { task: ref.task, steps: ref.steps.filter((s) => s.call !== 'form.submit') });
    expect(delivery.completed).toBe(true);
    expect(effect).toEqual({});
    expect(verdict.detail).toMatch(/not done/);
    expect(Object.values(verdict.checkers!).every((c) => c.verdict === 'fail')).toBe(true);
  });

  it('shows the harnesses apart where a task grants partial credit: one wrong box of click-checkboxes-soft', async () => {
    const ref = await target.reference('click-checkboxes-soft/0');
    const wrong = CHOICE_OPERATORS['extra-selection'](ref.steps, {});
    if (!wrong.ok) throw new Error(wrong.reason);
    const { effect, verdict } = await deliver(target, { task: ref.task, steps: wrong.steps });
    const ticked = effect.controls.updated.filter((u) => u.after.checked).map((u) => u.key);
    expect(ticked).toContain(wrong.steps.find((s, i) => s.args.field !== ref.steps[i]?.args.field)!.args.field);
    const raw = Number(/raw reward (\S+),/.exec(verdict.detail)![1]);
    expect(raw).toBeGreaterThan(0);
    expect(raw).toBeLessThan(1);
    expect(verdict.checkers!['raw-reward'].verdict).toBe('fail');
    expect(verdict.checkers!.browsergym.verdict).toBe('pass');
    expect(verdict.checkers!['miniwob-gym'].verdict).toBe('pass');
  });

  it('covers every email-inbox variant, the natural-language ones through the fields the task gives beside its utterance', async () => {
    const email = [...COVERED.keys()].filter((t) => t.startsWith('email-inbox'));
    expect(email).toHaveLength(10);
    const ref = await target.reference('email-inbox-forward-nl-turk/0');
    expect(ref.steps.map((s) => s.call)).toEqual(['form.fill', 'page.click', 'form.fill', 'form.submit', 'task.claim']);
  });

  it('reads back a selection: a highlight cut short by partial-entry shows the shorter text, and no harness passes it', async () => {
    const ref = await target.reference('highlight-text/0');
    const short = CHOICE_OPERATORS['partial-entry'](ref.steps, {});
    if (!short.ok) throw new Error(short.reason);
    const [full, cut] = [await deliver(target, ref), await deliver(target, { task: ref.task, steps: short.steps })];
    const selection = (e: typeof full.effect) => String(e.submission.added[0].values.selection);
    expect(selection(full.effect)).toBe(String(ref.steps[0].args.value).replace(/\s+/g, ' ').trim());
    expect(selection(cut.effect)).toBe(String(short.steps[0].args.value).replace(/\s+/g, ' ').trim());
    expect(selection(cut.effect).length).toBeLessThan(selection(full.effect).length);
    expect(Object.values(cut.verdict.checkers!).map((c) => c.verdict)).toEqual(['fail', 'fail', 'fail']);
  });

  // Why click-pie is not covered (docs/miniwob.md): the benchmark itself rejects a correct pointer click.
  it('click-pie: a pointer click on the initially selected slice never ends the episode; on another slice it does', async () => {
    const rt = await startRuntime(locatePackage().html);
    try {
      const clickTitle = async (item: number) => {
        const { context, page } = await openContext(rt.browser, 3000);
        try {
          await startEpisode(page, `${rt.url}/miniwob/click-pie-nodelay.html`, 1, 9000);
          await page.click('#wheelnav-divWheel-spreadertitle');
          // read before the click: the task removes the pie once an episode ends
          const [asked, title] = [await page.locator('#query .bold').textContent(), await page.locator(`#wheelnav-divWheel-title-${item}`).textContent()];
          await page.click(`#wheelnav-divWheel-title-${item}`);
          await page.waitForTimeout(200);
          return { asked, title, reward: await readReward(page) };
        } finally {
          await context.close();
        }
      };
      const selected = await clickTitle(0);
      expect(selected.title).toBe(selected.asked);
      expect(selected.reward.done).toBe(false);
      const other = await clickTitle(2);
      expect(other.title).not.toBe(other.asked);
      expect(other.reward).toMatchObject({ done: true, rawReward: -1 });
    } finally {
      await rt.close();
    }
  });

  it('names the setup command when the package HTML is missing, and refuses unknown options', async () => {
    const saved = process.env.MINIWOB_HTML;
    process.env.MINIWOB_HTML = '/nonexistent/miniwob/html';
    try {
      expect(() => locatePackage()).toThrow(SETUP);
    } finally {
      if (saved === undefined) delete process.env.MINIWOB_HTML;
      else process.env.MINIWOB_HTML = saved;
    }
    await expect(openTarget('miniwob?harness=gymnasium')).rejects.toThrow(/harness: expected one of raw-reward, miniwob-gym, browsergym/);
    await expect(openTarget('miniwob?seeds=a-b')).rejects.toThrow(/seeds: expected whole numbers/);
    await expect(openTarget('miniwob?speed=fast')).rejects.toThrow(/no option 'speed'/);
  });
});
