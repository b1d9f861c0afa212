// What every oracle solver reads with: the utterance and the elements of one
// look at a seeded page. A solver that cannot read what it needs throws
// Unreadable, so a reference is never guessed.
import type { Step } from '../../src/contract/target.ts';
import type { El, Observation } from './page.ts';
import { CLAIM, typeInto } from './steps.ts';

/** One look's answer; `sofar` holds the steps earlier looks of the same episode returned (and the page ran). */
export type Solver = (o: Observation, sofar?: Step[]) => Step[];

/** Which kind of task a solver covers, for the docs and per-family counts. */
export type Family = 'form' | 'checkbox' | 'select' | 'text-entry' | 'click' | 'multi-step';

export class Unreadable extends Error {}

export function need<T>(v: T | undefined | null | false, what: string): T {
  if (v === undefined || v === null || v === false) throw new Unreadable(`solver cannot read ${what}`);
  return v;
}

export const match = (o: Observation, re: RegExp, what = `the utterance (${re})`) => need(re.exec(o.utterance), what);
export const quoted = (o: Observation) => match(o, /"([^"]*)"/, 'a quoted value in the utterance')[1];
export const ordinal = (s: string) => Number(need(/(\d+)(?:st|nd|rd|th)/.exec(s), `an ordinal in "${s}"`)[1]);
export const byTag = (o: Observation, ...tags: string[]) => o.elements.filter((e) => tags.includes(e.tag));
export const one = (els: El[], what: string) => need(els[0], what);
export const byId = (o: Observation, id: string) => one(o.elements.filter((e) => e.id === id), `#${id}`);
export const textInputs = (o: Observation) => o.elements.filter((e) => (e.tag === 'input' && ['text', 'password', 'input', 'number'].includes(e.type)) || e.tag === 'textarea');
export const submitButton = (o: Observation) => one(o.elements.filter((e) => e.id === 'subbtn' || (e.tag === 'button' && /^submit$/i.test(e.text))), 'the submit button');
export const typed = (el: El, value: string, label?: string): Step[] => [typeInto(el, value, label)];
export const done = (...steps: (Step | Step[])[]): Step[] => [...steps.flat(), CLAIM];
export const others = (all: El[], chosen: El[], same: (a: El, b: El) => boolean = (a, b) => a.text === b.text) => all.filter((a) => !chosen.some((c) => c.sel === a.sel || same(a, c)));
