import { describe, expect, it } from 'vitest';
import { agentErrorCause, analysePerturbRun, type PerturbAnalysis } from '../../src/perturb/analysis.ts';
import { comparePerturbRuns } from '../../src/perturb/compare.ts';
import { clusterBootstrap, permutationP, spearman } from '../../src/perturb/stats.ts';
import { InputError } from '../../src/util/errors.ts';
import type { EpisodeRecord } from '../../src/perturb/record.ts';
import { episode, task } from './records.ts';

// Four paired tasks, one task without a clean episode, one unscored episode:
//   clean      a ✓  b ✓  c ✗  d ✓
//   U-missing  a ✗  b ✗  c ✓
//   U-redundant a ✓ b ✓       d ✓
//   T-incorrect          c ✗
const small = (): EpisodeRecord[] => [
  ...task('a', true, { 'U-missing': false, 'U-redundant': true }),
  ...task('b', true, { 'U-missing': false, 'U-redundant': true }),
  ...task('c', false, { 'U-missing': true, 'T-incorrect': false }),
  ...task('d', true, { 'U-redundant': true }),
  episode('e', 'U-missing', false),
  episode('d', 'P-missing', true, { verdict: 'error', success: false, detail: 'checker crashed' }),
];

const fam = (a: PerturbAnalysis, f: string) => a.families.find((x) => x.family === f)!;

describe('analysePerturbRun: degradation arithmetic', () => {
  const a = analysePerturbRun(small(), { bootstrap: 0 });

  it('clean success over the tasks that have a scored clean episode', () => {
    expect(a.clean).toEqual({ tasks: 4, successes: 3, rate: 75 });
    expect(a.tasks).toEqual(['a', 'b', 'c', 'd']);
    expect(a.unpaired).toEqual({ instances: 1, tasks: ['e'] });
    expect(a.unscored).toEqual({ episodes: 1, instances: ['d::P-missing#0'] });
  });

  it('per family, pairs only over the tasks that have the family', () => {
    const um = fam(a, 'U-missing');
    expect(um).toMatchObject({ tasks: 3, instances: 3 });
    expect(um.clean).toBeCloseTo(200 / 3, 10);
    expect(um.perturbed).toBeCloseTo(100 / 3, 10);
    expect(um.degradation).toBeCloseTo(50, 10);
    // a and b pass clean and fail U-missing, c the other way round
    expect(um).toMatchObject({ broke: 2, fixed: 1 });
    // d has U-redundant, c does not: C over a, b, d only
    expect(fam(a, 'U-redundant')).toMatchObject({ tasks: 3, clean: 100, perturbed: 100, degradation: 0 });
  });

  it('C = 0 leaves relative degradation null with the reason; an absent family says so', () => {
    const ti = fam(a, 'T-incorrect');
    expect(ti).toMatchObject({ tasks: 1, instances: 1, clean: 0, perturbed: 0, degradation: null });
    expect(ti.reason).toMatch(/C = 0/);
    // the only P-missing episode is unscored: no instance left
    expect(fam(a, 'P-missing')).toMatchObject({ tasks: 0, instances: 0, clean: null, perturbed: null, degradation: null, reason: 'no perturbed instance' });
  });

  it('overall pairs every perturbed instance with its own task clean episode', () => {
    // clean of the 7 instances' tasks: a b c c a b d = 5 of 7; perturbed successes 4 of 7
    expect(a.overall.instances).toBe(7);
    expect(a.overall.clean).toBeCloseTo(500 / 7, 10);
    expect(a.overall.perturbed).toBeCloseTo(400 / 7, 10);
    expect(a.overall.degradation).toBeCloseTo(20, 10);
  });

  it('marginals pool over the other factor, and the heatmap is the families', () => {
    const u = a.targets.find((t) => t.target === 'U')!;
    expect(u).toMatchObject({ tasks: 4, instances: 6 });
    expect(u.clean).toBeCloseTo(500 / 6, 10);
    expect(u.perturbed).toBeCloseTo(400 / 6, 10);
    expect(u.degradation).toBeCloseTo(20, 10);
    expect(a.targets.find((t) => t.target === 'T')!.degradation).toBeNull();
    expect(a.targets.find((t) => t.target === 'P')!.instances).toBe(0);
    expect(a.types.find((t) => t.type === 'missing')).toMatchObject({ instances: 3, degradation: fam(a, 'U-missing').degradation });
    expect(a.types.find((t) => t.type === 'redundant')).toMatchObject({ instances: 3, degradation: 0 });
    expect(a.heatmap.targets).toEqual(['U', 'P', 'C', 'T']);
    expect(a.heatmap.types).toEqual(['missing', 'redundant', 'incorrect']);
    expect(a.heatmap.degradation[0][0]).toBeCloseTo(50, 10);
    expect(a.heatmap.degradation[0][1]).toBe(0);
    expect(a.heatmap.degradation[3][2]).toBeNull();
    expect(a.heatmap.degradation[1]).toEqual([null, null, null]);
  });

  it('broke and fixed account for C - P in every pooling', () => {
    for (const d of [a.overall, ...a.families, ...a.targets, ...a.types].filter((x) => x.instances)) {
      expect((100 * (d.broke - d.fixed)) / d.instances).toBeCloseTo(d.clean! - d.perturbed!, 10);
    }
    expect(a.overall).toMatchObject({ broke: 2, fixed: 1 });
  });

  it('several instances of a family on a task: P pools the instances and C weights their task', () => {
    const b = analysePerturbRun(
      [
        episode('a', 'clean', true),
        episode('a', 'U-incorrect', true, { seed: 1 }),
        episode('a', 'U-incorrect', false, { seed: 2 }),
        episode('b', 'clean', false),
        episode('b', 'U-incorrect', false),
      ],
      { bootstrap: 0 },
    );
    const ui = fam(b, 'U-incorrect');
    expect(ui).toMatchObject({ tasks: 2, instances: 3 });
    expect(ui.clean).toBeCloseTo(200 / 3, 10);
    expect(ui.perturbed).toBeCloseTo(100 / 3, 10);
    expect(ui.degradation).toBeCloseTo(50, 10);
    expect(b.correlation.perTask).toEqual([
      { task: 'a', clean: true, families: { 'U-incorrect': 0.5 } },
      { task: 'b', clean: false, families: { 'U-incorrect': 0 } },
    ]);
  });

  it('a perturbed instance that does better than clean gives negative degradation', () => {
    const b = analysePerturbRun([...task('a', true, { 'C-redundant': true }), ...task('b', false, { 'C-redundant': true })], { bootstrap: 0 });
    expect(fam(b, 'C-redundant').degradation).toBe(-100);
  });
});

