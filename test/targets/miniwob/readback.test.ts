// The miniwob readback on recorder snapshots built by hand: which clicks are the
// answer and which are incidental, when a repeated click counts, and when the
// selection left at the end is read.
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../targets/miniwob/page.ts';
import { effectOf, type Answer } from '../../../targets/miniwob/readback.ts';

const control = (type: string, value = '', checked = false) => ({ tag: 'input', type, value, checked });
const snapshot = (clicks: string[], over: Partial<Submission> = {}): Submission => ({
  initial: { '#r1': control('radio'), '#r2': control('radio') },
  submitted: { '#r1': control('radio', '', true), '#r2': control('radio') },
  target: { selector: '#go', text: 'Submit' },
  focused: null,
  selection: 'z',
  clicks: clicks.map((selector) => ({ selector, text: selector.slice(1) })),
  ...over,
});
const answer = (over: Partial<Answer> = {}): Answer => ({ fields: new Set(['#r1', '#one', '#go']), clicked: new Set(['#one', '#two', '#go']), counted: new Set(['#one', '#two']), selects: false, ...over });

describe('miniwob readback', () => {
  it('keeps clicks whose element is the answer; navigation and stray clicks go to the immaterial other-clicks', () => {
    const e = effectOf(snapshot(['#tab', '#one', '#area', '#go']), answer());
    expect(e.clicks.added.map((r) => r.key)).toEqual(['#one', '#go']);
    expect(e['other-clicks'].added.map((r) => r.key)).toEqual(['#tab', '#area']);
  });

  it('counts repeated presses where the task counts them, and nowhere else', () => {
    const e = effectOf(snapshot(['#one', '#one', '#go', '#go']), answer());
    expect(e.clicks.added.map((r) => r.values)).toEqual([{ selector: '#one', text: 'one', count: 2 }, { selector: '#go', text: 'go' }]);
  });

  it('reads boxes and radios by their state: a radio ticked twice is the same effect as once', () => {
    const [once, twice] = [effectOf(snapshot(['#r1', '#go']), answer()), effectOf(snapshot(['#r1', '#r1', '#go']), answer())];
    expect(twice).toEqual(once);
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
