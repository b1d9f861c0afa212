// Solvers for tasks whose answer is read off a drawing rather than text: the
// shapes.js grid in SVG (kind, colour, size), blocks to add up, a polygon
// stroked on a canvas. Each reads what a person sees: SVG attributes, elements,
// the canvas's strokes.
import type { Step } from '../../src/contract/target.ts';
import type { El, Observation } from './page.ts';
import { byId, done, match, need, one, others, submitButton, typed, type Solver } from './read.ts';
import { submit } from './steps.ts';

/** A shape of a shapes.js grid, with the words the task's descriptions use for it. */
interface Drawn {
  el: El;
  /** `circle`, `rectangle`, `triangle`, or the letter or digit itself */
  text: string;
  type: 'shape' | 'letter' | 'digit';
  color: string;
  size: 'large' | 'small';
}

const KINDS: Record<string, string> = { rect: 'rectangle', circle: 'circle', polygon: 'triangle' };
const SIZE_WORDS = ['large', 'small'];
/** shapes.js COLORS, the only colour words its descriptions use. */
const COLOR_WORDS = ['red', 'green', 'blue', 'aqua', 'black', 'magenta', 'yellow'];

/** How wide a shape is drawn: shapes.js draws a small one 10 px and a large one 20 px across. */
function extent(el: El): number {
  const num = (name: string) => need(Number.parseFloat(el.attrs[name] ?? ''), `${el.tag} ${name}`);
  if (el.tag === 'text') return num('font-size');
  if (el.tag === 'rect') return num('width');
  if (el.tag === 'circle') return 2 * num('r');
  const xs = need(el.attrs.points, 'a triangle\'s points').split(/\s+/).map((p) => Number(p.split(',')[0]));
  return Math.max(...xs) - Math.min(...xs);
}

function drawnShapes(o: Observation): Drawn[] {
  return o.elements
    .filter((e) => e.parent === '#area_svg')
    .map((el) => {
      const kind = el.tag === 'text' ? el.text : need(KINDS[el.tag], `a shape drawn as <${el.tag}>`);
      const type = el.tag !== 'text' ? 'shape' : /^\d$/.test(el.text) ? 'digit' : 'letter';
      const color = need(el.attrs.fill, `the colour of ${el.sel}`);
      const size = extent(el) > 15 ? 'large' : 'small';
      return { el: { ...el, label: `${size} ${color} ${kind}` }, text: kind, type, color, size };
    });
}

/**
 * A description as shapes.js words it: an optional size, an optional colour,
 * then `item`, a kind (`shape`, `letter`, `digit`) or the thing itself.
 */
function described(words: string): (s: Drawn) => boolean {
  const parts = words.split(' ');
  const size = SIZE_WORDS.includes(parts[0]) ? parts.shift() : undefined;
  const color = COLOR_WORDS.includes(parts[0]) ? parts.shift() : undefined;
  need(parts.length === 1, `a description of one thing in "${words}"`);
  const what = parts[0];
  return (s) => (!size || s.size === size) && (!color || s.color === color) && (what === 'item' || s.text === what || s.type === what);
}

/** click-shape: click a shape the description fits; the shapes it does not fit are the wrong choices. */
export const clickShape: Solver = (o) => {
  const fits = described(match(o, /^Click on an? (.+)$/)[1]);
  const all = drawnShapes(o);
  const right = need(all.find(fits), 'a shape the description fits');
  return done(submit(right.el, all.filter((s) => !fits(s)).map((s) => s.el)));
};

/** count-shape: count the shapes the description fits, press the button with that count. */
export const countShape: Solver = (o) => {
  const plural = match(o, /^How many (.+)s are there\?$/)[1];
  const count = drawnShapes(o).filter(described(plural)).length;
  return pressNumber(o.elements.filter((e) => e.tag === 'button' && e.parent === '#count-buttons'), count);
};

/** A button labelled with the answer; the other numbers are the wrong choices. */
function pressNumber(buttons: El[], n: number): Step[] {
  const right = one(buttons.filter((b) => b.text === String(n)), `a button "${n}"`);
  return done(submit(right, others(buttons, [right])));
}

/** identify-shape: the one drawn shape's kind (letter and digit by kind, shapes by name). */
export const identifyShape: Solver = (o) => {
  const [shape] = drawnShapes(o);
  need(shape, 'the drawn figure');
  const kind = shape.type === 'shape' ? shape.text : shape.type;
  const buttons = o.elements.filter((e) => e.tag === 'button' && e.attrs['data-type']);
  const right = one(buttons.filter((b) => b.attrs['data-type'] === kind), `a button for a ${kind}`);
  return done(submit(right, others(buttons, [right])));
};

/** count-sides: the polygon stroked on the canvas has one side per line segment of its path. */
export const countSides: Solver = (o) => {
  const sides = need(o.globals.strokes?.at(-1), 'a polygon stroked on the canvas');
  return pressNumber(o.elements.filter((e) => e.tag === 'button' && e.attrs['data-sides']), sides);
};

/** visual-addition: the blocks of both groups, added, typed, Submit. */
export const visualAddition: Solver = (o) => {
  const blocks = (group: string) => o.elements.filter((e) => e.cls === 'addition-block' && e.parent === group).length;
  const sum = blocks('#visual-1') + blocks('#visual-2');
  need(sum >= 2, 'two groups of blocks');
  return done(typed(byId(o, 'math-answer'), String(sum), 'total'), submit(submitButton(o)));
};
