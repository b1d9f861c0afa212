import { describe, expect, it } from 'vitest';
import { overlap, rankConsequence, sharpInterval } from '../../src/consequence/rank.ts';
import { clopperPearsonUpper } from '../../src/util/clopper-pearson.ts';

const scores = (xs: [string, number][]) => xs.map(([configuration, score]) => ({ configuration, score }));

describe('sharp interval', () => {
  it('is [max(0, (q - alpha)/(1 - alpha)), min(1, q/(1 - beta))]', () => {
    // the paper's observed budget: alpha = 2/5, beta = 0/31
    expect(sharpInterval(0.7, { alpha: 0.4, beta: 0 })).toEqual({ lo: (0.7 - 0.4) / 0.6, hi: 0.7 });
    expect(sharpInterval(0.3, { alpha: 0.4, beta: 0 })).toEqual({ lo: 0, hi: 0.3 });
    const bound = { alpha: clopperPearsonUpper(2, 5), beta: clopperPearsonUpper(0, 11) };
    const iv = sharpInterval(0.9, bound);
    expect(iv.lo).toBeCloseTo((0.9 - 0.8107) / (1 - 0.8107), 3);
    expect(iv.hi).toBe(1); // 0.9 / (1 - 0.2384) > 1
    expect(sharpInterval(0.5, { alpha: 0.1, beta: 0.2 })).toEqual({ lo: 0.4 / 0.9, hi: 0.5 / 0.8 });
  });

  it('alpha or beta of 1 leaves that side unknown', () => {
    expect(sharpInterval(0.6, { alpha: 1, beta: 0 })).toEqual({ lo: 0, hi: 0.6 });
    expect(sharpInterval(0.6, { alpha: 0, beta: 1 })).toEqual({ lo: 0.6, hi: 1 });
  });

  it('with no budget, is the published score itself', () => {
    expect(sharpInterval(0.42, { alpha: 0, beta: 0 })).toEqual({ lo: 0.42, hi: 0.42 });
  });
});

describe('pairs surviving and top-1', () => {
  it('closed intervals: touching ends overlap', () => {
    expect(overlap({ lo: 0.2, hi: 0.5 }, { lo: 0.5, hi: 0.9 })).toBe(true);
    expect(overlap({ lo: 0.2, hi: 0.49 }, { lo: 0.5, hi: 0.9 })).toBe(false);
    expect(overlap({ lo: 0.5, hi: 0.9 }, { lo: 0.2, hi: 0.49 })).toBe(false);
  });

  it('counts the pairs whose intervals do not overlap, out of n choose 2', () => {
    // alpha = 0.5, beta = 0: A [0.8, 0.9], B [0.4, 0.7], C [0, 0.3], D [0.2, 0.6]
    const r = rankConsequence(scores([['C', 0.3], ['A', 0.9], ['D', 0.6], ['B', 0.7]]), { alpha: 0.5, beta: 0 });
    expect(r.pairs).toBe(6);
    expect(r.intervals.map((i) => i.configuration)).toEqual(['A', 'B', 'D', 'C']);
    expect(r.survivors).toEqual([['A', 'B'], ['A', 'D'], ['A', 'C'], ['B', 'C']]);
    expect(r.surviving).toBe(4);
    expect(r.top1).toEqual(['A']);
    expect(r.top1Unique).toBe(true);
  });

  it('top-1 is not unique when the best lower bound does not clear the runner-up, or when the best are tied', () => {
    // alpha = 0.4: A's lower bound 0.5/0.6 = 0.833 stays under B's upper bound 0.85
    const near = rankConsequence(scores([['A', 0.9], ['B', 0.85], ['C', 0.1]]), { alpha: 0.4, beta: 0 });
    expect(near.top1Unique).toBe(false);
    expect(near.survivors).toEqual([['A', 'C'], ['B', 'C']]);
    const tied = rankConsequence(scores([['A', 0.8], ['B', 0.8], ['C', 0.1]]), { alpha: 0, beta: 0 });
    expect(tied.top1).toEqual(['A', 'B']);
    expect(tied.top1Unique).toBe(false);
    expect(tied.surviving).toBe(2); // A > C and B > C; A, B are equal points
  });

  it('with no budget every distinct pair survives; a larger budget never saves more pairs', () => {
    const xs = scores([['a', 0.88], ['b', 0.79], ['c', 0.72], ['d', 0.69], ['e', 0.43], ['f', 0.25]]);
    expect(rankConsequence(xs, { alpha: 0, beta: 0 }).surviving).toBe(15);
    let last = 15;
    for (const alpha of [0.05, 0.1, 0.2, 0.4, 0.8, 0.9]) {
      const now = rankConsequence(xs, { alpha, beta: alpha / 4 }).surviving;
      expect(now).toBeLessThanOrEqual(last);
      last = now;
    }
    expect(last).toBe(0);
    expect(rankConsequence(scores([['only', 0.5]]), { alpha: 0.1, beta: 0 })).toMatchObject({ pairs: 0, surviving: 0, top1Unique: undefined });
  });
});

describe("the paper's Table 3 arithmetic, from its stated inputs", () => {
  // observed: 2/5 eligible Extra-NI generators, 0/31 control variants; illustrative: the 95% bounds on 2/5 and 0/11
  const observed = { alpha: 2 / 5, beta: 0 / 31 };
  const illustrative = { alpha: clopperPearsonUpper(2, 5), beta: clopperPearsonUpper(0, 11) };

  it('gives the budgets .4000/.0000 and .8107/.2384', () => {
    expect([observed.alpha.toFixed(4), observed.beta.toFixed(4)]).toEqual(['0.4000', '0.0000']);
    expect([illustrative.alpha.toFixed(4), illustrative.beta.toFixed(4)]).toEqual(['0.8107', '0.2384']);
  });

  it('under the illustrative budget, 14 configurations scoring at most alpha keep 0/91 pairs and no unique top-1', () => {
    // every lower bound is 0 when q <= alpha, and every upper bound is above 0
    const xs = scores(Array.from({ length: 14 }, (_, i) => [`c${i}`, 0.05 + (i * 0.75) / 13] as [string, number]));
    const r = rankConsequence(xs, illustrative);
    expect([r.pairs, r.surviving, r.top1Unique]).toEqual([91, 0, false]);
    expect(r.intervals.every((iv) => iv.lo === 0)).toBe(true);
    // the observed budget separates the same spread scores: only pairs far enough apart survive
    const o = rankConsequence(xs, observed);
    expect(o.surviving).toBeGreaterThan(0);
    expect(o.surviving).toBeLessThan(91);
    for (const [hi, lo] of o.survivors) {
      const [a, b] = [xs.find((x) => x.configuration === hi)!.score, xs.find((x) => x.configuration === lo)!.score];
      expect((a - 0.4) / 0.6).toBeGreaterThan(b);
    }
    const apart = xs.flatMap((a) => xs.filter((b) => (a.score - 0.4) / 0.6 > b.score)).length;
    expect(o.surviving).toBe(apart);
  });
});
