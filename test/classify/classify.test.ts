// The false-accept decision, without any target: classification of scored cells
// from their ledger entries (DESIGN.md: refused, incomplete, degenerate,
// immaterial, candidate, confirmed; a false accept is a confirmed Pass).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerDifference, classify, judgeEffect } from '../../src/classify/classify.ts';
import type { Cell } from '../../src/contract/cell.ts';
import type { LedgerEntry } from '../../src/contract/ledger.ts';
import type { Effect, EffectSemantics, Step, VerdictValue } from '../../src/contract/target.ts';
import { effect } from '../fixtures/effects.ts';

const note = (text: string): Step => ({ call: 'notes.add', args: { text }, kind: 'write' });
const claim = (answer?: string): Step => ({ call: 'task.claim', args: answer === undefined ? {} : { answer }, kind: 'claim' });
const notes = (...texts: string[]): Effect => ({ notes: { added: texts.map((text, i) => ({ key: String(i), values: { text } })), updated: [], removed: [] } });
const LOG: EffectSemantics = { tables: [{ table: 'log', kind: 'log', why: 'an audit trail' }] };

describe('judgeEffect', () => {
  it('an effect compared with itself is never confirmed: degenerate, whatever the family or semantics', () => {
    fc.assert(
      fc.property(effect, fc.constantFrom('omit', 'extra', 'claim-only', 'no-submit', 'U-missing'), fc.option(fc.constant(LOG), { nil: undefined }), (e, family, s) => {
        expect(judgeEffect(family, structuredClone(e), e, s).status).toBe('degenerate');
      }),
    );
  });

  it('a difference only where the target declares it immaterial is immaterial, with the declared reason', () => {
    const ref: Effect = { ...notes('a'), log: { added: [], updated: [], removed: [] } };
    const got: Effect = { ...notes('a'), log: { added: [{ key: '1', values: { msg: 'sent' } }], updated: [], removed: [] } };
    expect(judgeEffect('extra', got, ref, LOG)).toEqual({ status: 'immaterial', reason: 'log: differs only where the target declares it immaterial (a log table: an audit trail)' });
    expect(judgeEffect('extra', got, ref, undefined).status).toBe('confirmed');
  });

  it('a material difference is confirmed by readback, and names the value that moved', () => {
    const j = judgeEffect('wrong-value', notes('b'), notes('a'), undefined);
    expect(j.status).toBe('confirmed');
    expect(j.evidence).toMatchObject({ kind: 'readback', summary: ['notes: 1 row(s) added beyond the reference; 1 reference row(s) not added', 'notes.text: stored "b" where the reference stores "a"'] });
  });

  it('a no-write construction that left nothing behind is confirmed by the construction; a writing one by readback', () => {
    expect(judgeEffect('claim-only', {}, notes('a'), undefined).evidence?.kind).toBe('construction');
    expect(judgeEffect('no-submit', {}, notes('a'), undefined).evidence?.kind).toBe('construction');
    expect(judgeEffect('omit', {}, notes('a'), undefined).evidence?.kind).toBe('readback');
    // a claim-only that did write something is not the construction's guarantee
    expect(judgeEffect('claim-only', notes('z'), notes('a'), undefined).evidence?.kind).toBe('readback');
  });

  it('equal effects with a different final answer are confirmed by the answer', () => {
    const j = judgeEffect('search', notes('a'), notes('a'), undefined, 'answer: differs');
    expect(j).toMatchObject({ status: 'confirmed', evidence: { kind: 'answer', summary: ['answer: differs'] } });
  });
});

describe('answerDifference', () => {
  const s: EffectSemantics = { answer: { call: 'task.claim', arg: 'answer' } };
  it('compares the answer with case and spacing folded', () => {
    expect(answerDifference([claim('Forty  Two')], [claim('forty two')], s)).toBeUndefined();
    expect(answerDifference([claim('42')], [claim('41')], s)).toBe('answer: delivered "41" where the reference answers "42"');
    expect(answerDifference([claim('42')], [], s)).toBe('answer: delivered null where the reference answers "42"');
  });
  it('says nothing where the target declares no answer or the reference gives none', () => {
    expect(answerDifference([claim('42')], [claim('41')], undefined)).toBeUndefined();
    expect(answerDifference([claim('')], [claim('41')], s)).toBeUndefined();
  });
});

