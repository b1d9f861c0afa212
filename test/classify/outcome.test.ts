// The one closed outcome per cell that every report format maps from.
import { expect, it } from 'vitest';
import { cellOutcome, judge } from '../../src/classify/outcome.ts';
import type { ClassifiedCell } from '../../src/classify/classify.ts';
import { WORLD_REFERENCE } from '../../src/grammar/swap.ts';

const base: ClassifiedCell = { cell: 'c', arm: 'fault', family: 'extra', checker: 't/0', trajectory: 't/0', generator: 't', falseAccept: false, falseReject: false };
const o = (c: Partial<ClassifiedCell>) => cellOutcome({ ...base, ...c });

it('names a mutant by its classification first and a confirmed one by the verdict', () => {
  expect(o({ status: 'confirmed', verdict: 'pass', falseAccept: true })).toBe('false-accept');
  expect(o({ status: 'confirmed', verdict: 'fail' })).toBe('rejected');
  expect(o({ status: 'confirmed', verdict: 'error' })).toBe('error');
  expect(o({ status: 'confirmed' })).toBe('error');
  // a Pass on an effect that is not proven wrong is never a false accept
  for (const status of ['refused', 'incomplete', 'degenerate', 'immaterial', 'candidate'] as const) expect(o({ status, verdict: 'pass' })).toBe(status);
  expect(o({ arm: 'search', status: 'confirmed', verdict: 'pass' })).toBe('false-accept');
});

it('names controls, swap and floor cells apart from mutants', () => {
  expect(o({ arm: 'control', verdict: 'pass' })).toBe('control-pass');
  expect(o({ arm: 'control', verdict: 'fail', falseReject: true })).toBe('false-reject');
  expect(o({ arm: 'control', verdict: 'fail' })).toBe('control-unscored');
  expect(o({ arm: 'control', verdict: 'error' })).toBe('control-unscored');
  expect(o({ arm: 'swap', verdict: 'pass' })).toBe('graded-pass');
  expect(o({ arm: 'floor', verdict: 'fail' })).toBe('graded-other');
});

it('names a world-reference swap cell by its delivery alone: it is read back, never graded', () => {
  expect(o({ arm: 'swap', family: WORLD_REFERENCE, delivered: true })).toBe('read-back');
  expect(o({ arm: 'swap', family: WORLD_REFERENCE, delivered: false })).toBe('incomplete');
  // a verdict it should never have does not make it a graded cell
  expect(o({ arm: 'swap', family: WORLD_REFERENCE, delivered: true, verdict: 'pass' })).toBe('read-back');
});

it('gives every cell exactly one outcome of the closed list, keeping the rest of the classification', () => {
  const cells: ClassifiedCell[] = [{ ...base, status: 'confirmed', verdict: 'pass', falseAccept: true }, { ...base, arm: 'control', verdict: 'pass' }];
  const judged = judge({ cells, referenceEffects: {}, unscored: ['x'] });
  expect(judged.unscored).toEqual(['x']);
  expect(judged.cells.map((c) => c.outcome)).toEqual(['false-accept', 'control-pass']);
  // the cell as classified, with its outcome beside it
  expect(judged.cells[1]).toEqual({ ...cells[1], outcome: 'control-pass' });
});
