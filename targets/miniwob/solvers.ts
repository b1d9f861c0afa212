// Oracle solvers: MiniWoB ships no gold actions, so each covered task has a
// solver that reads the utterance and the DOM of a fresh seeded episode and
// returns the correct interaction as GUI steps (drawn answers in drawn.ts,
// games played against the page in games.ts).
import type { Step } from '../../src/contract/target.ts';
import type { El, Observation } from './page.ts';
import { check, highlight, hover, key as keyPress, keys, later, navigate, pick, press, scroll, select, slide, submit, submitKey, typeInto } from './steps.ts';
import { clickShape, countShape, countSides, identifyShape, visualAddition } from './drawn.ts';
import { byId, byTag, done, match, need, one, ordinal, others, quoted, submitButton, textInputs, typed, Unreadable, type Family, type Solver } from './read.ts';

/** "Select A, B and click Submit." or "Select nothing and click Submit." */
function listed(o: Observation): string[] {
  const m = match(o, /^Select (.*) and click Submit\.$/);
  return m[1] === 'nothing' ? [] : m[1].split(', ');
}

function checkboxes(o: Observation, wanted: (box: El) => boolean): Step[] {
  const boxes = o.elements.filter((e) => e.tag === 'input' && e.type === 'checkbox');
  const chosen = boxes.filter(wanted);
  const rest = boxes.filter((b) => !chosen.includes(b));
  return done(chosen.map((b) => check(b, rest)), submit(submitButton(o)));
}

const clickCheckboxes: Solver = (o) => {
  const want = listed(o);
  const steps = checkboxes(o, (b) => want.includes(b.label));
  need(steps.length - 2 === want.length, `a checkbox for each of ${want.join(', ')}`);
  return steps;
};

const clickCheckboxesSoft: Solver = (o) => {
  const words = match(o, /^Select words similar to (.*) and click Submit\.$/)[1];
  const groups = need(o.globals.SYNONYMS, 'the task\'s synonym lists');
  const want = words === 'nothing' ? [] : words.split(', ');
  const group = (w: string) => need(groups.find((g) => g.includes(w)), `a synonym list holding ${w}`);
  const steps = checkboxes(o, (b) => want.some((w) => group(w).includes(b.label)));
  need(steps.length - 2 === want.length, `one checkbox per word of ${words}`);
  return steps;
};

const clickOption: Solver = (o) => {
  const want = match(o, /^Select (.*) and click Submit\.$/)[1];
  const radios = o.elements.filter((e) => e.tag === 'input' && e.type === 'radio');
  const r = one(radios.filter((x) => x.label === want), `a radio labelled ${want}`);
  return done(check(r, radios.filter((x) => x.label !== want)), submit(submitButton(o)));
};

const chooseList: Solver = (o) => {
  const want = match(o, /^Select (.*) from the list and click Submit\.$/)[1];
  const list = one(byTag(o, 'select'), 'the list');
  need(list.options.includes(want), `option ${want}`);
  return done(select(list, want), submit(one(byTag(o, 'button'), 'the submit button')));
};

/** A multiple-choice list: tick each named option; the list's other options are the wrong choices. */
const clickScrollList: Solver = (o) => {
  const want = match(o, /^Select (.*) from the scroll list and click Submit\.$/)[1].split(', ');
  const options = o.elements.filter((e) => e.tag === 'option');
  const chosen = want.map((w) => one(options.filter((x) => x.text === w), `option ${w}`));
  return done(chosen.map((c) => check(c, others(options, chosen))), submit(one(byTag(o, 'button'), 'the submit button')));
};

/** A task whose answer is one text typed into its only text field, then Submit. */
const typeOne = (answer: (o: Observation) => string): Solver => (o) => done(typed(one(textInputs(o).filter((e) => e.tag === 'input'), 'the text field'), answer(o)), submit(submitButton(o)));

const enterText2: Solver = typeOne((o) => {
  const m = match(o, /^Type "(.*)" in all (upper|lower) case letters/);
  return m[2] === 'upper' ? m[1].toUpperCase() : m[1].toLowerCase();
});

const enterPassword: Solver = (o) => {
  const pw = quoted(o);
  const fields = textInputs(o);
  need(fields.length === 2, 'two password fields');
  return done(fields.map((f, i) => typeInto(f, pw, i ? 'verify password' : 'password')), submit(submitButton(o)));
};

const loginUser: Solver = (o) => {
  const m = match(o, /username "(.*)" and the password "(.*)"/);
  return done(typeInto(byId(o, 'username'), m[1], 'username'), typeInto(byId(o, 'password'), m[2], 'password'), submit(submitButton(o)));
};

const enterDate: Solver = (o) => {
  const [, mm, dd, yyyy] = match(o, /Enter (\d\d)\/(\d\d)\/(\d{4})/);
  return done(typed(byId(o, 'tt'), `${yyyy}-${mm}-${dd}`, 'date'), submit(submitButton(o)));
};

const enterTime: Solver = (o) => {
  const [, h, mi, ampm] = match(o, /Enter (\d+):(\d\d) (AM|PM)/);
  const hh = (Number(h) % 12) + (ampm === 'PM' ? 12 : 0);
  return done(typed(byId(o, 'tt'), `${String(hh).padStart(2, '0')}:${mi}`, 'time'), submit(submitButton(o)));
};

/** The value cells of the task's key/value table. */
function tableValue(o: Observation, key: string): string {
  const cells = byTag(o, 'td');
  const i = cells.findIndex((c, j) => j % 2 === 0 && c.text === key);
  return need(cells[i + 1], `table row ${key}`).text;
}

const readTable2: Solver = (o) => {
  const labels = o.elements.filter((e) => e.tag === 'label' && e.attrs['data-key']);
  need(labels.length, 'the form labels');
  const inputs = textInputs(o);
  const steps = labels.map((l) => {
    const input = one(inputs.filter((i) => i.parent === l.parent), `the field of ${l.text}`);
    return typeInto(input, tableValue(o, l.attrs['data-key']), l.attrs['data-key']);
  });
  return done(steps, submit(submitButton(o)));
};

const lettersOnly = (w: string) => w.replace(/[^a-zA-Z0-9]/g, '');

const findWord: Solver = typeOne((o) => {
  const n = ordinal(o.utterance);
  const words = one(byTag(o, 'p'), 'the paragraph').text.split(' ').filter(Boolean);
  return lettersOnly(need(words[n - 1], `word ${n}`));
});

const scrollText: Solver = typeOne((o) => lettersOnly(byId(o, 'text-area').value.split(/\s/).pop() ?? ''));

const copyPaste: Solver = typeOne((o) => byId(o, 'to-copy').value);

const copyPaste2: Solver = typeOne((o) => byId(o, `text-${ordinal(o.utterance)}`).value);

