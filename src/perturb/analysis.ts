// One agent's perturbation run, analysed as the seed (003, AgentPerturb) reports
// it: clean and perturbed success, relative degradation 100(C-P)/C overall, per
// family, per target and per type (the 4x3 heatmap is the families), per-task
// degradation correlated between families, cluster-bootstrap intervals over
// tasks, the grader false accepts the agent exposed, and cost when reported.
// A pure function over episode records: plain JSON in, plain JSON out.
import { InputError } from '../util/errors.ts';
import { groupBy, largestFirst } from '../util/group.ts';
import { PERTURB_FAMILIES, PERTURB_TARGETS, PERTURB_TYPES, splitFamily, type PerturbFamily, type PerturbTarget, type PerturbType } from './inputs.ts';
import type { EpisodeRecord, InstanceFamily } from './record.ts';
import { clusterBootstrap, spearman, type Correlation, type Interval } from './stats.ts';

const PERTURB_ANALYSIS_SCHEMA = 'blindspot.perturb.analysis/1';

/**
 * Paired clean and perturbed success over a set of perturbed instances: each
 * instance is paired with its own task's clean episode, so C is the clean success
 * of the tasks weighted by how many of the set's instances they have (with one
 * instance per task and family, simply the clean success of those tasks).
 * Rates in percent; D = 100(C-P)/C.
 */
export interface Degradation {
  /** tasks with at least one instance in the set */
  tasks: number;
  instances: number;
  clean: number | null;
  perturbed: number | null;
  degradation: number | null;
  /** why `degradation` is null */
  reason?: string;
  /** instances that failed although their task passed clean, and that passed although it failed: C - P = (broke - fixed) / instances */
  broke: number;
  fixed: number;
  /** percentile intervals of the cluster bootstrap over tasks; absent when the bootstrap was off */
  ci?: { clean: Interval | null; perturbed: Interval | null; degradation: Interval | null };
}

export interface FamilyDegradation extends Degradation {
  family: PerturbFamily;
  target: PerturbTarget;
  type: PerturbType;
  /** perturbed Passes on a materially wrong effect */
  falseAccepts: number;
  agentErrors: number;
  /** instances in which the agent asked the simulated user (how a missing perturbation is recovered) */
  asked: number;
}

export interface FamilyCorrelation extends Correlation {
  a: PerturbFamily;
  b: PerturbFamily;
}

export interface CorrelationGroup {
  /** pairs with a defined rho, of all pairs in the group */
  defined: number;
  pairs: number;
  meanRho: number | null;
}

export interface UsageSummary {
  /** episodes in the subset, scored or not (an unscored episode still spent its tokens) */
  episodes: number;
  tokens?: {
    /** episodes that reported tokens, and their successes */
    episodes: number;
    successes: number;
    input?: number;
    output?: number;
    total: number;
    /** mean tokens of a successful episode */
    perSuccess: number | null;
    successesPerMTokens: number | null;
  };
  cost?: { episodes: number; successes: number; usd: number; perSuccess: number | null };
}

