import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clip } from '../../src/util/clip.ts';

describe('clip', () => {
  it('keeps a text of at most max characters as it is, and cuts a longer one to max plus the mark', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('abc...');
    fc.assert(
      fc.property(fc.string(), fc.nat(50), (text, max) => {
        const c = clip(text, max);
        if (text.length <= max) expect(c).toBe(text);
        else {
          expect(c).toHaveLength(max + 3);
          expect(c.endsWith('...')).toBe(true);
          expect(text.startsWith(c.slice(0, max))).toBe(true);
        }
      }),
    );
  });
});
