// The one-sided Clopper-Pearson upper bound of a binomial proportion, the
// paper's "illustrative 95%" budget (2/5 -> 0.8107, 0/11 -> 0.2384).
//
// Hand-rolled rather than a statistics package: the bound is the root of one
// monotone function, the binomial CDF in p, which bisection finds to machine
// precision in a few dozen steps. Computed in log space (log-sum-exp over the
// pmf terms), the CDF stays accurate for thousands of trials, where the counts
// here are tens of generators. A package would bring an incomplete-beta
// inverse and its own tolerances for a function this small.

/** P(X <= k) for X ~ Binomial(n, p). */
export function binomialCdf(k: number, n: number, p: number): number {
  checkCounts(k, n);
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  // log C(n, j) for j = 0..k, built term by term so no factorial overflows
  const lc = [0];
  for (let j = 1; j <= k; j++) lc.push(lc[j - 1] + Math.log(n - j + 1) - Math.log(j));
  const [lp, lq] = [Math.log(p), Math.log1p(-p)];
  const terms = lc.map((c, j) => c + j * lp + (n - j) * lq);
  const max = Math.max(...terms);
  return Math.min(1, Math.exp(max) * terms.reduce((s, t) => s + Math.exp(t - max), 0));
}

/**
 * The p at which observing k or fewer of n has probability 1 - confidence: the
 * largest proportion the observation does not reject at that one-sided level.
 * k = n (n = 0 included) gives 1: nothing bounds the proportion from above.
 */
export function clopperPearsonUpper(k: number, n: number, confidence = 0.95): number {
  checkCounts(k, n);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must lie in (0, 1), got ${confidence}`);
  if (k === n) return 1;
  const tail = 1 - confidence;
  // binomialCdf(k, n, p) falls from 1 at p = 0 to 0 at p = 1
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(k, n, mid) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function checkCounts(k: number, n: number): void {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n) throw new RangeError(`expected whole counts 0 <= k <= n, got k=${k} n=${n}`);
}

/** The two-sided Clopper-Pearson interval of k successes in n (each tail 1 - confidence over 2). */
export function clopperPearsonInterval(k: number, n: number, confidence = 0.95): [number, number] {
  checkCounts(k, n);
  if (n === 0) return [0, 1];
  const level = 1 - (1 - confidence) / 2;
  return [k === 0 ? 0 : 1 - clopperPearsonUpper(n - k, n, level), clopperPearsonUpper(k, n, level)];
}
