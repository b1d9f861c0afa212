// Generator-level error budgets from classified runs (paper, section 4). The
// unit is the generator, never the cell: a generator's variants share one
// checker, so they fail or pass together and counting cells would treat
// repeats as independent evidence.
//
// alpha (per fault family, and for any family): generators with at least one
// confirmed false accept not dismissed by triage, over generators with at least
// one confirmed wrong-effect cell in that family. beta: generators with a
// failing control over generators with a scored control. Each is read twice:
// the observed ratio, and its one-sided Clopper-Pearson upper bound.
import type { Classification } from '../classify/classify.ts';
import type { Cell } from '../contract/cell.ts';
import { cellKey, type Triage } from '../triage/triage.ts';
import { clopperPearsonUpper } from '../util/clopper-pearson.ts';

export const ANY_FAMILY = 'any';

export interface Ratio {
  /** generators counted in the numerator */
  count: number;
  /** generators in the denominator */
  of: number;
  /** count/of; undefined when nothing was eligible */
  observed?: number;
  /** one-sided upper confidence bound at the budget's confidence */
  bound: number;
}

export interface ControlBudget extends Ratio {
  /** the generators counted in the numerator (a failing control, a counted false accept), by name */
  generators: string[];
}

export interface FamilyBudget extends ControlBudget {
  family: string;
  /** confirmed false accepts of this family dismissed by triage, in cells */
  dismissedCells: number;
}

export interface Budgets {
  /** one per fault family present, then `any` */
  families: FamilyBudget[];
  controls: ControlBudget;
}

/** One classified run, its generators already named as the pooled budget sees them. */
export interface RunCells {
  target: string;
  manifest: Cell[];
  classification: Classification;
  generatorName: (generator: string) => string;
}

const ratio = (count: number, of: number, confidence: number): Ratio => ({
  count,
  of,
  ...(of ? { observed: count / of } : {}),
  bound: clopperPearsonUpper(count, of, confidence),
});

export function budgets(runs: RunCells[], triage: Triage | undefined, confidence: number): Budgets {
  const eligible = new Map<string, Set<string>>();
  const accepted = new Map<string, Set<string>>();
  const dismissed = new Map<string, number>();
  const scored = new Set<string>();
  const failing = new Set<string>();
  const add = (m: Map<string, Set<string>>, family: string, g: string) => {
    for (const f of [family, ANY_FAMILY]) m.set(f, (m.get(f) ?? new Set()).add(g));
  };
  for (const run of runs) {
    const cells = new Map(run.manifest.map((c) => [c.id, c]));
    for (const c of run.classification.cells) {
      const g = run.generatorName(c.generator);
      if (c.arm === 'control') {
        // as the report counts controls: a delivery that broke or a checker that
        // errored is unscored work, not a rejection of correct work
        if (!c.delivered || (c.verdict !== 'pass' && c.verdict !== 'fail')) continue;
        scored.add(g);
        if (c.verdict !== 'pass') failing.add(g);
        continue;
      }
      // the paper's census only: the search arm samples plans per task, a
      // different selection of constructions, and floor cells are no fault family
      if (c.arm !== 'fault' || c.status !== 'confirmed') continue;
      add(eligible, c.family, g);
      if (!c.falseAccept) continue;
      const key = cellKey(run.target, cells.get(c.cell)!);
      if (key && triage?.byKey.get(key)?.status === 'dismissed') {
        for (const f of [c.family, ANY_FAMILY]) dismissed.set(f, (dismissed.get(f) ?? 0) + 1);
        continue;
      }
      add(accepted, c.family, g);
    }
  }
  const families = [...eligible.keys()].filter((f) => f !== ANY_FAMILY).sort();
  return {
    families: [...families, ANY_FAMILY].map((family) => {
      const yes = [...(accepted.get(family) ?? [])].sort();
      return { family, ...ratio(yes.length, eligible.get(family)?.size ?? 0, confidence), generators: yes, dismissedCells: dismissed.get(family) ?? 0 };
    }),
    controls: { ...ratio(failing.size, scored.size, confidence), generators: [...failing].sort() },
  };
}