export interface PerturbAnalysis {
  schema: typeof PERTURB_ANALYSIS_SCHEMA;
  agent: string;
  episodes: number;
  /** the run was interrupted with this many of the set's instances: every figure covers the episodes run before it */
  interrupted?: { of: number };
  /** the checker errored: excluded from every aggregate (never counted as a failure or a success) */
  unscored: { episodes: number; instances: string[] };
  /** perturbed instances whose task has no scored clean episode, so nothing to pair them with */
  unpaired: { instances: number; tasks: string[] };
  /** tasks with a scored clean episode, the bootstrap's clusters */
  tasks: string[];
  /** C: clean success over the tasks' clean episodes, percent */
  clean: { tasks: number; successes: number; rate: number | null; ci?: Interval | null };
  overall: Degradation;
  /** the 12 families in PERTURB_FAMILIES order; a family the run has no instance of has tasks 0 and nulls */
  families: FamilyDegradation[];
  /** marginal by target, pooled over types */
  targets: (Degradation & { target: PerturbTarget })[];
  /** marginal by type, pooled over targets */
  types: (Degradation & { type: PerturbType })[];
  /** relative degradation, rows PERTURB_TARGETS x columns PERTURB_TYPES */
  heatmap: { targets: PerturbTarget[]; types: PerturbType[]; degradation: (number | null)[][] };
  correlation: {
    method: 'spearman';
    /** per task and family: clean success (0/1) minus the mean success of the family's instances of the task */
    perTask: { task: string; clean: boolean; families: Partial<Record<PerturbFamily, number>> }[];
    /** every pair of families the run has, over the tasks both have */
    pairs: FamilyCorrelation[];
    /** mean rho of the defined pairs that share the target, share the type, or share neither (the seed: sensitivity follows the target more than the type) */
    groups: { sameTarget: CorrelationGroup; sameType: CorrelationGroup; neither: CorrelationGroup };
  };
  falseAccepts: { instance: string; task: string; family: InstanceFamily; verdict: string; detail: string; evidence: string }[];
  /**
   * Which failures the perturbation caused and which are the agent's own: `broken`
   * are the perturbed instances that failed although their task passed clean (the
   * `broke` counts, one by one); `cleanFailures` the tasks the agent failed with
   * nothing perturbed, whose perturbed failures say nothing about the perturbation.
   */
  broken: EpisodeOutcome[];
  cleanFailures: EpisodeOutcome[];
  /** what the set perturbed and what it rejected, when the run's set was given (`set` option) */
  set?: SetSummary;
  agentErrors: { cause: string; count: number; instances: string[]; /** up to 3 distinct messages */ examples: string[] }[];
  /** present only when some episode reported usage */
  usage?: { all: UsageSummary; clean: UsageSummary; perturbed: UsageSummary; families: Partial<Record<PerturbFamily, UsageSummary>> };
  bootstrap: { unit: 'task'; method: 'percentile'; replicates: number; seed: number; confidence: number };
}

/** A failed episode as a reader checks it: the checker's word, the readback's, the agent's error. */
export interface EpisodeOutcome {
  instance: string;
  family: InstanceFamily;
  detail: string;
  evidence?: string;
  agentError?: string;
}

/** Per family, what the frozen set holds: validated instances with one edit as example, rejected candidates by reason. */
export interface SetFamily {
  family: PerturbFamily;
  validated: number;
  /** the first validated instance by id, and what it changed */
  example?: { instance: string; edit: string; recovery?: { ask: string; answer: string } };
  rejected: number;
  reasons: { reason: string; count: number }[];
}

export interface SetSummary {
  hash: string;
  target: string;
  families: SetFamily[];
}

/** What the summary reads of a frozen set (freeze.ts's PerturbSet). */
interface SetLike {
  hash: string;
  target: string;
  instances: { id: string; family: InstanceFamily; edit: string; recovery?: { ask: string; answer: string } }[];
  rejected: { family: PerturbFamily; reason: string }[];
}

/** The set's families in PERTURB_FAMILIES order (those it tried: validated or rejected), so a report says what was perturbed and what was refused, and why. */
function summariseSet(set: SetLike): SetSummary {
  const families = PERTURB_FAMILIES.filter((f) => set.instances.some((i) => i.family === f) || set.rejected.some((r) => r.family === f)).map((family): SetFamily => {
    const validated = set.instances.filter((i) => i.family === family).sort((x, y) => x.id.localeCompare(y.id));
    const rejected = set.rejected.filter((r) => r.family === family);
    const first = validated[0];
    return {
      family,
      validated: validated.length,
      ...(first && { example: { instance: first.id, edit: first.edit, ...(first.recovery && { recovery: first.recovery }) } }),
      rejected: rejected.length,
      reasons: largestFirst(groupBy(rejected, (r) => r.reason)).map(([reason, rs]) => ({ reason, count: rs.length })),
    };
  });
  return { hash: set.hash, target: set.target, families };
}

const outcome = (r: EpisodeRecord): EpisodeOutcome => ({
  instance: r.instance,
  family: r.family,
  detail: r.detail,
  ...(r.evidence !== undefined && { evidence: r.evidence }),
  ...(r.agentError !== undefined && { agentError: r.agentError }),
});

interface AnalyseOptions {
  /** the run's frozen set: its families, edits and rejections go into the analysis */
  set?: SetLike;
  /** bootstrap replicates; 0 turns the intervals off */
  bootstrap?: number;
  seed?: number;
  confidence?: number;
}

/** Statistic keys: one per pooling the analysis reports. */
export const OVERALL = 'overall';
const targetKey = (t: PerturbTarget) => `target:${t}`;
const typeKey = (t: PerturbType) => `type:${t}`;

interface Count {
  n: number;
  s: number;
}

export interface TaskTally {
  task: string;
  clean: 0 | 1;
  /** per statistic key: perturbed instances and their successes */
  by: Map<string, Count>;
}