/** "a op b =" or the algebra form "a op x = c" / "x op a = c", answered exactly as the task's string comparison wants. */
function arithmetic(o: Observation): string {
  const p = byId(o, 'math-problem').text;
  const m = /^(-?\d+) ([-+x*]) (-?\d+) =$/.exec(p);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    return String(m[2] === '+' ? a + b : m[2] === '-' ? a - b : a * b);
  }
  const left = /^(-?\d+) ([-+]) x = (-?\d+)$/.exec(p);
  if (left) return String(left[2] === '+' ? Number(left[3]) - Number(left[1]) : Number(left[1]) - Number(left[3]));
  const right = need(/^x ([-+]) (-?\d+) = (-?\d+)$/.exec(p), `the problem "${p}"`);
  return String(right[1] === '+' ? Number(right[3]) - Number(right[2]) : Number(right[3]) + Number(right[2]));
}

const mathTask: Solver = (o) => done(typed(byId(o, 'math-answer'), arithmetic(o), 'answer'), submit(submitButton(o)));

const textTransform: Solver = typeOne((o) => byId(o, 'captcha').text.replace(/\s/g, ''));

const formSequence2: Solver = (o) => {
  const m = match(o, /Check the (\d+)\w\w radio button and enter the number "(.*)" into the (\d+)\w\w textbox/);
  const radios = o.elements.filter((e) => e.type === 'radio');
  const r = need(radios[Number(m[1]) - 1], 'the radio');
  const box = need(textInputs(o)[Number(m[3]) - 1], 'the textbox');
  return done(check(r, radios.filter((x) => x !== r)), typeInto(box, m[2], `textbox ${m[3]}`), submit(submitButton(o)));
};

/** Movie search forms in many layouts: each field is told by the words around it. */
const movieSearch: Solver = (o) => {
  const m = match(o, /^Search for (.*) movies directed by (.*) from year (\d+)\.$/);
  const inputs = textInputs(o);
  need(inputs.length === 3, 'three search fields');
  const roleOf = (e: El) => {
    const t = `${e.context} ${e.attrs.placeholder ?? ''}`;
    return /genre/i.test(t) ? 'genre' : /director|name/i.test(t) ? 'director' : /year|date/i.test(t) ? 'year' : undefined;
  };
  const value = { genre: m[1], director: m[2], year: m[3] };
  const steps = inputs.map((e) => {
    const role = need(roleOf(e), `the role of field ${e.sel} ("${e.context}")`);
    return typeInto(e, value[role], role);
  });
  need(new Set(steps.map((s) => s.args.label)).size === 3, 'a distinct field per role');
  const go = one(o.elements.filter((e) => e.tag === 'button' || e.cls.split(' ').includes('final')), 'the submit control');
  return done(steps, submit(go));
};

// --- click the right thing ---------------------------------------------------

/** Click the element of `pool` whose text is `want`; the others of different text are the wrong choices. */
function clickText(pool: El[], want: string, what: string): Step[] {
  const el = one(pool.filter((e) => e.text === want), `${what} "${want}"`);
  return done(submit(el, others(pool, [el])));
}

const buttons = (o: Observation) => byTag(o, 'button');

const clickButton: Solver = (o) => clickText(buttons(o), quoted(o), 'a button');
const clickLink: Solver = (o) => clickText(o.elements.filter((e) => e.cls === 'alink'), quoted(o), 'a link');
const clickTest: Solver = (o) => done(submit(one(buttons(o), 'the button')));
const clickTestOne: Solver = (o) => clickText(buttons(o), match(o, /^Click button (\w+)\.$/)[1], 'button');

const clickButtonSequence: Solver = (o) => {
  const [a, b] = [byText(o, 'button', 'ONE'), byText(o, 'button', 'TWO')];
  return done(press(a), submit(b, [a]));
};

function byText(o: Observation, tag: string, text: string): El {
  return one(o.elements.filter((e) => e.tag === tag && e.text === text), `${tag} "${text}"`);
}

const dialogButtons = (o: Observation) => o.elements.filter((e) => e.tag === 'button' && e.cls.includes('ui-button'));
const clickDialog: Solver = (o) => done(submit(one(dialogButtons(o).filter((e) => e.attrs.title === 'Close'), 'the dialog\'s x')));
const clickDialog2: Solver = (o) => {
  const want = quoted(o);
  const pool = dialogButtons(o).map((e) => (e.attrs.title === 'Close' ? { ...e, text: 'x' } : e));
  return clickText(pool, want === 'x' ? 'x' : want, 'a dialog button');
};

const tabAnchors = (o: Observation) => o.elements.filter((e) => e.cls.includes('ui-tabs-anchor'));
const clickTab: Solver = (o) => clickText(tabAnchors(o), `Tab #${match(o, /Tab #(\d+)/)[1]}`, 'tab');

/** A link inside one of several hidden panels: open the panel that holds it, click it; other links of that panel are the wrong choices. */
function linkInPanel(o: Observation, panels: El[], opener: (panel: El) => El): Step[] {
  const want = quoted(o);
  const links = o.elements.filter((e) => e.cls === 'alink');
  const panel = one(panels.filter((p) => links.some((l) => l.text === want && isInside(o, l, p))), `a panel holding link "${want}"`);
  const inPanel = links.filter((l) => isInside(o, l, panel));
  const link = one(inPanel.filter((l) => l.text === want), `link "${want}"`);
  return done(navigate(opener(panel)), submit(link, others(inPanel, [link])));
}

function isInside(o: Observation, el: El, ancestor: El): boolean {
  const bySel = new Map(o.elements.map((e) => [e.sel, e]));
  for (let p = bySel.get(el.parent); p; p = bySel.get(p.parent)) if (p.sel === ancestor.sel) return true;
  return false;
}

/** click-tab-2-medium empties tab 2; when no panel holds the link, the task wants tab 2 clicked instead. */
const clickTab2Medium: Solver = (o) => {
  const want = quoted(o);
  if (o.elements.some((e) => e.cls === 'alink' && e.text === want)) return clickTab2(o);
  const tabs = tabAnchors(o);
  const second = need(tabs[1], 'tab 2');
  return done(submit(second, tabs.filter((t) => t !== second)));
};

const clickTab2: Solver = (o) =>
  linkInPanel(o, o.elements.filter((e) => e.attrs.role === 'tabpanel'), (panel) => one(tabAnchors(o).filter((a) => a.attrs.href === `#${panel.id}`), `the tab of ${panel.id}`));

const accordionHeaders = (o: Observation) => o.elements.filter((e) => e.cls.includes('ui-accordion-header') && e.tag === 'h3');
const clickCollapsible2: Solver = (o) =>
  linkInPanel(o, o.elements.filter((e) => e.cls.includes('ui-accordion-content')), (panel) => one(accordionHeaders(o).filter((h) => h.attrs['aria-controls'] === panel.id), `the header of ${panel.id}`));

const clickCollapsible: Solver = (o) => done(navigate(one(accordionHeaders(o), 'the section header')), submit(submitButton(o)));

const clickWidget: Solver = (o) => {
  const want = quoted(o);
  const widgets = o.elements.filter((e) => e.attrs['data-type']);
  const el = one(widgets.filter((w) => w.attrs['data-type'] === want), `a ${want} widget`);
  return done(submit(el, widgets.filter((w) => w.attrs['data-type'] !== want)));
};

