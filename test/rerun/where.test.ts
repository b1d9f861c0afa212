import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../src/rerun/where.ts';

describe('--where', () => {
  it('reads an arm as --arms names it (faults) as the arm its cells record (fault)', () => {
    expect(parseWhere('arm=faults,family=extra')).toEqual({ arm: ['fault'], family: ['extra'] });
    expect(parseWhere('arm=fault')).toEqual({ arm: ['fault'] });
    expect(parseWhere('arm=search,arm=floor')).toEqual({ arm: ['search', 'floor'] });
  });

  it('refuses a key it does not know, with a guess', () => {
    expect(() => parseWhere('famly=extra')).toThrow(/--where: expected key=value with key one of family, .*got 'famly=extra'; did you mean 'family'\?$/);
  });
});