describe('analysePerturbRun: what it lists', () => {
  it('grader false accepts with their evidence, agent errors by cause', () => {
    const recs = [
      ...task('a', true, { 'U-redundant': false }),
      episode('a', 'T-incorrect', true, { effect: 'differs', graderFalseAccept: true, evidence: 'row 7: amount 50, reference 500' }),
      ...task('b', false, { 'U-missing': false }, { agentError: 'step limit: 40 calls and questions without done' }),
      episode('b', 'P-missing', false, { agentError: 'the agent exited with code 3 before answering; its stderr ends: out of memory' }),
      episode('c', 'clean', true, { graderFalseAccept: true }),
    ];
    const a = analysePerturbRun(recs, { bootstrap: 0 });
    expect(a.falseAccepts).toEqual([
      { instance: 'a::T-incorrect#0', task: 'a', family: 'T-incorrect', verdict: 'pass', detail: 'all checks passed', evidence: 'row 7: amount 50, reference 500' },
      { instance: 'c::clean', task: 'c', family: 'clean', verdict: 'pass', detail: 'all checks passed', evidence: '(no readback evidence recorded)' },
    ]);
    expect(fam(a, 'T-incorrect').falseAccepts).toBe(1);
    expect(a.agentErrors).toEqual([
      { cause: 'step limit', count: 2, instances: ['b::clean', 'b::U-missing#0'], examples: ['step limit: 40 calls and questions without done'] },
      { cause: 'crash', count: 1, instances: ['b::P-missing#0'], examples: ['the agent exited with code 3 before answering; its stderr ends: out of memory'] },
    ]);
    expect(fam(a, 'U-missing').agentErrors).toBe(1);
    expect(analysePerturbRun([...task('a', true, {}), episode('a', 'U-missing', true, { asked: 1 }), episode('a', 'U-missing', false, { seed: 1 })], { bootstrap: 0 }).families[0].asked).toBe(1);
  });

  it('tells the failures the perturbation caused (clean passed) from the agent own (clean failed)', () => {
    const rs = [
      ...task('a', true, { 'U-missing': false, 'U-redundant': true }),
      ...task('c', false, { 'U-missing': false }, { detail: 'wrong total', evidence: 'invoice: total 0.00' }),
      episode('a', 'T-incorrect', false, { agentError: 'time limit: the agent took more than 10 ms', evidence: '1 reference row(s) not added' }),
    ];
    const a = analysePerturbRun(rs, { bootstrap: 0 });
    expect(a.broken).toEqual([
      { instance: 'a::T-incorrect#0', family: 'T-incorrect', detail: 'check failed', evidence: '1 reference row(s) not added', agentError: 'time limit: the agent took more than 10 ms' },
      { instance: 'a::U-missing#0', family: 'U-missing', detail: 'check failed' },
    ]);
    expect(a.broken).toHaveLength(a.overall.broke);
    // c failed clean: its perturbed failure is not the perturbation's doing
    expect(a.cleanFailures).toEqual([{ instance: 'c::clean', family: 'clean', detail: 'wrong total', evidence: 'invoice: total 0.00' }]);
  });

  it('with the run set given, says per family what was perturbed (an example edit) and what was rejected and why', () => {
    const set = {
      hash: 'f00d'.repeat(16),
      target: 'apps',
      instances: [
        { id: 'b::clean', family: 'clean' as const, edit: 'none' },
        { id: 'b::U-missing#0', family: 'U-missing' as const, edit: 'utterance: name "Olga" removed', recovery: { ask: 'What is the name?', answer: 'Olga' } },
        { id: 'a::U-missing#0', family: 'U-missing' as const, edit: 'utterance: name "Ann" removed', recovery: { ask: 'What is the name?', answer: 'Ann' } },
        { id: 'a::T-missing#0', family: 'T-missing' as const, edit: 'tools: x removed' },
      ],
      rejected: [
        { family: 'U-incorrect' as const, reason: 'not applicable: nothing to misspell' },
        { family: 'U-incorrect' as const, reason: 'not applicable: nothing to misspell' },
        { family: 'T-missing' as const, reason: 'the reference fails the checker through the perturbed contract' },
      ],
    };
    const a = analysePerturbRun(task('a', true, { 'U-missing': true }), { bootstrap: 0, set });
    expect(a.set).toEqual({
      hash: set.hash,
      target: 'apps',
      families: [
        { family: 'U-missing', validated: 2, example: { instance: 'a::U-missing#0', edit: 'utterance: name "Ann" removed', recovery: { ask: 'What is the name?', answer: 'Ann' } }, rejected: 0, reasons: [] },
        { family: 'U-incorrect', validated: 0, rejected: 2, reasons: [{ reason: 'not applicable: nothing to misspell', count: 2 }] },
        { family: 'T-missing', validated: 1, example: { instance: 'a::T-missing#0', edit: 'tools: x removed' }, rejected: 1, reasons: [{ reason: 'the reference fails the checker through the perturbed contract', count: 1 }] },
      ],
    });
    expect(analysePerturbRun(task('a', true, {}), { bootstrap: 0 }).set).toBeUndefined();
  });

  it('agent errors are grouped under the causes the runner reports', () => {
    expect(agentErrorCause('time limit: the agent took more than 60000 ms')).toBe('time limit');
    expect(agentErrorCause('step limit: 40 calls and questions without done')).toBe('step limit');
    expect(agentErrorCause('the agent exited on SIGKILL before answering')).toBe('crash');
    expect(agentErrorCause('agent: call: field tool: expected a tool name')).toBe('protocol error');
    expect(agentErrorCause('agent: not a JSON line: hello')).toBe('protocol error');
    expect(agentErrorCause('the agent could not be started (ENOENT: no such command or file) before answering')).toBe('could not start');
    expect(agentErrorCause('the episode was stopped; late call')).toBe('the episode was stopped');
  });

  it('usage only when episodes report it, never zero-filled', () => {
    expect(analysePerturbRun(small(), { bootstrap: 0 }).usage).toBeUndefined();
    const recs = [
      episode('a', 'clean', true, { usage: { inputTokens: 1000, outputTokens: 200, costUsd: 0.01 } }),
      episode('a', 'U-missing', false, { usage: { inputTokens: 3000, outputTokens: 800, costUsd: 0.03 } }),
      episode('b', 'clean', true, { usage: { inputTokens: 600, outputTokens: 200, costUsd: 0.02 } }),
      episode('b', 'U-missing', true),
    ];
    const u = analysePerturbRun(recs, { bootstrap: 0 }).usage!;
    expect(u.all.tokens).toEqual({ episodes: 3, successes: 2, input: 4600, output: 1200, total: 5800, perSuccess: 1000, successesPerMTokens: 2e6 / 5800 });
    expect(u.all.cost!.usd).toBeCloseTo(0.06, 12);
    expect(u.all.cost!.perSuccess).toBeCloseTo(0.03, 12);
    expect(u.families).toEqual({ 'U-missing': u.perturbed });
    expect(u.perturbed).toMatchObject({ episodes: 2, tokens: { episodes: 1, successes: 0, total: 3800, perSuccess: null, successesPerMTokens: 0 } });
    const costOnly = analysePerturbRun([episode('a', 'clean', true, { usage: { costUsd: 0.5 } })], { bootstrap: 0 }).usage!;
    expect(costOnly.all.tokens).toBeUndefined();
    expect(costOnly.all.cost).toEqual({ episodes: 1, successes: 1, usd: 0.5, perSuccess: 0.5 });
  });

  it('rejects records it cannot analyse, saying which and why', () => {
    expect(() => analysePerturbRun([])).toThrow(InputError);
    expect(() => analysePerturbRun([episode('a', 'clean', true), { ...episode('a', 'U-missing', true), agent: 'replay' }])).toThrow(/2 agents \(literal, replay\)/);
    expect(() => analysePerturbRun([episode('a', 'clean', true), episode('a', 'clean', false)])).toThrow(/a::clean: more than one episode record/);
    expect(() => analysePerturbRun([{ ...episode('a', 'U-missing', true), target: 'T' }])).toThrow(/family U-missing with target T/);
    expect(() => analysePerturbRun([episode('a', 'clean', true)], { confidence: 1 })).toThrow(/confidence/);
    expect(() => analysePerturbRun([episode('a', 'clean', true)], { seed: 0.5 })).toThrow(/seed must be a whole number/);
    expect(() => analysePerturbRun([episode('a', 'clean', true)], { bootstrap: -1 })).toThrow(/bootstrap must be/);
  });
});