const focusText: Solver = (o) => done(submit(one(textInputs(o), 'the textbox')));
const focusText2: Solver = (o) => {
  const boxes = textInputs(o);
  const el = need(boxes[ordinal(o.utterance) - 1], 'the textbox');
  return done(submit(el, boxes.filter((b) => b !== el)));
};

const unicodeTest: Solver = (o) => clickText(buttons(o), quoted(o), 'a button');

/** Social posts: each .media has a username and its controls. */
function posts(o: Observation): { user: string; media: El }[] {
  return o.elements.filter((e) => e.cls === 'media').map((media) => ({ media, user: one(o.elements.filter((u) => u.cls === 'username' && isInside(o, u, media)), 'a post\'s username').text }));
}

const control = (o: Observation, media: El, cls: string) => one(o.elements.filter((e) => e.cls === cls && isInside(o, e, media)), `a ${cls} control`);

const socialMediaAll: Solver = (o) => {
  const m = match(o, /^Click the "(\w+)" button on (all|\d+) posts? by (@\S+) and then click Submit\.$/);
  const cls = m[1].toLowerCase();
  const all = posts(o);
  const mine = all.filter((p) => p.user === m[3]);
  const picked = m[2] === 'all' ? mine : mine.slice(0, Number(m[2]));
  need(picked.length && (m[2] === 'all' || picked.length === Number(m[2])), `enough posts by ${m[3]}`);
  const wrong = all.filter((p) => p.user !== m[3]).map((p) => control(o, p.media, cls));
  const go = one(o.elements.filter((e) => e.tag === 'button' && /submit/i.test(e.text)), 'the submit button');
  return done(picked.map((p) => press(control(o, p.media, cls), wrong)), submit(go));
};

const SOCIAL_ACTIONS: Record<string, string> = { 'Share via DM': 'share', 'Copy link to Tweet': 'copy', 'Embed Tweet': 'embed', Mute: 'menu-user', Block: 'block-user', Report: 'report', Reply: 'reply', Retweet: 'retweet', Like: 'like' };
const IN_MENU = new Set(['share', 'copy', 'embed', 'menu-user', 'block-user', 'report']);

/**
 * social-media: one action on a post by the user. Menu actions sit behind the
 * post's "more" icon, whose image is swapped on hover: point at it first, or the
 * click lands on the post behind the swapped image (so are reply, retweet, like). Wrong choices: the same
 * action on another user's post, another action on this one.
 */
const socialMedia: Solver = (o) => {
  const m = match(o, /^For the user (@\S+), click on the "(.+)" button\.$/);
  const cls = need(SOCIAL_ACTIONS[m[2]], `an action called ${m[2]}`);
  const all = posts(o);
  // The icons have no text: name them by action and user.
  const act = (p: { user: string; media: El }, a: string) => ({ ...control(o, p.media, a), label: `${a} ${p.user}` });
  const post = need(all.find((p) => p.user === m[1]), `a post by ${m[1]}`);
  const actions = Object.values(SOCIAL_ACTIONS).filter((a) => a !== cls && IN_MENU.has(a) === IN_MENU.has(cls)).map((a) => act(post, a));
  const elsewhere = all.filter((p) => p.user !== m[1]).map((p) => act(p, cls));
  const more = act(post, 'more');
  const open = IN_MENU.has(cls) ? [hover(more), navigate(more)] : [hover(act(post, cls))];
  return done(open, submit(act(post, cls), [...elsewhere, ...actions]));
};

/** A jQuery selectric dropdown: open it, pick the item, then click the named button. */
const formSequence3: Solver = (o) => {
  const m = match(o, /^Choose (.*) from the dropdown, then click the button labeled "(.*)"\.$/);
  const items = o.elements.filter((e) => e.tag === 'li' && e.attrs['data-index'] && e.text);
  const item = one(items.filter((e) => e.text === m[1]), `dropdown item "${m[1]}"`);
  const opener = one(o.elements.filter((e) => e.cls === 'selectric'), 'the dropdown');
  const buttons = o.elements.filter((e) => e.tag === 'button' && e.parent === '#buttons');
  const go = one(buttons.filter((b) => b.text === m[2]), `button "${m[2]}"`);
  return done(navigate(opener), press(item, others(items, [item])), submit(go, others(buttons, [go])));
};

const oddOrEven: Solver = (o) => {
  const rows = o.elements.filter((e) => e.cls === 'row');
  const steps = rows.map((row) => {
    const n = Number(one(o.elements.filter((e) => e.cls === 'display-number' && isInside(o, e, row)), 'a number').text);
    const [odd, even] = [control(o, row, 'odd'), control(o, row, 'even')];
    return Math.abs(n) % 2 === 1 ? press(odd, [even]) : press(even, [odd]);
  });
  return done(steps, submit(byId(o, 'submit')));
};

// --- email inbox ------------------------------------------------------------

type EmailAction = { action: 'reply'; by: string; text: string } | { action: 'forward'; by: string; to: string } | { action: 'delete' | 'important'; by: string };

/** What the email task asks: from the utterance, or from the fields the natural-language variants give beside it. */
function emailAction(o: Observation): EmailAction {
  const f = o.fields;
  if (f.by) {
    if (f.task === 'reply') return { action: 'reply', by: f.by, text: need(f.message, 'the reply text field') };
    if (f.task === 'delete' || f.task === 'star') return { action: f.task === 'star' ? 'important' : 'delete', by: f.by };
    return { action: 'forward', by: f.by, to: need(f.to, 'the forward recipient field') };
  }
  const reply = /^Find the email by (.+?) and reply to them with the text "(.*)"\.$/.exec(o.utterance);
  if (reply) return { action: 'reply', by: reply[1], text: reply[2] };
  const forward = /^Find the email by (.+?) and forward that email to (.+)\.$/.exec(o.utterance);
  if (forward) return { action: 'forward', by: forward[1], to: forward[2] };
  const icon = match(o, /^Find the email by (.+?) and click the (trash|star) icon/);
  return { action: icon[2] === 'trash' ? 'delete' : 'important', by: icon[1] };
}

/**
 * The inbox lists threads by sender; the task rewards acting on any thread whose
 * sender is the named one, so the wrong choices are the threads of other senders.
 * Trash and star act from the list; reply and forward open the thread first.
 */
const emailInbox: Solver = (o) => {
  const want = emailAction(o);
  const threads = o.elements.filter((e) => e.cls === 'email-thread' && e.parent === '#main');
  const sender = (t: El) => one(o.elements.filter((e) => e.cls === 'email-sender' && isInside(o, e, t)), 'a thread\'s sender').text;
  // Named by sender, as a person would tell them apart.
  const named = (el: El, what: string, t: El) => ({ ...el, label: `${what} of ${sender(t)}` });
  const mine = one(threads.filter((t) => sender(t) === want.by), `a thread from ${want.by}`);
  const rest = threads.filter((t) => sender(t) !== want.by);
  if (want.action === 'delete' || want.action === 'important') {
    const cls = want.action === 'delete' ? 'trash' : 'star';
    return done(submit(named(control(o, mine, cls), cls, mine), rest.map((t) => named(control(o, t, cls), cls, t))));
  }
  const open = press(named(mine, 'email', mine), rest.map((t) => named(t, 'email', t)));
  if (want.action === 'reply') return done(open, navigate(later('#email .email-reply', 'Reply')), typeInto(later('#reply-text'), want.text, 'reply text'), submit(later('#send-reply', 'send')));
  if (want.action === 'forward') return done(open, navigate(later('#email .email-forward', 'Forward')), typeInto(later('#forward .forward-sender'), want.to, 'forward to'), submit(later('#send-forward', 'send')));
  throw new Unreadable(`email action ${JSON.stringify(want)}`);
};

