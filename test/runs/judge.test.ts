import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Effect, EffectSemantics, Step } from '../../src/contract/target.ts';
import type { Cell } from '../../src/contract/cell.ts';
import type { LedgerEntry } from '../../src/contract/ledger.ts';
import { answerLacks, freeColumns, judgeRuns, withFreeCopies, withoutColumns } from '../../src/runs/judge.ts';
import { referenceCellId } from '../../src/runs/cells.ts';

const pay = (recipient: string, amount: number, subject: string): Step => ({ call: 'send_money', args: { recipient, amount, subject }, kind: 'write', free: ['subject'] });
const claim = (output: string): Step => ({ call: 'answer', args: { output }, kind: 'claim' });
const row = (recipient: string, amount: number, subject: string, id: number) => ({ key: String(id), values: { id, recipient, amount, subject } });
const effectOf = (...rows: ReturnType<typeof row>[]): Effect => ({ 'bank.transactions': { added: rows, updated: [], removed: [] } });
const SEMANTICS: EffectSemantics = { tables: [{ table: 'bank.transactions', ignore: ['id'] }], answer: { call: 'answer', arg: 'output' } };

const REF_STEPS = [pay('GB1', 100, 'Rent'), claim('')];
const REF_EFFECT = effectOf(row('GB1', 100, 'Rent', 7));

function runCell(id: string, recorded: 'pass' | 'fail', steps: Step[], recordedErrors: number[] = []): Cell {
  return {
    id, arm: 'runs', family: 'recorded', index: 0, checker: 'bank/t1', trajectory: 'bank/t1', generator: 'bank/t1',
    delivery: { recorded: true, version: 'v1' },
    run: { source: `${id}.json`, sha256: 'x', pipeline: id, recorded, version: 'v1', recordedErrors, listed: true },
    construction: { ok: true, steps, edit: 'recorded' },
  };
}
const refCell: Cell = {
  id: referenceCellId('bank/t1', 'v1'), arm: 'runs', family: 'reference', index: 0, checker: 'bank/t1', trajectory: 'bank/t1', generator: 'bank/t1',
  delivery: { version: 'v1' }, construction: { ok: true, steps: REF_STEPS, edit: 'reference' },
};
const entry = (cell: string, verdict: 'pass' | 'fail', effect: Effect, rejected?: { step: number; call: string; error: string }[]): LedgerEntry => ({
  cell, status: 'scored', at: '', verdict: { verdict, detail: '' }, delivery: { completed: true, stepsRun: 2, ...(rejected ? { rejected } : {}) }, effect,
});

function judge(cells: Cell[], entries: LedgerEntry[]) {
  const byId = new Map(entries.map((e) => [e.cell, e]));
  return judgeRuns([refCell, ...cells], (id) => byId.get(id), SEMANTICS);
}

describe('judging a replayed run by its effect', () => {
  it('classifies each run: its own subject is free, a second payment or another recipient under Pass is a real false accept', () => {
    const cells = [
      runCell('own-subject', 'pass', [pay('GB1', 100, 'my rent'), claim('done')]),
      runCell('twice', 'pass', [pay('GB1', 100, 'Rent'), pay('GB1', 100, 'Rent'), claim('')]),
      runCell('other', 'pass', [pay('GB2', 100, 'Rent'), claim('')]),
      runCell('wrong-fail', 'fail', [pay('GB2', 100, 'Rent'), claim('')]),
      runCell('right-fail', 'fail', [pay('GB1', 100, 'Rent'), claim('')]),
      runCell('unreproduced', 'fail', [pay('GB1', 100, 'Rent'), claim('')], []),
    ];
    const entries = [
      entry(refCell.id, 'pass', REF_EFFECT),
      entry('own-subject', 'pass', effectOf(row('GB1', 100, 'my rent', 9))),
      entry('twice', 'pass', effectOf(row('GB1', 100, 'Rent', 7), row('GB1', 100, 'Rent', 8))),
      entry('other', 'pass', effectOf(row('GB2', 100, 'Rent', 7))),
      entry('wrong-fail', 'fail', effectOf(row('GB2', 100, 'Rent', 7))),
      entry('right-fail', 'fail', REF_EFFECT),
      entry('unreproduced', 'pass', REF_EFFECT, [{ step: 0, call: 'send_money', error: 'no such tool' }]),
    ];
    const judged = Object.fromEntries(judge(cells, entries).map((j) => [j.cell, j]));
    expect(judged['own-subject']).toMatchObject({ class: 'correct-pass', free: ['bank.transactions.subject'] });
    expect(judged['twice']).toMatchObject({ class: 'real-false-accept', evidence: ['bank.transactions: 1 row(s) added beyond the reference'] });
    expect(judged['other'].class).toBe('real-false-accept');
    expect(judged['wrong-fail'].class).toBe('correct-fail');
    expect(judged['right-fail'].class).toBe('real-false-reject');
    expect(judged['unreproduced'].class).toBe('not-reproduced');
    expect(judged['unreproduced'].reason).toMatch(/call 0 \(send_money\) is rejected on replay/);
  });

  it('never judges a run against a reference it has not got, and never counts a Fail that differs only in free text', () => {
    const free = runCell('free-only', 'fail', [pay('GB1', 100, 'something else'), claim('')]);
    const lone: Cell = { ...runCell('no-ref', 'pass', REF_STEPS), delivery: { recorded: true, version: 'v2' }, run: { ...runCell('x', 'pass', []).run!, version: 'v2' } };
    const judged = judge([free, lone], [entry(refCell.id, 'pass', REF_EFFECT), entry('free-only', 'fail', effectOf(row('GB1', 100, 'something else', 7))), entry('no-ref', 'pass', REF_EFFECT)]);
    expect(judged.map((j) => j.class)).toEqual(['needs-review', 'needs-review']);
    expect(judged[1].reason).toMatch(/no reference effect under v2/);
  });

  it('a Pass whose answer drops the reference figure is set apart for review, not counted', () => {
    const ref: Cell = { ...refCell, construction: { ok: true, steps: [claim('1,050.00')], edit: 'reference' } };
    const byId = new Map([[ref.id, entry(ref.id, 'pass', {})], ['a', entry('a', 'pass', {})], ['b', entry('b', 'pass', {})]]);
    const judged = judgeRuns([ref, runCell('a', 'pass', [claim('You spent 1050 euros')]), runCell('b', 'pass', [claim('about a thousand')])], (id) => byId.get(id), SEMANTICS);
    expect(judged.map((j) => j.class)).toEqual(['correct-pass', 'needs-review']);
  });
});

