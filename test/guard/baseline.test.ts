// The baseline names each cell by its closed outcome (src/classify/outcome.ts):
// a graded cell keeps its verdict, a confirmed mutant what the checker made of it.
import { expect, it } from 'vitest';
import { outcomesOf, summarize } from '../../src/guard/baseline.ts';
import { judge, type ScoredCell } from '../../src/classify/outcome.ts';
import type { ClassifiedCell } from '../../src/classify/classify.ts';

const cell = (cell: string, c: Partial<ClassifiedCell>) => ({ cell, family: 'f', generator: 'g', checker: 't', trajectory: 't', ...c }) as ClassifiedCell;

it('names controls and floor cells by their verdict, mutants by their outcome, and leaves refused and swap cells out', () => {
  const cells: ScoredCell[] = judge({
    cells: [
      cell('control:a', { arm: 'control', verdict: 'pass' }),
      cell('control:b', { arm: 'control', verdict: 'fail', falseReject: true }),
      cell('control:c', { arm: 'control' }),
      cell('floor:a', { arm: 'floor', verdict: 'pass' }),
      cell('fault:fa', { arm: 'fault', status: 'confirmed', verdict: 'pass' }),
      cell('fault:rej', { arm: 'fault', status: 'confirmed', verdict: 'fail' }),
      cell('fault:err', { arm: 'fault', status: 'confirmed', verdict: 'error' }),
      cell('fault:deg', { arm: 'fault', status: 'degenerate', verdict: 'pass' }),
      cell('fault:cand', { arm: 'fault', status: 'candidate' }),
      cell('fault:inc', { arm: 'fault', status: 'incomplete', verdict: 'pass' }),
      cell('fault:ref', { arm: 'fault', status: 'refused' }),
      cell('swap:a', { arm: 'swap', verdict: 'pass' }),
    ],
  } as never).cells;
  const outcomes = outcomesOf(cells);
  expect(outcomes).toEqual({
    'control:a': 'pass',
    'control:b': 'fail',
    'control:c': 'error',
    'fault:cand': 'candidate:error',
    'fault:deg': 'degenerate:pass',
    'fault:err': 'checker-error',
    'fault:fa': 'false-accept',
    'fault:inc': 'incomplete',
    'fault:rej': 'rejected',
    'floor:a': 'pass',
  });
  expect(Object.keys(outcomes)).toEqual(Object.keys(outcomes).sort());
  expect(summarize(outcomes)).toMatchObject({ 'control:pass': 1, 'control:fail': 1, 'false-accept': 1, pass: 1 });
});
