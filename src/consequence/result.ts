// consequence.json as data: what the command computes and markdown.ts renders.
import type { RunsReport } from '../runs/summary.ts';
import type { Budgets, FamilyBudget } from './budget.ts';
import type { Budget, RankConsequence } from './rank.ts';

export const CONSEQUENCE_SCHEMA = 'blindspot.consequence/1';

export interface Reading extends Budget {
  reading: 'observed' | 'bound';
  label: string;
}

export interface RunSummary {
  dir: string;
  id: string;
  target: string;
  spec: string;
  version: string;
  increment: string;
  generators: number;
}

export interface ConsequenceResult {
  schema: typeof CONSEQUENCE_SCHEMA;
  runs: RunSummary[];
  /** generator names were prefixed with their run's target spec because runs shared names */
  prefixed: boolean;
  triage?: { file: string; sha256: string };
  scores?: { file: string; sha256: string; rows: number };
  /** recorded-runs reports among the runs: the corrections real agents' runs show, pooled per pipeline */
  observed?: { from: string[] } & Pick<RunsReport, 'pipelines' | 'orders'>;
  family: string;
  confidence: number;
  budgets: Budgets;
  readings: Reading[];
  splits: { split: string; readings: (RankConsequence & { reading: Reading['reading'] })[] }[];
  /** with several runs: each run's own budget, applied to the same published scores */
  perRun: { run: string; spec: string; budgets: Budgets; alpha: FamilyBudget; readings: Reading[]; splits: { split: string; readings: { reading: Reading['reading']; surviving: number; pairs: number; top1Unique?: boolean }[] }[] }[];
}