// --- menus, trees, widgets ---------------------------------------------------

/** "Select A>B>C": point at each menu on the path to open it, then click the leaf; the leaf's siblings are the wrong choices. */
const clickMenu: Solver = (o) => {
  const path = match(o, /^Select (.+)$/)[1].split('>');
  const items = o.elements.filter((e) => e.cls.includes('ui-menu-item-wrapper'));
  const own = (e: El) => e.own;
  let scope = one(o.elements.filter((e) => e.id === 'menu'), 'the menu');
  const steps: Step[] = [];
  for (const [i, name] of path.entries()) {
    const level = items.filter((e) => isInside(o, e, scope) && o.elements.find((u) => u.sel === o.elements.find((li) => li.sel === e.parent)?.parent)?.sel === scope.sel);
    const item = one(level.filter((e) => own(e) === name), `menu item "${name}"`);
    if (i < path.length - 1) {
      steps.push(hover(item));
      scope = one(o.elements.filter((e) => e.tag === 'ul' && e.parent === item.parent), `the submenu of "${name}"`);
    } else steps.push(submit(item, level.filter((e) => e !== item && !o.elements.some((u) => u.tag === 'ul' && u.parent === e.parent))));
  }
  return done(steps);
};

/** The "Menu" button opens a two-level menu; the item is named by its label or by its icon (the query's icon class). */
const clickMenu2: Solver = (o) => {
  const label = /labeled "(.*)"\.$/.exec(o.utterance)?.[1];
  const icon = label ? undefined : need(/ui-icon (ui-icon-[\w-]+)/.exec(o.queryHtml), 'the icon of the query')[1];
  const leaves = o.elements.filter((e) => e.tag === 'li' && e.parent !== '' && !e.cls.includes('ui-state-disabled') && !o.elements.some((u) => u.tag === 'ul' && u.parent === e.sel) && isInside(o, e, byId(o, 'menu')));
  const hasIcon = (li: El) => o.elements.some((s) => s.tag === 'span' && s.cls.split(' ').includes(icon!) && isInside(o, s, li));
  const leaf = one(leaves.filter((li) => (label ? li.text === label : hasIcon(li))), `menu item ${label ?? icon}`);
  const steps: Step[] = [navigate(byId(o, 'open-menu'))];
  const bySel = new Map(o.elements.map((e) => [e.sel, e]));
  const parentItem = bySel.get(bySel.get(leaf.parent)?.parent ?? '');
  if (parentItem?.tag === 'li') steps.push(navigate(one(o.elements.filter((d) => d.tag === 'div' && d.parent === parentItem.sel), 'the submenu header')));
  const siblings = leaves.filter((li) => li.parent === leaf.parent && li !== leaf);
  return done(steps, submit(leaf, siblings));
};

/** A collapsed file tree: open the folders above the first node of that name, then click it; other files are the wrong choices. */
const navigateTree: Solver = (o) => {
  const want = quoted(o);
  const names = o.elements.filter((e) => e.tag === 'span' && (e.cls.split(' ').includes('file') || e.cls.split(' ').includes('folder')) && isInside(o, e, byId(o, 'tree')));
  const node = one(names.filter((n) => n.text === want), `a node named ${want}`);
  const folders = names.filter((f) => f.cls.split(' ').includes('folder') && f !== node && isInside(o, node, one(o.elements.filter((li) => li.sel === f.parent), 'a folder item')));
  const files = names.filter((f) => f.cls.split(' ').includes('file') && f.text !== want && folders.every((d) => d.parent !== f.parent) && o.elements.find((li) => li.sel === f.parent)?.parent === o.elements.find((li) => li.sel === node.parent)?.parent);
  return done(folders.map(navigate), submit(node, files));
};

const loginUserPopup: Solver = (o) => {
  const m = match(o, /username "(.*)" and the password "(.*)"/);
  const [user, pass] = [byId(o, 'username'), byId(o, 'password')];
  // A seeded third of the episodes opens a popup when one of the fields takes the focus: Cancel it, then type.
  const popup = [user, pass].find((f) => f.handlers.includes('focus'));
  const cancel = popup ? [navigate(popup), press(later('#popup-cancel', 'Cancel'), [later('#popup-ok', 'OK')])] : [];
  return done(cancel, typeInto(user, m[1], 'username'), typeInto(pass, m[2], 'password'), submit(submitButton(o)));
};

/** Any listed country that starts (and ends) as asked is right; the wrong entries are those that do not. */
const useAutocomplete: Solver = (o) => {
  const m = match(o, /^Enter an item that starts with "(.*?)"(?: and ends with "(.*)")?\.$/);
  const countries = need(o.globals.COUNTRIES, 'the task\'s country list');
  const fits = (c: string) => c.startsWith(m[1]) && (m[2] === undefined || c.endsWith(m[2]));
  const answer = need(countries.find(fits), `a country starting with ${m[1]}`);
  const wrong = countries.filter((c) => !fits(c) && c.startsWith(m[1].slice(0, 1)));
  const tags = byId(o, 'tags');
  const step = typeInto(tags, answer, 'tags');
  return done(wrong.length ? { ...step, alternatives: { value: wrong } } : step, keyPress(tags, 'Escape'), submit(submitButton(o)));
};

const SEARCH_PAGE = 3;

/** Search the name, page to the result's page, click the nth result; the other results of that page are the wrong choices. */
const searchEngine: Solver = (o) => {
  const m = match(o, /enter "(.*)" and press "Search", then find and click the (\d+)\w\w search result\.$/);
  const n = Number(m[2]) - 1;
  const page = Math.floor(n / SEARCH_PAGE) + 1;
  // twbsPagination lists First, <, the pages, >, Last.
  const pager = page > 1 ? [navigate(later(`#pagination li:nth-child(${page + 2}) a`, String(page)))] : [];
  const result = (i: number) => later(`#page-content a[data-result="${i}"]`, `result ${i + 1}`);
  const rest = [0, 1, 2].map((k) => (page - 1) * SEARCH_PAGE + k).filter((i) => i !== n).map(result);
  return done(typeInto(byId(o, 'search-text'), m[1], 'search'), navigate(byId(o, 'search')), pager, submit(result(n), rest));
};

/**
 * A jQuery UI datepicker limited to 2016 opens on the last month it allows (December):
 * open it, page back to the month, click the day; the month's other days are the wrong choices.
 */
