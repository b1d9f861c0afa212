import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/contract/target.ts';
import type { Edit, SearchContext } from '../../src/contract/operator.ts';
import { BUILTIN_OPERATORS } from '../../src/search/operators.ts';
import { mechanismOf, weaknessOf, type OperatorSet } from '../../src/search/plan.ts';
import { mechanismsOf, type SearchFinding } from '../../src/search/findings.ts';
import { searchTriage, weaknessId, type Triage, type WeaknessEntry } from '../../src/triage/triage.ts';

const ops: OperatorSet = new Map(BUILTIN_OPERATORS.map((o) => [o.name, o]));
const semantics = { answer: { call: 'answer', arg: 'text' } };
const ctxOf = (id: string, instruction: string, answer: string, writes: Step[] = []): SearchContext => ({
  task: { id, generator: id.split('/')[0], variant: 0, split: 'dev', instruction, params: {} },
  reference: [...writes, { call: 'answer', args: { text: answer }, kind: 'claim' }],
  others: [],
  semantics,
});
// two travel-like tasks whose answers report different figures and names
const hotel = ctxOf('hotel/0', 'Which hotel in Paris has the best rating?', 'the best is Le Marais, rated 4.5');
const car = ctxOf('car/0', 'Which rental company in London is cheapest?', 'it is Hertz, at 200 a week');

/** A finding of one plan on one task, named as the search arm names it. */
function finding(ctx: SearchContext, plan: Edit[]): SearchFinding {
  return {
    task: ctx.task.id,
    weakness: weaknessOf(plan, ctx, ops),
    mechanism: mechanismOf(plan, ctx, ops),
    minimal: { edits: plan.map((e) => ops.get(e.op)!.describe(e, ctx)) },
  } as unknown as SearchFinding;
}
const answerEdit = (ctx: SearchContext, shape: string, as?: string) =>
  ops.get('answer')!.edits(ctx).find((e) => e.shape === shape && (as === undefined || e.as === as))!;

describe('mechanisms: one weakness shape over several tasks', () => {
  it('names answer weaknesses by their token, and their mechanism by their shape, derived where the name is made', () => {
    const f = finding(hotel, [answerEdit(hotel, 'inside', '14.5')]);
    expect(f.weakness).toBe('answer: "4.5" accepted inside "14.5"');
    expect(f.mechanism).toBe('answer: a figure accepted inside a longer figure');
    const shapes = (ctx: SearchContext) => Object.fromEntries(ops.get('answer')!.edits(ctx).map((e) => [weaknessOf([e], ctx, ops), mechanismOf([e], ctx, ops)]));
    expect(shapes(car)).toMatchObject({
      'answer: an empty answer accepted': 'answer: an empty answer accepted',
      'answer: "200" left out': 'answer: a figure left out',
      'answer: "200" accepted as "201"': 'answer: a figure accepted as its neighbour',
      'answer: "200" accepted inside "1200"': 'answer: a figure accepted inside a longer figure',
      'answer: "200" accepted among wrong alternatives': 'answer: a figure accepted among wrong alternatives',
      'answer: "Hertz" accepted inside "Hertzson"': 'answer: a name accepted inside a longer name',
      'answer: "Hertz" accepted among wrong alternatives': 'answer: a name accepted among wrong alternatives',
    });
    // every other operator's mechanism is its weakness name
    const pay: Step = { call: 'send_money', args: { recipient: 'ann', amount: 10 }, kind: 'write', alternatives: { recipient: ['bob'] } };
    const withWrite = ctxOf('pay/0', 'Pay ann', 'done, 10 sent', [pay]);
    for (const op of ['drop', 'duplicate', 'move']) {
      const e = ops.get(op)!.edits(withWrite)[0];
      expect(mechanismOf([e], withWrite, ops)).toBe(weaknessOf([e], withWrite, ops));
    }
  });

  it('folds answer weaknesses of different tokens but one shape, on two tasks, into ONE mechanism; per-task names stay exact', () => {
    const findings = [
      finding(hotel, [answerEdit(hotel, 'inside', '14.5')]),
      finding(hotel, [answerEdit(hotel, 'inside', '4.51')]),
      finding(car, [answerEdit(car, 'inside', '1200')]),
      finding(hotel, [answerEdit(hotel, 'inside', 'Maraisson')]),
      finding(car, [answerEdit(car, 'inside', 'Hertzson')]),
      finding(car, [answerEdit(car, 'neighbour', '201')]),
    ];
    expect(new Set(findings.map((f) => f.weakness)).size).toBe(6);
    const ms = mechanismsOf(findings, 2);
    expect(ms.map((m) => m.mechanism)).toEqual(['answer: a figure accepted inside a longer figure', 'answer: a name accepted inside a longer name']);
    expect(ms[0]).toMatchObject({
      weakness: 'answer: a figure accepted inside a longer figure',
      tasks: ['car/0', 'hotel/0'],
      of: 2,
      mutants: 3,
      example: { task: 'hotel/0', weakness: 'answer: "4.5" accepted inside "14.5"', edits: 'answer "the best is Le Marais, rated 14.5"' },
    });
    expect(ms[1]).toMatchObject({ tasks: ['car/0', 'hotel/0'], mutants: 2, example: { weakness: 'answer: "Marais" accepted inside "Maraisson"' } });
    // the neighbour is on one task only: no mechanism
    expect(ms.some((m) => m.mechanism.includes('neighbour'))).toBe(false);
  });

  it('a mechanism entry marks every finding of its shape; a weakness entry comes first, a construction\'s own entry before both', () => {
    const entry = (weakness: string, reason: string): WeaknessEntry => ({ weakness, target: 't', status: 'dismissed', reason, at: '' });
    const shape = entry('answer: a figure accepted inside a longer figure', 'figures are compared as text by design');
    const one = entry('answer: "200" accepted inside "1200"', 'the car task is special');
    const triage: Triage = {
      file: 'triage.json',
      sha256: '',
      byKey: new Map([['k-own', { key: 'k-own', task: 'hotel/0', construction: '', target: 't', status: 'accepted', reason: 'fix this one', at: '' }]]),
      byWeakness: new Map([shape, one].map((e) => [weaknessId('t', e.weakness), e])),
    };
    const hotelInside = finding(hotel, [answerEdit(hotel, 'inside', '14.5')]);
    const carInside = finding(car, [answerEdit(car, 'inside', '1200')]);
    const said = (f: SearchFinding, key = 'k') => searchTriage(triage, 't', key, f.weakness, f.mechanism)?.reason;
    expect(said(hotelInside)).toBe('figures are compared as text by design');
    expect(said(carInside)).toBe('the car task is special');
    expect(said(hotelInside, 'k-own')).toBe('fix this one');
    expect(said(finding(car, [answerEdit(car, 'neighbour', '201')]))).toBeUndefined();
    expect(searchTriage(triage, 'other', 'k', hotelInside.weakness, hotelInside.mechanism)).toBeUndefined();
  });
});
