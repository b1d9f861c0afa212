// The miniwob readback on recorder snapshots built by hand: what a click is read
// as, when a repeated click counts, and when the selection left at the end is read.
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../targets/miniwob/page.ts';
import { effectOf, type Answer } from '../../../targets/miniwob/readback.ts';

const control = (type: string, value = '', checked = false) => ({ tag: 'input', type, value, checked });
const snapshot = (clicks: string[], over: Partial<Submission> = {}): Submission => ({
  initial: { '#r1': control('radio'), '#r2': control('radio'), '#name': control('text'), '#ok': control('button', 'OK') },
  submitted: { '#r1': control('radio', '', true), '#r2': control('radio'), '#name': control('text'), '#ok': control('button', 'OK') },
  target: { selector: '#go', text: 'Submit' },
  focused: null,
  selection: 'z',
  clicks: clicks.map((selector) => ({ selector, text: selector.slice(1) })),
  ...over,
});
const answer = (over: Partial<Answer> = {}): Answer => ({ fields: new Set(['#r1', '#one', '#go']), picked: new Set(['#day-3', '#day-4']), selects: false, ...over });

describe('miniwob readback', () => {
  it('reads every click with its count (a press can toggle), but a picked option once however often it is picked', () => {
    const e = effectOf(snapshot(['#tab', '#one', '#one', '#day-3', '#day-3', '#go']), answer());
    expect(e.clicks.added.map((r) => r.values)).toEqual([
      { selector: '#tab', text: 'tab', count: 1 },
      { selector: '#one', text: 'one', count: 2 },
      { selector: '#day-3', text: 'day-3' },
      { selector: '#go', text: 'go', count: 1 },
    ]);
    // another day is another answer
    expect(effectOf(snapshot(['#day-4', '#go']), answer()).clicks).not.toEqual(effectOf(snapshot(['#day-3', '#go']), answer()).clicks);
  });

  it('reads form controls by their state: a radio ticked twice, or a click into a text field, changes nothing; a button input is a press', () => {
    const [once, twice] = [effectOf(snapshot(['#r1', '#go']), answer()), effectOf(snapshot(['#r1', '#name', '#r1', '#go']), answer())];
    expect(twice).toEqual(once);
    expect(effectOf(snapshot(['#r1', '#ok', '#go']), answer()).clicks.added.map((r) => r.key)).toEqual(['#ok', '#go']);
    expect(once.controls.updated.map((u) => u.key)).toEqual(['#r1']);
    expect(once.clicks.added.map((r) => r.key)).toEqual(['#go']);
  });

  it('reads the selection only where selecting text is the answer', () => {
    expect(effectOf(snapshot(['#go']), answer()).submission.added[0].values.selection).toBeNull();
    expect(effectOf(snapshot(['#go'], { selection: '  the  word ' }), answer({ selects: true })).submission.added[0].values.selection).toBe('the word');
  });

  it('has no effect when the task never ended its episode', () => {
    expect(effectOf(snapshot(['#one'], { submitted: undefined }), answer())).toEqual({});
  });
});
