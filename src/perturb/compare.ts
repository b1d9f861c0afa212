// Several agents' perturbation analyses side by side: ranked by robustness
// (overall relative degradation, lowest first) and the seed's question whether a
// better clean score goes with less degradation (Spearman across agents).
import { InputError } from '../util/errors.ts';
import { clusterBootstrap, permutationP, spearman, type Correlation, type Interval } from './stats.ts';
import { OVERALL, paired, taskTallies, type Degradation, type PerturbAnalysis, type TaskTally } from './analysis.ts';
import type { EpisodeRecord } from './record.ts';
import type { PerturbFamily, PerturbTarget, PerturbType } from './inputs.ts';

const PERTURB_COMPARISON_SCHEMA = 'blindspot.perturb.comparison/1';

/** `reason`: why the agent is not ranked (its overall degradation is undefined). */
export interface ComparedAgent extends Pick<Degradation, 'perturbed' | 'degradation' | 'reason' | 'instances'> {
  /** 1 = most robust; absent for an agent whose degradation is undefined */
  rank?: number;
  agent: string;
  /** clean success C over the agent's tasks, percent */
  clean: number | null;
  ci?: { clean: Interval | null; degradation: Interval | null };
  tasks: number;
  falseAccepts: number;
  /** relative degradation per target, type and family (null: undefined or no instance) */
  targets: Record<PerturbTarget, number | null>;
  types: Record<PerturbType, number | null>;
  families: Record<PerturbFamily, number | null>;
}

export interface PerturbComparison {
  schema: typeof PERTURB_COMPARISON_SCHEMA;
  /** ranked agents first (most robust first; ties by the higher clean score, then by name), then the unranked */
  agents: ComparedAgent[];
  /** Spearman between clean score and relative degradation over the ranked agents */
  cleanVsDegradation: Correlation & {
    /** two-sided permutation p-value (exact up to 8 agents); null when rho is */
    p: number | null;
    note: string;
  };
  /**
   * Each pair of ranked agents, in rank order (a ranked above b): b's overall
   * relative degradation minus a's, over the tasks both have, with a cluster
   * bootstrap over those tasks that draws a task's episodes of both agents
   * together. `significant`: the interval excludes 0. Present when the records were given.
   */
  differences?: PairedDifference[];
  /** what makes the comparison less than paired, e.g. agents run on different tasks */
  warnings: string[];
}

export interface PairedDifference {
  a: string;
  b: string;
  tasks: number;
  /** D(b) - D(a), percentage points; null when either is undefined on the shared tasks */
  difference: number | null;
  ci: Interval | null;
  significant: boolean | null;
}

interface DifferenceOptions {
  bootstrap: number;
  seed?: number;
  confidence?: number;
}

/** The paired difference of two agents' overall degradations over the tasks both have (see PerturbComparison.differences). */
export function pairedDifference(a: { agent: string; records: EpisodeRecord[] }, b: { agent: string; records: EpisodeRecord[] }, o: DifferenceOptions): PairedDifference {
  const tallies = (rs: EpisodeRecord[]) => new Map(taskTallies(rs.filter((r) => r.verdict !== 'error')).tallies.map((t) => [t.task, t]));
  const [ta, tb] = [tallies(a.records), tallies(b.records)];
  const shared = [...ta.keys()].filter((t) => tb.has(t)).sort();
  const [xa, xb]: TaskTally[][] = [shared.map((t) => ta.get(t)!), shared.map((t) => tb.get(t)!)];
  const diff = (w: number[]) => {
    const [da, db] = [paired(xa, OVERALL, w).degradation, paired(xb, OVERALL, w).degradation];
    return da === null || db === null ? null : db - da;
  };
  const difference = diff(shared.map(() => 1));
  const ci = o.bootstrap && difference !== null ? (clusterBootstrap(shared.length, (w) => ({ d: diff(w) }), { replicates: o.bootstrap, seed: o.seed ?? 0, confidence: o.confidence ?? 0.95 }).d ?? null) : null;
  return { a: a.agent, b: b.agent, tasks: shared.length, difference, ci, significant: ci ? ci.lo > 0 || ci.hi < 0 : null };
}

