// The statistics the perturbation analyses share: Spearman's rho with the reason
// when it is undefined, and a cluster bootstrap over tasks with a seeded PRNG, so
// the same records and seed give the same intervals on every machine.
import { permutationsHeap, quantileSorted, sampleRankCorrelation } from 'simple-statistics';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export interface Correlation {
  /** pairs the coefficient was computed over */
  n: number;
  rho: number | null;
  /** why rho is null */
  reason?: string;
}

/** Below this many pairs a rank correlation is ±1 or undefined by construction, so it is not reported. */
const MIN_CORRELATION_PAIRS = 3;

/** Spearman's rho (midranks for ties); null with the reason when it is undefined. */
export function spearman(x: number[], y: number[], names: [string, string] = ['x', 'y']): Correlation {
  const n = x.length;
  if (n !== y.length) throw new Error(`spearman: ${n} values of ${names[0]} against ${y.length} of ${names[1]}`);
  if (n < MIN_CORRELATION_PAIRS) return { n, rho: null, reason: `only ${n} pair(s); at least ${MIN_CORRELATION_PAIRS} are needed` };
  const constant = names.filter((_, i) => new Set(i ? y : x).size === 1);
  if (constant.length) return { n, rho: null, reason: `${constant.join(' and ')} constant over the ${n} pairs` };
  return { n, rho: sampleRankCorrelation(x, y) };
}

/** Up to this many pairs the permutation test enumerates every permutation (8! = 40320). */
const EXACT_PERMUTATIONS_UP_TO = 8;

/**
 * Two-sided permutation test of a Spearman rho (the seed's test of capability
 * against degradation): the share of pairings of x with a permutation of y whose
 * |rho| is at least the observed one. Exact up to 8 pairs, else `permutations`
 * seeded random ones (with the observed pairing counted, so p is never 0).
 * Null when rho itself is undefined.
 */
export function permutationP(x: number[], y: number[], { permutations = 10_000, seed = 0 } = {}): number | null {
  const observed = spearman(x, y).rho;
  if (observed === null) return null;
  const atLeast = (ys: number[]) => Math.abs(sampleRankCorrelation(x, ys)) >= Math.abs(observed) - 1e-12;
  if (x.length <= EXACT_PERMUTATIONS_UP_TO) {
    // every ordering of y once (Heap's algorithm; it permutes the array it is given)
    const orderings = permutationsHeap([...y]);
    return orderings.filter(atLeast).length / orderings.length;
  }
  const rng = xoroshiro128plus(seed);
  let hits = 1;
  const ys = [...y];
  for (let k = 0; k < permutations; k++) {
    for (let i = ys.length - 1; i > 0; i--) {
      const j = uniformInt(rng, 0, i);
      [ys[i], ys[j]] = [ys[j], ys[i]];
    }
    if (atLeast(ys)) hits++;
  }
  return hits / (permutations + 1);
}

export interface Interval {
  lo: number;
  hi: number;
  /** replicates in which the statistic was defined (a replicate without the family, or with C = 0, has none) */
  replicates: number;
}

/**
 * Cluster bootstrap: each replicate draws `clusters` indices with replacement and
 * hands `stat` the multiplicity of every cluster, so everything a cluster holds
 * stays together. Returns, per statistic name, the percentile interval over the
 * replicates where the statistic was defined (null when it never was).
 */
export function clusterBootstrap(
  clusters: number,
  stats: (weights: number[]) => Record<string, number | null>,
  { replicates, seed, confidence }: { replicates: number; seed: number; confidence: number },
): Record<string, Interval | null> {
  const rng = xoroshiro128plus(seed);
  // every statistic named, with the values it took where it was defined
  const draws = new Map<string, number[]>();
  for (let r = 0; r < replicates && clusters > 0; r++) {
    const w = new Array<number>(clusters).fill(0);
    for (let j = 0; j < clusters; j++) w[uniformInt(rng, 0, clusters - 1)]++;
    for (const [name, v] of Object.entries(stats(w))) {
      if (!draws.has(name)) draws.set(name, []);
      if (v !== null && Number.isFinite(v)) draws.get(name)!.push(v);
    }
  }
  const tail = (1 - confidence) / 2;
  const out: Record<string, Interval | null> = {};
  for (const [name, xs] of draws) {
    xs.sort((a, b) => a - b);
    out[name] = xs.length ? { lo: quantileSorted(xs, tail), hi: quantileSorted(xs, 1 - tail), replicates: xs.length } : null;
  }
  return out;
}
