// Several agents' perturbation analyses side by side: ranked by robustness
// (overall relative degradation, lowest first) and the seed's question whether a
// better clean score goes with less degradation (Spearman across agents).
import { InputError } from '../util/errors.ts';
import { permutationP, spearman, type Correlation, type Interval } from './stats.ts';
import type { Degradation, PerturbAnalysis } from './analysis.ts';
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
  /** what makes the comparison less than paired, e.g. agents run on different tasks */
  warnings: string[];
}

const CORRELATION_NOTE =
  'Spearman rho between clean score and relative degradation across agents: negative means agents with higher clean scores degrade less. p: two-sided permutation test (exact up to 8 agents, else 10,000 seeded permutations); with few agents even a strong rho is rarely significant.';

export function comparePerturbRuns(analyses: PerturbAnalysis[]): PerturbComparison {
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
    warnings,
  };
}