describe('classify', () => {
  const cell = (id: string, arm: Cell['arm'], family: string, steps: Step[] | string): Cell => ({
    id, arm, family, index: 0, checker: 't', trajectory: 't', generator: 'g',
    construction: typeof steps === 'string' ? { ok: false, reason: steps } : { ok: true, steps, edit: family },
  });
  const scored = (id: string, verdict: VerdictValue, eff?: Effect, completed = true): LedgerEntry => ({
    cell: id, status: 'scored', at: '2026-01-01T00:00:00Z', verdict: { verdict, detail: '' }, delivery: { completed, stepsRun: 1 }, ...(eff ? { effect: eff } : {}),
  });
  const manifest = [
    cell('control:t', 'control', 'control', [note('a'), claim()]),
    cell('fault:omit:t#0', 'fault', 'omit', [claim()]),
    cell('fault:extra:t#0', 'fault', 'extra', [note('a'), note('a'), claim()]),
    cell('fault:partial:t#0', 'fault', 'partial', 'reference has no repeated write'),
    cell('fault:wrong-value:t#0', 'fault', 'wrong-value', [note('b'), claim()]),
    cell('fault:claim-only:t#0', 'fault', 'claim-only', [claim()]),
    cell('floor:empty:t', 'floor', 'empty', []),
  ];

  it('a false accept is a confirmed Pass, and nothing else', () => {
    const ledger = [
      scored('control:t', 'pass', notes('a')),
      scored('fault:omit:t#0', 'pass', {}),
      scored('fault:extra:t#0', 'fail', notes('a', 'a')),
      { cell: 'fault:partial:t#0', status: 'refused', at: '2026-01-01T00:00:00Z' } as LedgerEntry,
      scored('fault:wrong-value:t#0', 'pass', notes('a')),
      scored('fault:claim-only:t#0', 'pass', undefined, false),
      scored('floor:empty:t', 'pass', {}),
    ];
    const { cells, unscored } = classify(manifest, ledger);
    const by = Object.fromEntries(cells.map((c) => [c.cell, c]));
    expect(unscored).toEqual([]);
    expect(by['fault:omit:t#0']).toMatchObject({ status: 'confirmed', falseAccept: true });
    expect(by['fault:extra:t#0']).toMatchObject({ status: 'confirmed', falseAccept: false });
    expect(by['fault:partial:t#0']).toMatchObject({ status: 'refused', reason: 'reference has no repeated write', falseAccept: false });
    expect(by['fault:wrong-value:t#0']).toMatchObject({ status: 'degenerate', falseAccept: false });
    expect(by['fault:claim-only:t#0']).toMatchObject({ status: 'incomplete', falseAccept: false });
    expect(by['floor:empty:t']).toMatchObject({ floor: 'false-accept', falseAccept: false });
    expect(cells.filter((c) => c.falseAccept).map((c) => c.cell)).toEqual(['fault:omit:t#0']);
  });

  it('without a read-back reference or effect, a Pass stays a candidate, never a false accept', () => {
    const noReference = classify(manifest.slice(0, 2), [scored('control:t', 'pass', undefined), scored('fault:omit:t#0', 'pass', {})]);
    expect(noReference.cells[1]).toMatchObject({ status: 'candidate', falseAccept: false });
    const noEffect = classify(manifest.slice(0, 2), [scored('control:t', 'pass', notes('a')), { ...scored('fault:omit:t#0', 'pass'), readbackError: 'readback timed out' }]);
    expect(noEffect.cells[1]).toMatchObject({ status: 'candidate', reason: 'no readback retained: readback timed out', falseAccept: false });
  });

  it('a control that fails is a false reject; one whose delivery broke is only unscored', () => {
    expect(classify(manifest.slice(0, 1), [scored('control:t', 'fail', notes('a'))]).cells[0].falseReject).toBe(true);
    expect(classify(manifest.slice(0, 1), [scored('control:t', 'fail', notes('a'), false)]).cells[0].falseReject).toBe(false);
    expect(classify(manifest, []).unscored).toHaveLength(manifest.length);
  });
});