function calendar(opener: El, date: string): Step[] {
  const [, mm, dd, yyyy] = need(/^(\d\d)\/(\d\d)\/(\d{4})$/.exec(date), `a date MM/DD/YYYY, not "${date}"`);
  need(yyyy === '2016', 'a date in 2016');
  const month = Number(mm) - 1;
  const offset = new Date(Date.UTC(2016, month, 1)).getUTCDay();
  const cell = (day: number) => {
    const k = offset + day - 1;
    return later(`#ui-datepicker-div tbody tr:nth-child(${Math.floor(k / 7) + 1}) td:nth-child(${(k % 7) + 1}) a`, String(day));
  };
  const days = new Date(Date.UTC(2016, month + 1, 0)).getUTCDate();
  const day = Number(dd);
  const back = Array.from({ length: 11 - month }, () => navigate(later('#ui-datepicker-div .ui-datepicker-prev', 'Prev')));
  const others = [day + 1, day - 1, ...Array.from({ length: days }, (_, i) => i + 1)].filter((d, i, all) => d >= 1 && d <= days && d !== day && all.indexOf(d) === i);
  return [navigate(opener), ...back, pick(cell(day), others.map(cell))];
}

const chooseDate: Solver = (o) => done(calendar(byId(o, 'datepicker'), match(o, /^Select (\S+) as the date/)[1]), submit(submitButton(o)));

/** An airport field: the listed airport naming the city or code asked for, typed whole, its suggestion list closed; other airports are the wrong choices. */
function airport(o: Observation, field: El, want: string, label: string): Step[] {
  const airports = need(o.globals.AIRPORTS, 'the task\'s airport list');
  const fits = (a: string) => a.includes(want);
  const step = typeInto(field, need(airports.find(fits), `an airport matching ${want}`), label);
  return [{ ...step, alternatives: { value: airports.filter((a) => !fits(a)).slice(0, 5) } }, keyPress(field, 'Escape')];
}

/** book-flight, first look: the search form; the flights show only after Search. */
const bookFlightSearch: Solver = (o) => {
  const m = match(o, /^Book the (cheapest|shortest) one-way flight from: (.+) to: (.+) on (\S+)\.$/);
  return [...airport(o, byId(o, 'flight-from'), m[2], 'from'), ...airport(o, byId(o, 'flight-to'), m[3], 'to'), ...calendar(byId(o, 'datepicker'), m[4]), navigate(byId(o, 'search'))];
};

/** book-flight, second look: book the cheapest or shortest of the flights found; the other flights are the wrong choices. */
const bookFlightPick = (o: Observation): Step[] => {
  const cheapest = match(o, /^Book the (cheapest|shortest)/)[1] === 'cheapest';
  const attr = cheapest ? 'data-price' : 'data-duration';
  const flights = o.elements.filter((e) => e.cls === 'flight');
  const measure = (f: El) => Number(one(o.elements.filter((e) => isInside(o, e, f) && e.attrs[attr] !== undefined), `a flight's ${attr}`).attrs[attr]);
  return bookBest(o, flights, measure, Math.min, 'flight-price');
};

const sliderHandle = (o: Observation, slider: El) => one(o.elements.filter((e) => e.cls.includes('ui-slider-handle') && isInside(o, e, slider)), `the handle of ${slider.sel}`);
/** The slider's other values next to `n`, within its range: the wrong choices. */
const near = (n: number, min: number, max: number) => [n + 1, n - 1].filter((v) => v >= min && v <= max);

const useSlider: Solver = (o) => {
  const n = Number(match(o, /^Select (-?\d+) with the slider/)[1]);
  return done(slide(sliderHandle(o, byId(o, 'slider')), n, 'slider', near(n, -1000, 1000)), submit(submitButton(o)));
};

const useSlider2: Solver = (o) => {
  const combo = JSON.parse(match(o, /combination (\[.*\])/)[1]) as number[];
  const steps = combo.map((n, i) => slide(sliderHandle(o, byId(o, `slider-${i + 1}`)), n, `slider ${i + 1}`, near(n, 0, 20)));
  return done(steps, submit(submitButton(o)));
};

/** form-sequence: the slider, then exactly one checkbox (the task counts every ticked box), then Submit. */
const formSequence: Solver = (o) => {
  const m = match(o, /^Select (-?\d+) with the slider, click the (\d)\w\w checkbox/);
  const n = Number(m[1]);
  const boxes = o.elements.filter((e) => e.type === 'checkbox');
  const box = byId(o, `checkbox-${m[2]}`);
  return done(slide(sliderHandle(o, byId(o, 'slider')), n, 'slider', near(n, -10, 10)), check(box, boxes.filter((b) => b !== box)), submit(submitButton(o)));
};

/** The spinner's keys are blocked: click its up or down arrow once per unit from 0. */
const useSpinner: Solver = (o) => {
  const n = Number(match(o, /^Select (-?\d+) with the spinner/)[1]);
  const [up, down] = [later('#area .ui-spinner-up', 'up'), later('#area .ui-spinner-down', 'down')];
  const [arrow, other] = n > 0 ? [up, down] : [down, up];
  // the arrows set the spinner's field: name it, so readback counts text typed there as an answer
  const spin = { ...press(arrow, [other]) };
  spin.args = { ...spin.args, sets: byId(o, 'spinner').sel };
  return done(Array.from({ length: Math.abs(n) }, () => structuredClone(spin)), submit(submitButton(o)));
};

/** phone-book shows one contact per page: page on with ">" until the named one, then click the asked property. */
const phoneBook: Solver = (o) => {
  const m = match(o, /^Find (.+) in the contact book and click on their (phone|email|address)/);
  if (one(o.elements.filter((e) => e.cls === 'name'), 'the contact shown').text !== m[1]) return [navigate(one(o.elements.filter((e) => e.tag === 'a' && e.text === '>'), 'the next-page link'))];
  const props = o.elements.filter((e) => e.tag === 'a' && ['phone', 'email', 'address'].includes(e.cls));
  return clickText(props.map((p) => ({ ...p, text: p.cls })), m[2], 'the property');
};

/** buy-ticket: the ticket with the extreme price or duration; the other tickets are the wrong choices. */
const buyTicket: Solver = (o) => {
  const m = match(o, /^Buy the ticket with the (cheapest cost|most expensive cost|shortest duration|longest duration)\.$/);
  const attr = m[1].endsWith('cost') ? 'data-price' : 'data-duration';
  const flights = o.elements.filter((e) => e.cls === 'flight');
  const measure = (f: El) => Number(one(o.elements.filter((e) => isInside(o, e, f) && e.attrs[attr] !== undefined), `a ticket's ${attr}`).attrs[attr]);
  const pick = m[1].startsWith('cheapest') || m[1].startsWith('shortest') ? Math.min : Math.max;
  return bookBest(o, flights, measure, pick, 'buy-ticket');
};

/** Book the flight whose measure is best; flights tied with it are right too, the others are the wrong choices. */
function bookBest(o: Observation, flights: El[], measure: (f: El) => number, pick: (...v: number[]) => number, button: string): Step[] {
  const best = pick(...flights.map(measure));
  const book = (f: El) => control(o, f, button);
  const chosen = one(flights.filter((f) => measure(f) === best), 'a flight');
  return done(submit(book(chosen), flights.filter((f) => measure(f) !== best).map(book)));
}

