import { describe, expect, it } from 'vitest';
import { thresholdsFrom } from '../../src/cli/thresholds.ts';

describe('thresholds from the flags', () => {
  it('a break asked for alone raises the bands it would exceed, and only those', async () => {
    expect(await thresholdsFrom({ 'threshold-break': 50 })).toEqual({ high: 80, low: 60, break: 50 });
    expect(await thresholdsFrom({ 'threshold-break': 70 })).toEqual({ high: 80, low: 70, break: 70 });
    expect(await thresholdsFrom({ 'threshold-break': 90 })).toEqual({ high: 90, low: 90, break: 90 });
    expect(await thresholdsFrom({})).toEqual({ high: 80, low: 60, break: null });
  });

  it('a band given with it is the user\'s word: a break above it is refused', async () => {
    await expect(thresholdsFrom({ 'threshold-low': 50, 'threshold-break': 70 })).rejects.toThrow(/^--threshold-\*: thresholds: field break: break must not exceed low$/);
  });
});