describe('Spearman', () => {
  it('matches known values, with midranks for ties', () => {
    expect(spearman([1, 2, 3, 4, 5], [2, 4, 8, 16, 32]).rho).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3], [9, 5, 1]).rho).toBeCloseTo(-1, 12);
    // ranks of y: 1 2 3.5 5 3.5 -> 8 / sqrt(10 * 9.5)
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]).rho).toBeCloseTo(8 / Math.sqrt(95), 12);
    // ties on both sides: ranks 4 2 2 2 and 3.5 3.5 1.5 1.5 -> 2 / sqrt(3 * 4)
    expect(spearman([1, 0, 0, 0], [1, 1, 0, 0]).rho).toBeCloseTo(1 / Math.sqrt(3), 12);
  });

  it('permutation p-values: exact for few pairs, seeded Monte Carlo beyond', () => {
    // of the 4! pairings only the identity and the reversal reach |rho| = 1
    expect(permutationP([1, 2, 3, 4], [1, 2, 3, 4])).toBeCloseTo(2 / 24, 12);
    // 184 of the 8! permutations have |rho| >= 19/21 (enumerated independently)
    expect(permutationP([1, 2, 3, 4, 5, 6, 7, 8], [2, 1, 4, 3, 6, 5, 8, 7])).toBeCloseTo(184 / 40320, 12);
    expect(permutationP([1, 2, 3], [5, 5, 5])).toBeNull();
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const y = [3, 7, 1, 9, 5, 2, 10, 4, 8, 6];
    expect(permutationP(x, y, { seed: 4 })).toBe(permutationP(x, y, { seed: 4 }));
    // rho 0.30 over 10 pairs is far from significant; a perfect rho is not reached by chance
    expect(permutationP(x, y)).toBeGreaterThan(0.3);
    expect(permutationP(x, x)).toBeLessThan(5 / 10_001);
  });

  it('is null with the reason when undefined', () => {
    expect(spearman([1, 2], [2, 1])).toEqual({ n: 2, rho: null, reason: 'only 2 pair(s); at least 3 are needed' });
    expect(spearman([1, 2, 3], [4, 4, 4], ['p', 'q'])).toEqual({ n: 3, rho: null, reason: 'q constant over the 3 pairs' });
  });

  it('between families, over the tasks both have', () => {
    // every clean passes, so per-task degradation = 1 - perturbed success
    const recs = [
      ...task('t1', true, { 'U-missing': false, 'P-missing': false, 'C-missing': true }),
      ...task('t2', true, { 'U-missing': true, 'P-missing': false, 'C-missing': true }),
      ...task('t3', true, { 'U-missing': true, 'P-missing': true, 'C-missing': true }),
      ...task('t4', true, { 'U-missing': true, 'P-missing': true }),
      ...task('t5', true, { 'U-redundant': false }),
    ];
    const a = analysePerturbRun(recs, { bootstrap: 0 });
    const pair = (x: string, y: string) => a.correlation.pairs.find((p) => p.a === x && p.b === y)!;
    expect(pair('U-missing', 'P-missing').n).toBe(4);
    expect(pair('U-missing', 'P-missing').rho).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(pair('U-missing', 'C-missing')).toMatchObject({ n: 3, rho: null });
    expect(pair('U-missing', 'C-missing').reason).toMatch(/C-missing degradation constant/);
    expect(pair('U-missing', 'U-redundant')).toMatchObject({ n: 0, rho: null });
    // only the families the run has: 4 of them, 6 pairs
    expect(a.correlation.pairs).toHaveLength(6);
    expect(a.correlation.groups.sameType).toEqual({ defined: 1, pairs: 3, meanRho: pair('U-missing', 'P-missing').rho });
    expect(a.correlation.groups.sameTarget).toEqual({ defined: 0, pairs: 1, meanRho: null });
    expect(a.correlation.groups.neither).toEqual({ defined: 0, pairs: 2, meanRho: null });
  });
});

