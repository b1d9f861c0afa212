// The closed list of cell outcomes every report format maps from (src/contract/outcome.ts).
import { expect, it } from 'vitest';
import { CELL_OUTCOMES, MUTANT_OUTCOMES } from '../../src/contract/outcome.ts';

it('lists each outcome once, a false accept first among the mutants', () => {
  expect(new Set(CELL_OUTCOMES).size).toBe(CELL_OUTCOMES.length);
  expect(MUTANT_OUTCOMES[0]).toBe('false-accept');
});
