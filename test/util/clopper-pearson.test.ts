import { describe, expect, it } from 'vitest';
import { binomialCdf, clopperPearsonUpper } from '../../src/util/clopper-pearson.ts';

/** P(X <= k) summed directly from n choose j in plain arithmetic: an independent path for small n. */
function directCdf(k: number, n: number, p: number): number {
  let sum = 0;
  let choose = 1;
  for (let j = 0; j <= k; j++) {
    sum += choose * p ** j * (1 - p) ** (n - j);
    choose = (choose * (n - j)) / (j + 1);
  }
  return sum;
}

describe('one-sided Clopper-Pearson upper bound', () => {
  it("reproduces the paper's illustrative envelope: 2/5 -> 0.8107, 0/11 -> 0.2384", () => {
    expect(clopperPearsonUpper(2, 5).toFixed(4)).toBe('0.8107');
    expect(clopperPearsonUpper(0, 11).toFixed(4)).toBe('0.2384');
  });

  it('k = 0 gives 1 - (1 - confidence)^(1/n), and k = n - 1 gives confidence^(1/n)', () => {
    // P(X <= 0) = (1 - p)^n and P(X <= n - 1) = 1 - p^n, each solved for the tail
    for (const n of [1, 2, 3, 5, 11, 31, 97, 500, 2000]) {
      expect(clopperPearsonUpper(0, n)).toBeCloseTo(1 - 0.05 ** (1 / n), 12);
      expect(clopperPearsonUpper(n - 1, n)).toBeCloseTo(0.95 ** (1 / n), 12);
      expect(clopperPearsonUpper(0, n, 0.99)).toBeCloseTo(1 - 0.01 ** (1 / n), 12);
    }
  });

  it('is the p at which k or fewer of n has probability 5%, rising with k, falling with n', () => {
    for (const [k, n] of [[1, 4], [3, 10], [7, 11], [19, 60], [6, 15]]) {
      const u = clopperPearsonUpper(k, n);
      expect(directCdf(k, n, u)).toBeCloseTo(0.05, 10);
      expect(u).toBeGreaterThan(k / n);
      expect(clopperPearsonUpper(k + 1, n)).toBeGreaterThan(u);
      expect(clopperPearsonUpper(k, n + 1)).toBeLessThan(u);
    }
  });

  it('all of n, or none observed, bound nothing: 1', () => {
    expect(clopperPearsonUpper(5, 5)).toBe(1);
    expect(clopperPearsonUpper(0, 0)).toBe(1);
  });

  it('refuses counts that are not 0 <= k <= n and a confidence outside (0, 1)', () => {
    expect(() => clopperPearsonUpper(3, 2)).toThrow(/0 <= k <= n/);
    expect(() => clopperPearsonUpper(-1, 2)).toThrow(/0 <= k <= n/);
    expect(() => clopperPearsonUpper(0.5, 2)).toThrow(/0 <= k <= n/);
    expect(() => clopperPearsonUpper(1, 2, 1)).toThrow(/confidence/);
  });
});

describe('binomial CDF in log space', () => {
  it('matches the direct sum for small n and stays finite where the direct terms underflow', () => {
    for (const [k, n, p] of [[0, 1, 0.3], [2, 5, 0.5], [4, 10, 0.13], [9, 20, 0.61], [30, 60, 0.4]])
      expect(binomialCdf(k, n, p)).toBeCloseTo(directCdf(k, n, p), 12);
    // (0.5)^2000 underflows to 0 term by term; the median of Binomial(2000, 0.5) still has CDF just above a half
    const mid = binomialCdf(1000, 2000, 0.5);
    expect(mid).toBeGreaterThan(0.5);
    expect(mid).toBeLessThan(0.51);
    expect(binomialCdf(3, 3, 0.9)).toBe(1);
    expect(binomialCdf(2, 3, 1)).toBe(0);
  });
});

describe('clopperPearsonInterval', () => {
  it('is the two-sided exact interval: 0/n starts at 0, n/n ends at 1, and it contains k/n', async () => {
    const { clopperPearsonInterval } = await import('../../src/util/clopper-pearson.ts');
    expect(clopperPearsonInterval(0, 10)[0]).toBe(0);
    expect(clopperPearsonInterval(10, 10)[1]).toBe(1);
    // reference values of the exact 95% interval for 5/10
    const [lo, hi] = clopperPearsonInterval(5, 10);
    expect(lo).toBeCloseTo(0.187086, 5);
    expect(hi).toBeCloseTo(0.812914, 5);
  });
});