/** order-food: "+" once per named item, or N times on an item of the asked type; items lacking it are the wrong choices. */
const orderFood: Solver = (o) => {
  const items = o.elements.filter((e) => e.cls.split(' ').includes('food-item'));
  const add = (item: El) => ({ ...control(o, item, 'add'), label: `+ ${item.attrs['data-item']}` });
  const go = one(o.elements.filter((e) => e.tag === 'button' && e.text === 'Order!'), 'the Order! button');
  const byName = /^Order one of each item: (.+)$/.exec(o.utterance);
  if (byName) {
    const names = byName[1].split(', ');
    const wanted = names.map((n) => one(items.filter((i) => i.attrs['data-item'] === n), `menu item ${n}`));
    return done(wanted.map((i) => press(add(i), items.filter((x) => !wanted.includes(x)).map(add))), submit(go));
  }
  const [, n, type] = match(o, /^Order (\d+) items that are (.+)$/);
  const typed = (i: El) => o.elements.some((img) => img.tag === 'img' && img.attrs.alt === type && isInside(o, img, i));
  const item = one(items.filter(typed), `a ${type} item`);
  return done(Array.from({ length: Number(n) }, () => press(add(item), items.filter((x) => !typed(x)).map(add))), submit(go));
};

/** find-greatest: the card values are in the page though the cards show face down; turn the greatest, then Submit. */
const findGreatest: Solver = (o) => {
  const cards = o.elements.filter((e) => e.cls.split(' ').includes('card'));
  const value = (c: El) => Number(one(o.elements.filter((v) => v.cls === 'card-value' && isInside(o, v, c)), 'a card value').text);
  const best = Math.max(...cards.map(value));
  const card = one(cards.filter((c) => value(c) === best), 'the greatest card');
  return done(press({ ...card, label: `card ${card.attrs['data-index']}` }, cards.filter((c) => c !== card).map((c) => ({ ...c, label: `card ${c.attrs['data-index']}` }))), submit(byId(o, 'submit')));
};

/** generate-number: Generate draws from the seeded generator; press it until the number fits, then Submit. */
const generateNumber: Solver = (o) => {
  const shown = Number(byId(o, 'display-number').text);
  const fits = (n: number) => {
    const m = /less than (\d+)|greater than (\d+)|an (odd|even) number/.exec(o.utterance);
    need(m, 'the utterance\'s condition');
    if (m![1]) return n < Number(m![1]);
    if (m![2]) return n > Number(m![2]);
    return (Math.abs(n) % 2 === 1) === (m![3] === 'odd');
  };
  const generate = byId(o, 'generate');
  return Number.isNaN(shown) || !fits(shown) ? [navigate(generate)] : done(submit(byId(o, 'submit')));
};

/**
 * guess-number: the seed fixes the number (0-9) but the page shows it only as
 * replies to guesses, so the solver halves the range with probes on its own
 * look (bounds re-derived from the probes so far and the last reply), and the
 * reference types the number once. Probes are not part of the reference.
 */
const guessNumber: Solver = (o, sofar = []) => {
  const [field, button] = [byId(o, 'tt'), submitButton(o)];
  const guesses = sofar.filter((s) => s.args.field === field.sel && s.args.probe).map((s) => Number(s.args.value));
  let [lo, hi] = [0, 9];
  guesses.forEach((g, i) => {
    const higher = i + 1 < guesses.length ? guesses[i + 1] > g : byId(o, 'higher').visible;
    if (i + 1 === guesses.length && !higher && !byId(o, 'lower').visible) [lo, hi] = [g, g];
    else if (higher) lo = g + 1;
    else hi = g - 1;
  });
  need(lo <= hi, 'a number consistent with the replies');
  if (lo === hi) return done(typed(field, String(lo), 'guess'), submit(button));
  const g = Math.floor((lo + hi) / 2);
  return [typeInto(field, String(g), 'guess'), submit(button)].map((s) => ({ ...s, args: { ...s.args, probe: true } }));
};

/**
 * ascending-numbers: click 1, which hides the numbers behind squares, then the
 * squares in order; each square's other later squares are the wrong choices.
 */
const ascendingNumbers: Solver = (o) => {
  const texts = o.elements.filter((e) => e.tag === 'text');
  need(texts.length === 5, 'five numbers');
  const square = (i: number) => later(`#area_svg rect[data-index="${i}"]`, String(i));
  const later2 = (i: number) => [3, 4, 5].filter((k) => k > i).map(square);
  return done(press(one(texts.filter((t) => t.text === '1'), 'number 1'), texts.filter((t) => t.text !== '1')), [2, 3, 4].map((i) => press(square(i), later2(i))), submit(square(5)));
};

/** number-checkboxes: the digit's 7x4 pattern (a picture to the agent, a page global here), box by box. */
const numberCheckboxes: Solver = (o) => {
  const digit = Number(match(o, /^Draw the number "(\d)"/)[1]);
  const pattern = need(o.globals.PATTERNS?.[digit], `the pattern of ${digit}`).flat();
  const boxes = o.elements.filter((e) => e.type === 'checkbox' && !('disabled' in e.attrs) && e.parent.startsWith('#checkboxes'));
  need(boxes.length === pattern.length, `${pattern.length} boxes`);
  const on = boxes.filter((_, i) => pattern[i] === 1);
  const off = boxes.filter((_, i) => pattern[i] === 0);
  return done(on.map((b, i) => check({ ...b, label: `box ${boxes.indexOf(b) + 1}` }, i === 0 ? off.map((x) => ({ ...x, label: `box ${boxes.indexOf(x) + 1}` })) : off.slice(0, 1))), submit(submitButton(o)));
};

/** sign-agreement: Cancel alone, or scroll the agreement to its end (which enables the form), type the name, press the named button. */
const signAgreement: Solver = (o) => {
  const [cancel, agree] = [byId(o, 'cancel'), byId(o, 'agree')];
  if (o.utterance === 'Click the cancel button.') return done(submit(cancel, [agree]));
  const m = match(o, /enter the name "(.+)" then press "(Agree|Cancel)"/);
  const [go, other] = m[2] === 'Agree' ? [agree, cancel] : [cancel, agree];
  return done(scroll(byId(o, 'text-area'), 'bottom'), typeInto(byId(o, 'name'), m[1], 'name'), submit(go, [other]));
};

const scrollText2: Solver = (o) => {
  const to = match(o, /^Scroll the textarea to the (top|bottom)/)[1] as 'top' | 'bottom';
  return done(scroll(byId(o, 'text-area'), to, true), submit(submitButton(o)));
};

const highlightText: Solver = (o) => done(highlight(byId(o, 'randomText')), submit(submitButton(o)));