export const DIFFERENCE_NOTE =
  "Paired differences: for each pair of ranked agents, the lower-ranked agent's overall relative degradation minus the higher-ranked one's, in percentage points, over the tasks both ran; " +
  "the interval is a percentile cluster bootstrap over those tasks, each replicate drawing a task's clean and perturbed episodes of both agents together. " +
  'Significant: the interval excludes 0. No correction for multiple comparisons: with many agents, read the pairs with that in mind.';

const CORRELATION_NOTE =
  'Spearman rho between clean score and relative degradation across agents: negative means agents with higher clean scores degrade less. p: two-sided permutation test (exact up to 8 agents, else 10,000 seeded permutations); with few agents even a strong rho is rarely significant.';

/** `runs`, when given: every analysed run's records (told apart by agent), which the paired differences between agents need, and their bootstrap. */
export function comparePerturbRuns(analyses: PerturbAnalysis[], runs?: { records: EpisodeRecord[]; bootstrap: DifferenceOptions }): PerturbComparison {
  if (!analyses.length) throw new InputError('perturb compare: no analyses given (expected one per agent run)');
  const names = analyses.map((a) => a.agent);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new InputError(`perturb compare: agent ${dup} appears in more than one run; name the runs' agents apart (--agent-name) before comparing`);

  const rows: ComparedAgent[] = analyses.map((a) => ({
    agent: a.agent,
    clean: a.clean.rate,
    perturbed: a.overall.perturbed,
    degradation: a.overall.degradation,
    ...(a.overall.reason !== undefined && { reason: a.overall.reason }),
    ...(a.overall.ci && { ci: { clean: a.clean.ci ?? null, degradation: a.overall.ci.degradation } }),
    tasks: a.clean.tasks,
    instances: a.overall.instances,
    falseAccepts: a.falseAccepts.length,
    targets: Object.fromEntries(a.targets.map((t) => [t.target, t.degradation])) as ComparedAgent['targets'],
    types: Object.fromEntries(a.types.map((t) => [t.type, t.degradation])) as ComparedAgent['types'],
    families: Object.fromEntries(a.families.map((f) => [f.family, f.degradation])) as ComparedAgent['families'],
  }));
  const ranked = rows
    .filter((r) => r.degradation !== null)
    .sort((x, y) => x.degradation! - y.degradation! || (y.clean ?? -1) - (x.clean ?? -1) || x.agent.localeCompare(y.agent));
  ranked.forEach((r, i) => (r.rank = i + 1));
  const unranked = rows.filter((r) => r.degradation === null);

  const warnings: string[] = [];
  const taskSets = new Set(analyses.map((a) => JSON.stringify(a.tasks)));
  if (taskSets.size > 1) warnings.push('the agents ran on different task sets, so their scores are not paired across agents');
  const families = new Set(analyses.map((a) => JSON.stringify(a.families.map((f) => f.instances))));
  if (families.size > 1) warnings.push('the agents have different numbers of perturbed instances per family, so their overall degradations pool the families differently');
  if (unranked.length) warnings.push(`not ranked (relative degradation undefined): ${unranked.map((r) => `${r.agent} (${r.reason})`).join('; ')}`);

  const recordsOf = (agent: string) => ({ agent, records: runs!.records.filter((r) => r.agent === agent) });
  const differences = runs && ranked.flatMap((x, i) => ranked.slice(i + 1).map((y) => pairedDifference(recordsOf(x.agent), recordsOf(y.agent), runs.bootstrap)));

  const cleanScores = ranked.map((r) => r.clean!);
  const degradations = ranked.map((r) => r.degradation!);
  return {
    schema: PERTURB_COMPARISON_SCHEMA,
    agents: [...ranked, ...unranked],
    cleanVsDegradation: {
      ...spearman(cleanScores, degradations, ['clean score', 'relative degradation']),
      p: permutationP(cleanScores, degradations),
      note: CORRELATION_NOTE,
    },
    ...(differences && { differences }),
    warnings,
  };
}