/** `n` tasks with the same mix: 3 in 4 pass clean; of those, every other one fails U-missing. */
function mix(n: number): EpisodeRecord[] {
  return Array.from({ length: n }, (_, i) => task(`t${String(i).padStart(3, '0')}`, i % 4 !== 3, { 'U-missing': i % 4 === 1 || i % 4 === 2, 'T-redundant': i % 8 !== 0 })).flat();
}

describe('cluster bootstrap over tasks', () => {
  it('is deterministic for a seed, independent of record order, and moves with the seed', () => {
    const recs = mix(16);
    const one = analysePerturbRun(recs, { bootstrap: 300, seed: 7 });
    expect(analysePerturbRun([...recs].reverse(), { bootstrap: 300, seed: 7 })).toEqual(one);
    const other = analysePerturbRun(recs, { bootstrap: 300, seed: 8 });
    expect(other.overall.ci).not.toEqual(one.overall.ci);
    expect(one.bootstrap).toEqual({ unit: 'task', method: 'percentile', replicates: 300, seed: 7, confidence: 0.95 });
  });

  it('intervals contain the point estimates and shrink with more tasks', () => {
    const few = analysePerturbRun(mix(16), { bootstrap: 1000, seed: 1 });
    const many = analysePerturbRun(mix(256), { bootstrap: 1000, seed: 1 });
    const width = (i: { lo: number; hi: number } | null | undefined) => i!.hi - i!.lo;
    for (const a of [few, many]) {
      expect(a.clean.ci!.lo).toBeLessThanOrEqual(a.clean.rate!);
      expect(a.clean.ci!.hi).toBeGreaterThanOrEqual(a.clean.rate!);
      for (const d of [a.overall, ...a.families.filter((f) => f.tasks), ...a.targets.filter((t) => t.tasks), ...a.types.filter((t) => t.tasks)]) {
        for (const k of ['clean', 'perturbed', 'degradation'] as const) {
          expect(d.ci![k]!.lo).toBeLessThanOrEqual(d[k]!);
          expect(d.ci![k]!.hi).toBeGreaterThanOrEqual(d[k]!);
        }
      }
    }
    // same mix, so the same point estimates; 16 times the tasks, about a quarter of the width
    expect(many.overall.degradation).toBeCloseTo(few.overall.degradation!, 10);
    expect(width(many.overall.ci!.degradation)).toBeLessThan(width(few.overall.ci!.degradation) / 2);
    expect(width(many.clean.ci)).toBeLessThan(width(few.clean.ci) / 2);
    expect(width(fam(many, 'U-missing').ci!.degradation)).toBeLessThan(width(fam(few, 'U-missing').ci!.degradation) / 2);
  });

  it('keeps a task whole: a family present on one task is either in a replicate with all its instances or not at all', () => {
    // one task holds 3 instances of P-incorrect (2 pass): any replicate that draws it k times sees P = 2/3
    const recs = [episode('a', 'clean', true), ...[1, 2, 3].map((s) => episode('a', 'P-incorrect', s !== 3, { seed: s })), ...task('b', true, {}), ...task('c', true, {})];
    const a = analysePerturbRun(recs, { bootstrap: 200, seed: 3 });
    const ci = fam(a, 'P-incorrect').ci!;
    expect(ci.perturbed!.lo).toBeCloseTo(200 / 3, 10);
    expect(ci.perturbed!.hi).toBeCloseTo(200 / 3, 10);
    // replicates without task a have no P-incorrect: roughly (2/3)^3 of them are left out
    expect(ci.perturbed!.replicates).toBeLessThan(200);
    expect(ci.perturbed!.replicates).toBeGreaterThan(100);
  });

  it('clusterBootstrap draws each replicate as multiplicities summing to the number of clusters', () => {
    const sums = new Set<number>();
    clusterBootstrap(5, (w) => (sums.add(w.reduce((x, y) => x + y, 0)), { s: null }), { replicates: 50, seed: 1, confidence: 0.9 });
    expect([...sums]).toEqual([5]);
  });
});