const highlightText2: Solver = (o) => {
  const paragraphs = o.elements.filter((e) => e.tag === 'p' && e.parent === '#randomText');
  const n = ordinal(o.utterance);
  const p = need(paragraphs[n - 1], `paragraph ${n}`);
  return done({ ...highlight({ ...p, label: `paragraph ${n}` }), ...(paragraphs.length > 1 ? { alternatives: { field: paragraphs.filter((x) => x !== p).map((x) => x.sel), label: paragraphs.filter((x) => x !== p).map((x) => `paragraph ${paragraphs.indexOf(x) + 1}`) } } : {}) }, submit(submitButton(o)));
};

/** terminal, first look: list the files. */
const terminalList: Solver = (o) => [keyPress(byId(o, 'terminal-target'), 'Enter', 'ls')];

/** terminal, second look: remove a listed file with the asked extension (or none); the other files are the wrong choices, nearest first. */
const terminalRemove: Solver = (o) => {
  const ext = /extension \.(\S+)$/.exec(o.utterance)?.[1];
  need(ext !== undefined || /no file extension/.test(o.utterance), 'the extension asked for');
  const outputs = o.elements.filter((e) => e.cls === 'output');
  const files = need(outputs.at(-1), 'the output of ls').text.split(' ').filter(Boolean);
  const fits = (f: string) => (ext === undefined ? !f.includes('.') : f.endsWith(`.${ext}`));
  const file = need(files.find(fits), `a file ${ext === undefined ? 'without extension' : `ending .${ext}`}`);
  const target = byId(o, 'terminal-target');
  // Nearest wrong file first: one whose name ends in the extension's letters without its dot (bash for .sh).
  const near = (f: string) => (ext !== undefined && f.endsWith(ext) ? 0 : 1);
  const wrong = files.filter((f) => !fits(f)).sort((a, b) => near(a) - near(b));
  return done({ ...keys(target, `rm ${file}`, 'command'), alternatives: { value: wrong.map((f) => `rm ${f}`) } }, submitKey(target, 'Enter'));
};

const STYLE_BUTTON: Record<string, string> = { bold: 'ql-bold', italics: 'ql-italic', underlined: 'ql-underline' };
/** The first (pure) swatch of each colour name the task accepts, in Quill's palette. */
const SWATCH: Record<string, string> = { red: '#e60000', orange: '#ff9900', yellow: '#ffff00', green: '#008a00', blue: '#0066cc', purple: '#9933ff' };

/**
 * text-editor (Quill): select the word or everything, then the style button or
 * the colour picker's swatch, then Submit; the other styles or colours are the
 * wrong choices.
 */
const textEditor: Solver = (o) => {
  const m = match(o, /give (?:the text (.+?)|everything) the (style|color) (\w+)|make everything the color (\w+)/);
  const editor = one(o.elements.filter((e) => e.cls.split(' ').includes('ql-editor')), 'the editor');
  const word = m[1];
  const select = highlight({ ...editor, label: word ? `the word ${word}` : 'everything' }, word ?? editor.text);
  const button = (cls: string) => ({ ...one(o.elements.filter((e) => e.tag === 'button' && e.cls.split(' ').includes(cls)), `the ${cls} button`), label: cls.slice(3) });
  const swatch = (c: string) => later(`.ql-color .ql-picker-item[data-value="${SWATCH[c]}"]`, c);
  const color = m[2] === 'color' ? m[3] : m[4];
  const format = color
    ? [navigate(later('.ql-color .ql-picker-label', 'colour picker')), press(swatch(need(SWATCH[color] ? color : undefined, `the colour ${color}`)), Object.keys(SWATCH).filter((c) => c !== color).map(swatch))]
    : [press(button(need(STYLE_BUTTON[m[3]], `the style ${m[3]}`)), Object.entries(STYLE_BUTTON).filter(([k]) => k !== m[3]).map(([, cls]) => button(cls)))];
  return done(select, format, submit(submitButton(o)));
};

/** click-color: the boxes carry their colour names; the utterance names one (the page's own getUtterance turns a swatch into its name). */
const clickColor: Solver = (o) => {
  const want = match(o, /^Click on the (\w+) colored box\.$/)[1];
  const boxes = o.elements.filter((e) => e.cls === 'color' && e.attrs['data-color']).map((b) => ({ ...b, text: b.attrs['data-color'] }));
  return clickText(boxes, want, 'a box coloured');
};

/** click-shades: tick every swatch of the colour (the task toggles a span per click), then Submit; other colours are the wrong choices. */
const clickShades: Solver = (o) => {
  const want = match(o, /^Select all the shades of (\w+) and press Submit\.$/)[1];
  const swatches = o.elements.filter((e) => e.tag === 'span' && e.parent === '#area' && e.attrs['data-color']).map((b, i) => ({ ...b, label: `${b.attrs['data-color']} swatch ${i + 1}` }));
  const [mine, rest] = [swatches.filter((w) => w.attrs['data-color'] === want), swatches.filter((w) => w.attrs['data-color'] !== want)];
  need(mine.length, `a ${want} swatch`);
  return done(mine.map((w) => press(w, rest)), submit(one(o.elements.filter((e) => e.tag === 'button' && e.parent === '#area'), 'the submit button')));
};

const HALF_HOURS: Record<string, number> = { '30 mins': 1, '0.5 hours': 1, '60 mins': 2, '1 hour': 2, '90 mins': 3, '1.5 hours': 3 };
const WINDOWS: Record<string, [number, number]> = { '8AM and 12PM': [16, 24], '12PM and 4PM': [24, 32], '4PM and 8PM': [32, 40] };
/** daily-calendar's layout: half-hour n's event starts n × 20.42 + 4 px down the grid. */
const slotOf = (top: number) => Math.round((top - 4) / 20.42);

/**
 * daily-calendar: drag the event's half-hours over the first free slot inside the
 * window, name it, Create. The wrong choices are the same event just before the
 * window, and inside it over an existing event.
 */
const dailyCalendar: Solver = (o) => {
  const m = match(o, /^Create a (.+?) event named "(.+)", between (.+)\.$/);
  const d = need(HALF_HOURS[m[1]], `a duration "${m[1]}"`);
  const [from, to] = need(WINDOWS[m[3]], `a window "${m[3]}"`);
  const busy = new Set(o.elements.filter((e) => e.cls.split(' ').includes('event')).flatMap((e) => {
    const start = slotOf(Number(need(/top: ([\d.]+)px/.exec(e.attrs.style ?? ''), 'an event\'s top')[1]));
    return Array.from({ length: Number(e.attrs['data-duration']) }, (_, i) => start + i);
  }));
  const free = (k: number) => Array.from({ length: d }, (_, i) => k + i).every((h) => !busy.has(h));
  const start = need(Array.from({ length: to - from - d + 1 }, (_, i) => from + i).find(free), `a free ${d}-half-hour slot in ${m[3]}`);
  // Wrong places: inside the window running into an existing event (the task means to refuse overlaps; a drag cannot
  // start on an event), then just before the window.
  const clashes = Array.from({ length: to - from - d + 1 }, (_, i) => from + i).filter((k) => !busy.has(k) && !free(k));
  const wrong = [...clashes, from - d];
  const drag: Step = { call: 'form.fill', args: { field: `#hh-${start}`, label: `event from half-hour ${start}`, value: d, how: 'drag' }, kind: 'write', alternatives: { field: wrong.map((k) => `#hh-${k}`), label: wrong.map((k) => `event from half-hour ${k}${k >= from ? ' (over an existing event)' : ''}`) } };
  return done(drag, typeInto(later('#event-name'), m[2], 'event name'), submit(later('#controls .create', 'Create')));
};