function checkRecords(records: EpisodeRecord[]): string {
  if (!records.length) throw new InputError('perturbation analysis: no episode records (expected the ledger of one agent run)');
  const agents = [...new Set(records.map((r) => r.agent))];
  if (agents.length > 1) throw new InputError(`perturbation analysis: records of ${agents.length} agents (${agents.join(', ')}); analyse one agent's run at a time and compare the analyses`);
  const seen = new Set<string>();
  for (const r of records) {
    if (seen.has(r.instance)) throw new InputError(`perturbation analysis: instance ${r.instance}: more than one episode record (expected each episode exactly once)`);
    seen.add(r.instance);
    if (r.family === 'clean' ? r.target !== null || r.type !== null : `${r.target}-${r.type}` !== r.family || !PERTURB_FAMILIES.includes(r.family)) {
      throw new InputError(`perturbation analysis: instance ${r.instance}: family ${r.family} with target ${r.target} and type ${r.type} (expected a family of PERTURB_FAMILIES, or clean with null target and type)`);
    }
  }
  return agents[0];
}

/** Paired point estimate for one key under task weights (the multiplicities of a bootstrap replicate, or all 1). */
export function paired(tallies: TaskTally[], key: string, w: number[]) {
  let n = 0;
  let c = 0;
  let s = 0;
  tallies.forEach((t, i) => {
    const x = t.by.get(key);
    if (!x || !w[i]) return;
    n += w[i] * x.n;
    c += w[i] * x.n * t.clean;
    s += w[i] * x.s;
  });
  if (!n) return { clean: null, perturbed: null, degradation: null };
  return { clean: (100 * c) / n, perturbed: (100 * s) / n, degradation: c ? (100 * (c - s)) / c : null };
}

function cleanRate(tallies: TaskTally[], w: number[]): number | null {
  const n = w.reduce((a, b) => a + b, 0);
  return n ? (100 * tallies.reduce((a, t, i) => a + w[i] * t.clean, 0)) / n : null;
}

function degradation(tallies: TaskTally[], key: string, ci: Record<string, Interval | null> | undefined): Degradation {
  const point = paired(tallies, key, tallies.map(() => 1));
  const has = tallies.filter((t) => t.by.has(key));
  const count = (clean: 0 | 1, f: (x: Count) => number) => has.filter((t) => t.clean === clean).reduce((a, t) => a + f(t.by.get(key)!), 0);
  const out: Degradation = {
    tasks: has.length,
    instances: has.reduce((a, t) => a + t.by.get(key)!.n, 0),
    ...point,
    broke: count(1, (x) => x.n - x.s),
    fixed: count(0, (x) => x.s),
  };
  if (point.degradation === null) {
    out.reason = out.instances ? 'no clean success among the paired tasks (C = 0): relative degradation is undefined' : 'no perturbed instance';
  }
  if (ci) out.ci = { clean: ci[`${key}/C`] ?? null, perturbed: ci[`${key}/P`] ?? null, degradation: ci[`${key}/D`] ?? null };
  return out;
}

function usageOf(records: EpisodeRecord[]): UsageSummary {
  const out: UsageSummary = { episodes: records.length };
  const sum = (xs: (number | undefined)[]) => (xs.some((x) => x !== undefined) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : undefined);
  const withTokens = records.filter((r) => r.usage?.inputTokens !== undefined || r.usage?.outputTokens !== undefined);
  if (withTokens.length) {
    const input = sum(withTokens.map((r) => r.usage!.inputTokens));
    const output = sum(withTokens.map((r) => r.usage!.outputTokens));
    const total = (input ?? 0) + (output ?? 0);
    const wins = withTokens.filter((r) => r.success);
    const winTokens = wins.reduce((a, r) => a + (r.usage!.inputTokens ?? 0) + (r.usage!.outputTokens ?? 0), 0);
    out.tokens = {
      episodes: withTokens.length,
      successes: wins.length,
      ...(input !== undefined && { input }),
      ...(output !== undefined && { output }),
      total,
      perSuccess: wins.length ? winTokens / wins.length : null,
      successesPerMTokens: total ? (wins.length * 1e6) / total : null,
    };
  }
  const withCost = records.filter((r) => r.usage?.costUsd !== undefined);
  if (withCost.length) {
    const usd = withCost.reduce((a, r) => a + r.usage!.costUsd!, 0);
    const successes = withCost.filter((r) => r.success).length;
    out.cost = { episodes: withCost.length, successes, usd, perSuccess: successes ? usd / successes : null };
  }
  return out;
}