describe('comparePerturbRuns', () => {
  // clean / perturbed over 4 tasks, one family each
  const run = (agent: string, clean: boolean[], perturbed: boolean[]) =>
    analysePerturbRun(clean.flatMap((c, i) => task(`t${i}`, c, { 'U-missing': perturbed[i] }, { agent })), { bootstrap: 0 });

  it('ranks the most robust first, ties by clean score, and correlates clean score with degradation', () => {
    const runs = [
      run('weak', [true, true, false, false], [false, false, false, false]), // C 50, D 100
      run('replay', [true, true, true, true], [true, true, true, true]), // C 100, D 0
      run('half', [true, true, true, false], [true, false, false, false]), // C 75, D 66.7
      run('steady', [true, true, false, false], [true, true, false, false]), // C 50, D 0
      run('never', [false, false, false, false], [false, false, false, false]), // C 0: unranked
    ];
    const c = comparePerturbRuns(runs);
    expect(c.agents.map((a) => [a.agent, a.rank])).toEqual([
      ['replay', 1],
      ['steady', 2],
      ['half', 3],
      ['weak', 4],
      ['never', undefined],
    ]);
    expect(c.agents[2].degradation).toBeCloseTo(200 / 3, 10);
    // over the ranked: clean 100 50 75 50, degradation 0 0 66.7 100
    // ranks clean 4 1.5 3 1.5, degradation 1.5 1.5 3 4
    expect(c.cleanVsDegradation.n).toBe(4);
    expect(c.cleanVsDegradation.rho).toBeCloseTo(spearman([4, 1.5, 3, 1.5], [1.5, 1.5, 3, 4]).rho!, 12);
    expect(c.cleanVsDegradation.rho).toBeCloseTo(-1.75 / 4.5, 12);
    expect(c.cleanVsDegradation.p).toBe(permutationP([100, 50, 75, 50], [0, 0, 200 / 3, 100]));
    expect(c.cleanVsDegradation.p).toBeGreaterThan(0.3);
    expect(c.warnings.join('\n')).toMatch(/never \(no clean success/);
  });

  it('says why the correlation is missing with fewer than 3 agents, and rejects duplicate agents', () => {
    const c = comparePerturbRuns([run('x', [true, true], [true, false]), run('y', [true, false, true], [true, false, false])]);
    expect(c.cleanVsDegradation).toMatchObject({ n: 2, rho: null, p: null, reason: 'only 2 pair(s); at least 3 are needed' });
    expect(c.warnings.join('\n')).toMatch(/different task sets/);
    expect(() => comparePerturbRuns([run('x', [true], [true]), run('x', [true], [false])])).toThrow(/agent x appears in more than one run/);
  });
});