interface Covered {
  family: Family;
  solve: Solver;
  /**
   * Further looks, for tasks whose answer shows only after the first steps (the
   * flights of a search, a contact on a later page): while the steps so far do
   * not claim, they are run on the seeded page and this solves on from the page
   * they lead to. The seed fixes every page. Steps marked `probe` are run on
   * that page only and left out of the reference (guess-number's guesses).
   */
  then?: Solver;
}

const cover = (family: Family, solve: Solver, ...tasks: string[]): [string, Covered][] => tasks.map((t) => [t, { family, solve }]);
const twoLooks = (family: Family, solve: Solver, then: Solver, ...tasks: string[]): [string, Covered][] => tasks.map((t) => [t, { family, solve, then }]);

/** Every covered task: each has a solution fixed by its seed. */
export const COVERED: Map<string, Covered> = new Map([
  ...cover('checkbox', clickCheckboxes, 'click-checkboxes', 'click-checkboxes-large', 'click-checkboxes-transfer'),
  ...cover('checkbox', clickCheckboxesSoft, 'click-checkboxes-soft'),
  ...cover('select', clickOption, 'click-option'),
  ...cover('select', chooseList, 'choose-list'),
  ...cover('select', clickScrollList, 'click-scroll-list'),
  ...cover('text-entry', typeOne(quoted), 'enter-text', 'enter-text-dynamic'),
  ...cover('text-entry', enterText2, 'enter-text-2'),
  ...cover('text-entry', enterPassword, 'enter-password'),
  ...cover('text-entry', enterDate, 'enter-date'),
  ...cover('text-entry', enterTime, 'enter-time'),
  ...cover('text-entry', typeOne((o) => tableValue(o, match(o, /value of (.*) into the text field/)[1])), 'read-table'),
  ...cover('text-entry', findWord, 'find-word'),
  ...cover('text-entry', scrollText, 'scroll-text'),
  ...cover('text-entry', copyPaste, 'copy-paste'),
  ...cover('text-entry', copyPaste2, 'copy-paste-2'),
  ...cover('text-entry', mathTask, 'simple-arithmetic', 'simple-algebra'),
  ...cover('text-entry', textTransform, 'text-transform'),
  ...cover('form', loginUser, 'login-user'),
  ...cover('form', readTable2, 'read-table-2'),
  ...cover('form', formSequence2, 'form-sequence-2'),
  ...cover('form', formSequence3, 'form-sequence-3'),
  ...cover('form', movieSearch, 'multi-layouts', 'multi-orderings'),
  ...cover('click', clickButton, 'click-button'),
  ...cover('click', clickLink, 'click-link'),
  ...cover('click', clickTest, 'click-test'),
  ...cover('click', clickTestOne, 'click-test-2', 'click-test-transfer'),
  ...cover('click', clickDialog, 'click-dialog'),
  ...cover('click', clickDialog2, 'click-dialog-2'),
  ...cover('click', clickTab, 'click-tab'),
  ...cover('click', clickWidget, 'click-widget'),
  ...cover('click', focusText, 'focus-text'),
  ...cover('click', focusText2, 'focus-text-2'),
  ...cover('click', unicodeTest, 'unicode-test'),
  ...cover('multi-step', clickButtonSequence, 'click-button-sequence'),
  ...cover('multi-step', clickTab2, 'click-tab-2', 'click-tab-2-easy', 'click-tab-2-hard'),
  ...cover('multi-step', clickTab2Medium, 'click-tab-2-medium'),
  ...cover('multi-step', clickCollapsible, 'click-collapsible', 'click-collapsible-nodelay'),
  ...cover('multi-step', clickCollapsible2, 'click-collapsible-2', 'click-collapsible-2-nodelay'),
  ...cover('multi-step', socialMediaAll, 'social-media-all', 'social-media-some'),
  ...cover('multi-step', socialMedia, 'social-media'),
  ...cover('click', findGreatest, 'find-greatest'),
  ...twoLooks('click', generateNumber, generateNumber, 'generate-number'),
  ...twoLooks('text-entry', guessNumber, guessNumber, 'guess-number'),
  ...cover('multi-step', ascendingNumbers, 'ascending-numbers'),
  ...cover('checkbox', numberCheckboxes, 'number-checkboxes'),
  ...cover('form', signAgreement, 'sign-agreement'),
  ...cover('multi-step', scrollText2, 'scroll-text-2'),
  ...cover('text-entry', highlightText, 'highlight-text'),
  ...cover('select', highlightText2, 'highlight-text-2'),
  ...twoLooks('text-entry', terminalList, terminalRemove, 'terminal'),
  ...cover('form', textEditor, 'text-editor'),
  ...cover('click', clickColor, 'click-color'),
  ...cover('checkbox', clickShades, 'click-shades'),
  ...cover('form', dailyCalendar, 'daily-calendar'),
  ...cover('multi-step', oddOrEven, 'odd-or-even'),
  ...cover('multi-step', emailInbox, 'email-inbox', 'email-inbox-noscroll', 'email-inbox-delete', 'email-inbox-important', 'email-inbox-reply', 'email-inbox-forward', 'email-inbox-star-reply', 'email-inbox-nl-turk', 'email-inbox-forward-nl', 'email-inbox-forward-nl-turk'),
  ...cover('multi-step', clickMenu, 'click-menu'),
  ...cover('multi-step', clickMenu2, 'click-menu-2'),
  ...cover('multi-step', navigateTree, 'navigate-tree'),
  ...cover('multi-step', searchEngine, 'search-engine'),
  ...cover('multi-step', chooseDate, 'choose-date', 'choose-date-easy', 'choose-date-medium', 'choose-date-nodelay'),
  ...cover('form', loginUserPopup, 'login-user-popup'),
  ...cover('form', formSequence, 'form-sequence'),
  ...cover('text-entry', useAutocomplete, 'use-autocomplete', 'use-autocomplete-nodelay'),
  ...cover('select', useSlider, 'use-slider'),
  ...cover('select', useSlider2, 'use-slider-2'),
  ...cover('select', useSpinner, 'use-spinner'),
  ...twoLooks('multi-step', bookFlightSearch, bookFlightPick, 'book-flight', 'book-flight-nodelay'),
  ...twoLooks('multi-step', phoneBook, phoneBook, 'phone-book'),
  ...cover('multi-step', buyTicket, 'buy-ticket'),
  ...cover('checkbox', orderFood, 'order-food'),
  ...cover('click', clickShape, 'click-shape'),
  ...cover('click', countShape, 'count-shape'),
  ...cover('click', identifyShape, 'identify-shape'),
  ...cover('click', countSides, 'count-sides'),
  ...cover('text-entry', visualAddition, 'visual-addition'),
]);