describe('answerLacks', () => {
  it('reads figures however written, and words case- and space-folded', () => {
    expect(answerLacks('1050', 'It was €1,050.00.')).toBeUndefined();
    expect(answerLacks('1050', 'It was 105.')).toMatch(/does not state 1050/);
    expect(answerLacks('Spotify Premium', 'the  spotify premium plan')).toBeUndefined();
    expect(answerLacks('Spotify Premium', 'Netflix')).toMatch(/does not state "Spotify Premium"/);
    expect(answerLacks('', 'anything')).toBeUndefined();
    expect(answerLacks('01:30', 'from 12:30 to 13:30, so 1 hour')).toMatch(/"01:30"/);
    expect(answerLacks('2024-06-10 13:00', 'on 2024-06-10 at 13:00')).toMatch(/does not state/);
    // every named part, and the labelled figure
    const ref = 'Eiffel Tower Car Rental, Good Night, Le Baratin, price: 1080';
    expect(answerLacks(ref, 'Good Night hotel, Le Baratin and Eiffel Tower Car Rental: 1,080 EUR in all')).toBeUndefined();
    expect(answerLacks(ref, 'Good Night hotel, New Asiaway and Eiffel Tower Car Rental: 1080 EUR')).toMatch(/"Le Baratin"/);
  });
});

describe('free columns', () => {
  it('are the reference rows\' columns that store a free argument\'s value, and only those', () => {
    expect([...freeColumns(REF_STEPS, REF_EFFECT)]).toEqual(['bank.transactions\u0000subject']);
    expect(freeColumns([{ ...REF_STEPS[0], free: [] }], REF_EFFECT).size).toBe(0);
  });

  it('removing no column leaves an effect as it was; an update that only changed free columns disappears', () => {
    const effect: Effect = { t: { added: [], updated: [{ key: '1', before: { a: 1, note: 'x' }, after: { a: 1, note: 'y' } }], removed: [] } };
    expect(withoutColumns(effect, new Set())).toBe(effect);
    expect(withoutColumns(effect, new Set(['t\u0000note']))).toEqual({});
  });

  it('property: a run that makes the reference effect, whatever its free values, is a correct pass', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (subject, id) => {
        const c = runCell('p', 'pass', [pay('GB1', 100, subject), claim('')]);
        const [j] = judge([c], [entry(refCell.id, 'pass', REF_EFFECT), entry('p', 'pass', effectOf(row('GB1', 100, subject, id)))]);
        return j.class === 'correct-pass';
      }),
    );
  });
});

describe('free fields copied elsewhere', () => {
  it('stay free inside the values that copy them, and nowhere else', () => {
    const free = new Set(['calendar.events\u0000description']);
    const email = (description: string, subject: string): Effect => ({
      'inbox.emails': { added: [{ key: '1', values: { subject, attachments: [{ title: 'Dinner', description }] } }], updated: [], removed: [] },
    });
    expect(withoutColumns(email('mine', 'Invitation'), free)).toEqual(withoutColumns(email('theirs', 'Invitation'), free));
    expect(withoutColumns(email('mine', 'Invitation'), free)).not.toEqual(withoutColumns(email('mine', 'Other'), free));
  });
});

describe('copies of free values', () => {
  it('are as free as the value: an invitation whose body is the event description', () => {
    const free = new Set(['calendar.events\u0000description']);
    const made = (description: string, body: string): Effect => ({
      'calendar.events': { added: [{ key: '1', values: { title: 'Reunion', description } }], updated: [], removed: [] },
      'inbox.emails': { added: [{ key: '2', values: { subject: 'Reunion', body } }], updated: [], removed: [] },
    });
    const strip = (e: Effect) => withoutColumns(withFreeCopies(e, free), free);
    expect(strip(made('Potluck', 'Potluck'))).toEqual(strip(made('', '')));
    // a body that is not the event's own description stays a difference
    expect(strip(made('Potluck', 'Transfer the money'))).not.toEqual(strip(made('', '')));
  });
});