/**
 * The cause of an agent error, one of those record.ts names (crash, protocol error,
 * step limit, time limit) or a failed start, recognised in the runner's messages;
 * any other message is grouped by what it says before its first colon or semicolon.
 */
const CAUSES: [RegExp, string][] = [
  [/^time limit\b/i, 'time limit'],
  [/^step limit\b/i, 'step limit'],
  // its message holds the system's code and reason in parentheses, with a colon between
  [/\bcould not be started\b/i, 'could not start'],
  [/\bexited\b|\bkilled\b|\bon SIG[A-Z]+\b|\bcrash/i, 'crash'],
  [/^agent\b.*:|\bnot a JSON line\b/i, 'protocol error'],
];
export const agentErrorCause = (message: string) => CAUSES.find(([re]) => re.test(message))?.[1] ?? (message.split(/[:;]/)[0].trim().slice(0, 80) || 'unknown');

/**
 * Per task with a scored clean episode (in id order, so the bootstrap's draws do
 * not depend on the order of the ledger): clean 0/1 and, per statistic key, its
 * perturbed instances and successes. Scored records only.
 */
export function taskTallies(scored: EpisodeRecord[]): { tallies: TaskTally[]; unpairedTasks: string[]; unpairedInstances: number } {
  const byTask = groupBy(scored, (r) => r.task);
  const tallies: TaskTally[] = [];
  const unpairedTasks: string[] = [];
  let unpairedInstances = 0;
  for (const task of [...byTask.keys()].sort()) {
    const rs = byTask.get(task)!;
    const clean = rs.find((r) => r.family === 'clean');
    const perturbed = rs.filter((r) => r.family !== 'clean');
    if (!clean) {
      unpairedTasks.push(task);
      unpairedInstances += perturbed.length;
      continue;
    }
    const by = new Map<string, Count>();
    for (const r of perturbed) {
      for (const k of [OVERALL, r.family, targetKey(r.target!), typeKey(r.type!)]) {
        const x = by.get(k) ?? { n: 0, s: 0 };
        x.n++;
        x.s += r.success ? 1 : 0;
        by.set(k, x);
      }
    }
    tallies.push({ task, clean: clean.success ? 1 : 0, by });
  }
  return { tallies, unpairedTasks, unpairedInstances };
}

