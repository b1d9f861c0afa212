// The solvers that read drawings and search the page's replies, on observations
// built by hand: what a description fits, what a count is, which guess comes
// next. The browser test (miniwob.test.ts) runs them on the real pages.
import { describe, expect, it } from 'vitest';
import type { Step } from '../../../src/contract/target.ts';
import type { El, Observation } from '../../../targets/miniwob/page.ts';
import { later } from '../../../targets/miniwob/steps.ts';
import { COVERED } from '../../../targets/miniwob/solvers.ts';

const el = (sel: string, tag: string, over: Partial<El> = {}): El => ({ ...later(sel, over.text ?? ''), tag, visible: true, ...over });
const look = (utterance: string, elements: El[], globals: Observation['globals'] = {}): Observation => ({ utterance, fields: {}, queryHtml: '', elements, globals });
const solve = (task: string, o: Observation, sofar?: Step[]) => COVERED.get(task)!.solve(o, sofar);

/** A shapes.js grid: a large red circle, a small red rectangle, a large blue triangle, a small green letter q, a large black digit 7. */
const GRID = [
  el('#c', 'circle', { parent: '#area_svg', attrs: { cx: '10', cy: '10', r: '10', fill: 'red' } }),
  el('#r', 'rect', { parent: '#area_svg', attrs: { x: '0', y: '0', width: '10', height: '10', fill: 'red' } }),
  el('#t', 'polygon', { parent: '#area_svg', attrs: { points: '40,60 50,40 60,60', fill: 'blue' } }),
  el('#q', 'text', { parent: '#area_svg', text: 'q', attrs: { 'font-size': '10px', fill: 'green' } }),
  el('#7', 'text', { parent: '#area_svg', text: '7', attrs: { 'font-size': '20px', fill: 'black' } }),
];

describe('drawn answers', () => {
  it('click-shape clicks a shape the description fits and offers only shapes it does not fit as wrong choices', () => {
    const steps = solve('click-shape', look('Click on a large red item', GRID));
    expect(steps.map((s) => s.call)).toEqual(['form.submit', 'task.claim']);
    expect(steps[0].args.field).toBe('#c');
    expect(steps[0].alternatives?.field).toEqual(['#r', '#t', '#q', '#7']);
    expect(solve('click-shape', look('Click on a small letter', GRID))[0].args.field).toBe('#q');
    expect(solve('click-shape', look('Click on a digit', GRID))[0].args.field).toBe('#7');
    expect(solve('click-shape', look('Click on a triangle', GRID))[0].args.field).toBe('#t');
    expect(() => solve('click-shape', look('Click on a yellow item', GRID))).toThrow(/cannot read a shape the description fits/);
  });

  it('count-shape counts by size, colour and kind (zero included) and presses that number', () => {
    const buttons = ['0', '1', '2', '3', '5'].map((n, i) => el(`#b${i}`, 'button', { parent: '#count-buttons', text: n }));
    const count = (u: string) => solve('count-shape', look(u, [...GRID, ...buttons]))[0].args.label;
    expect(count('How many red items are there?')).toBe('2');
    expect(count('How many large shapes are there?')).toBe('2');
    expect(count('How many items are there?')).toBe('5');
    expect(count('How many yellow circles are there?')).toBe('0');
    expect(count('How many qs are there?')).toBe('1');
  });

  it('identify-shape names letters and digits by kind, shapes by name', () => {
    const buttons = ['rectangle', 'circle', 'triangle', 'letter', 'digit'].map((t) => el(`#${t}`, 'button', { attrs: { 'data-type': t }, text: t }));
    expect(solve('identify-shape', look('Click the button that best describes the figure below.', [GRID[4], ...buttons]))[0].args.field).toBe('#digit');
    expect(solve('identify-shape', look('Click the button that best describes the figure below.', [GRID[2], ...buttons]))[0].args.field).toBe('#triangle');
  });

  it('count-sides reads the last stroked path; without one it refuses', () => {
    const buttons = [3, 4, 5, 6, 7].map((n) => el(`#s${n}`, 'button', { attrs: { 'data-sides': String(n) }, text: String(n) }));
    const u = 'Press the button that correctly denotes how many sides the shape has.';
    expect(solve('count-sides', look(u, buttons, { strokes: [9, 6] }))[0].args.field).toBe('#s6');
    expect(() => solve('count-sides', look(u, buttons))).toThrow(/polygon stroked/);
  });

  it('visual-addition adds both groups of blocks', () => {
    const blocks = (group: string, n: number) => Array.from({ length: n }, (_, i) => el(`${group} > span:nth-child(${i + 1})`, 'span', { cls: 'addition-block', parent: group }));
    const steps = solve('visual-addition', look('Type the total number of blocks into the textbox and press Submit.', [...blocks('#visual-1', 4), ...blocks('#visual-2', 9), el('#math-answer', 'input', { id: 'math-answer', type: 'text' }), el('#subbtn', 'button', { id: 'subbtn', text: 'Submit' })]));
    expect(steps[0].args).toMatchObject({ field: '#math-answer', value: '13' });
  });
});

describe('guess-number', () => {
  const page = (reply?: 'higher' | 'lower' | 'correct') => look('Guess the number between 0-9 and press Submit. Use the feedback below to find the right number.', [
    el('#tt', 'input', { id: 'tt', type: 'number' }),
    el('#subbtn', 'button', { id: 'subbtn', text: 'Submit' }),
    el('#higher', 'div', { id: 'higher', visible: reply === 'higher' }),
    el('#lower', 'div', { id: 'lower', visible: reply === 'lower' }),
  ]);
  /** Play the solver against a hidden number as the page would answer it; the probes it ran and the reference it returns. */
  function play(secret: number) {
    const sofar: Step[] = [];
    let reply: 'higher' | 'lower' | 'correct' | undefined;
    for (let look = 0; look < 6; look++) {
      const steps = solve('guess-number', page(reply), sofar);
      if (steps.at(-1)?.call === 'task.claim') return { probes: sofar.filter((s) => s.args.field === '#tt').map((s) => Number(s.args.value)), reference: steps };
      sofar.push(...steps);
      const g = Number(steps[0].args.value);
      reply = g < secret ? 'higher' : g > secret ? 'lower' : 'correct';
    }
    throw new Error('no answer in 6 looks');
  }

  it.each([0, 3, 4, 7, 9])('finds %i by halving the range, and the reference types it once, without the probes', (secret) => {
    const { probes, reference } = play(secret);
    expect(probes.length).toBeLessThanOrEqual(4);
    expect(reference.map((s) => [s.call, s.args.value ?? null])).toEqual([['form.fill', String(secret)], ['form.submit', null], ['task.claim', null]]);
    expect(reference.some((s) => s.args.probe)).toBe(false);
  });
});

describe('terminal', () => {
  it('offers the nearest wrong file first: a name ending in the extension without its dot', () => {
    const o = look('Use the terminal below to delete a file ending with the extension .sh', [el('#terminal-target', 'input', { id: 'terminal-target' }), el('#out', 'div', { cls: 'output', text: 'cats.png flowers.sh bash code.py' })]);
    const [rm] = COVERED.get('terminal')!.then!(o);
    expect(rm.args.value).toBe('rm flowers.sh');
    expect(rm.alternatives?.value).toEqual(['rm bash', 'rm cats.png', 'rm code.py']);
  });
});