export function analysePerturbRun(records: EpisodeRecord[], opts: AnalyseOptions = {}): PerturbAnalysis {
  const { bootstrap = 1000, seed = 0, confidence = 0.95 } = opts;
  if (!Number.isInteger(bootstrap) || bootstrap < 0) throw new InputError(`perturbation analysis: bootstrap must be a whole number of replicates >= 0, got ${bootstrap}`);
  if (!Number.isSafeInteger(seed)) throw new InputError(`perturbation analysis: seed must be a whole number, got ${seed}`);
  if (!(confidence > 0 && confidence < 1)) throw new InputError(`perturbation analysis: confidence must lie strictly between 0 and 1, got ${confidence}`);
  const agent = checkRecords(records);
  const scored = records.filter((r) => r.verdict !== 'error');
  const unscored = records.filter((r) => r.verdict === 'error');
  const { tallies, unpairedTasks, unpairedInstances } = taskTallies(scored);

  const keys = [OVERALL, ...PERTURB_FAMILIES, ...PERTURB_TARGETS.map(targetKey), ...PERTURB_TYPES.map(typeKey)];
  const ci = bootstrap
    ? clusterBootstrap(
        tallies.length,
        (w) => {
          const out: Record<string, number | null> = { clean: cleanRate(tallies, w) };
          for (const k of keys) {
            const p = paired(tallies, k, w);
            Object.assign(out, { [`${k}/C`]: p.clean, [`${k}/P`]: p.perturbed, [`${k}/D`]: p.degradation });
          }
          return out;
        },
        { replicates: bootstrap, seed, confidence },
      )
    : undefined;

  const families: FamilyDegradation[] = PERTURB_FAMILIES.map((family) => {
    const rs = scored.filter((r) => r.family === family);
    const [target, type] = splitFamily(family);
    return {
      family,
      target,
      type,
      ...degradation(tallies, family, ci),
      falseAccepts: rs.filter((r) => r.graderFalseAccept).length,
      agentErrors: rs.filter((r) => r.agentError).length,
      asked: rs.filter((r) => r.asked > 0).length,
    };
  });

  const perTask = tallies.map((t) => ({
    task: t.task,
    clean: t.clean === 1,
    families: Object.fromEntries(PERTURB_FAMILIES.filter((f) => t.by.has(f)).map((f) => [f, t.clean - t.by.get(f)!.s / t.by.get(f)!.n])),
  }));
  const present = families.filter((f) => f.tasks > 0).map((f) => f.family);
  const pairs: FamilyCorrelation[] = present.flatMap((a, i) =>
    present.slice(i + 1).map((b) => {
      const both = perTask.filter((t) => t.families[a] !== undefined && t.families[b] !== undefined);
      return { a, b, ...spearman(both.map((t) => t.families[a]!), both.map((t) => t.families[b]!), [`${a} degradation`, `${b} degradation`]) };
    }),
  );

  // two different families share their target, their type, or neither
  const relation = (p: FamilyCorrelation) => {
    const [[ta, ya], [tb, yb]] = [splitFamily(p.a), splitFamily(p.b)];
    return ta === tb ? 'sameTarget' : ya === yb ? 'sameType' : 'neither';
  };
  const group = (name: ReturnType<typeof relation>): CorrelationGroup => {
    const ps = pairs.filter((p) => relation(p) === name);
    const rhos = ps.filter((p) => p.rho !== null).map((p) => p.rho!);
    return { defined: rhos.length, pairs: ps.length, meanRho: rhos.length ? rhos.reduce((x, y) => x + y, 0) / rhos.length : null };
  };
  const groups = { sameTarget: group('sameTarget'), sameType: group('sameType'), neither: group('neither') };

  const errors = groupBy(records.filter((r) => r.agentError), (r) => agentErrorCause(r.agentError!));
  const anyUsage = records.some((r) => r.usage && Object.values(r.usage).some((v) => v !== undefined));
  const successes = tallies.reduce((a, t) => a + t.clean, 0);
  const cleanPassed = new Set(tallies.filter((t) => t.clean).map((t) => t.task));
  const byId = (x: EpisodeRecord, y: EpisodeRecord) => x.instance.localeCompare(y.instance);

  return {
    schema: PERTURB_ANALYSIS_SCHEMA,
    agent,
    episodes: records.length,
    unscored: { episodes: unscored.length, instances: unscored.map((r) => r.instance) },
    unpaired: { instances: unpairedInstances, tasks: unpairedTasks },
    tasks: tallies.map((t) => t.task),
    clean: { tasks: tallies.length, successes, rate: cleanRate(tallies, tallies.map(() => 1)), ...(ci && { ci: ci.clean ?? null }) },
    overall: degradation(tallies, OVERALL, ci),
    families,
    targets: PERTURB_TARGETS.map((target) => ({ target, ...degradation(tallies, targetKey(target), ci) })),
    types: PERTURB_TYPES.map((type) => ({ type, ...degradation(tallies, typeKey(type), ci) })),
    heatmap: {
      targets: [...PERTURB_TARGETS],
      types: [...PERTURB_TYPES],
      degradation: PERTURB_TARGETS.map((t) => PERTURB_TYPES.map((y) => families.find((f) => f.target === t && f.type === y)!.degradation)),
    },
    correlation: { method: 'spearman', perTask, pairs, groups },
    falseAccepts: records
      .filter((r) => r.graderFalseAccept)
      .map((r) => ({ instance: r.instance, task: r.task, family: r.family, verdict: r.verdict, detail: r.detail, evidence: r.evidence ?? '(no readback evidence recorded)' })),
    broken: scored.filter((r) => r.family !== 'clean' && !r.success && cleanPassed.has(r.task)).sort(byId).map(outcome),
    cleanFailures: scored.filter((r) => r.family === 'clean' && !r.success).sort(byId).map(outcome),
    ...(opts.set && { set: summariseSet(opts.set) }),
    agentErrors: largestFirst(errors).map(([cause, rs]) => ({ cause, count: rs.length, instances: rs.map((r) => r.instance), examples: [...new Set(rs.map((r) => r.agentError!))].slice(0, 3) })),
    ...(anyUsage && {
      usage: {
        all: usageOf(records),
        clean: usageOf(records.filter((r) => r.family === 'clean')),
        perturbed: usageOf(records.filter((r) => r.family !== 'clean')),
        families: Object.fromEntries(PERTURB_FAMILIES.filter((f) => records.some((r) => r.family === f)).map((f) => [f, usageOf(records.filter((r) => r.family === f))])),
      },
    }),
    bootstrap: { unit: 'task', method: 'percentile', replicates: bootstrap, seed, confidence },
  };
}
