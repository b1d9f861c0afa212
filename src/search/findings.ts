// From explored plans to findings: every explored plan the checker passed on a
// confirmed wrong effect is shrunk to a minimal mutant. The same code serves the
// run (which scores each candidate it has not seen, as a derived cell in the
// ledger) and the report (which only looks candidates up), so both reach the same
// minimal mutants, and a resumed run retraces the path of the interrupted one.
import type { EffectSemantics, Step } from '../contract/target.ts';
import { derivedCellId } from '../protocol/cell.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { classifyFault, referencesOf, type Evidence } from '../classify/classify.ts';
import { describePlan, mechanismOf, planSize, searchCell, weaknessOf, type OperatorSet } from './plan.ts';
import type { Plan, PlanSize, SearchContext } from '../contract/operator.ts';
import { shrink, type Judgement } from './shrink.ts';
import type { SearchSpec } from './arm.ts';
import { groupBy } from '../util/group.ts';

export interface SearchFinding {
  task: string;
  generator: string;
  /** the minimal mutant's cell (a derived cell, or the explored one when nothing smaller is a finding) */
  cell: string;
  /** the mutant's trajectory, one description per edit, the edits themselves, and how much they change */
  minimal: { steps: Step[]; edits: string[]; plan: Plan; size: PlanSize };
  /** operators the minimal plan uses */
  operators: string[];
  /** what the mutant exposes, independent of the values it used (e.g. "send_money.recipient"): the checker's weakness */
  weakness: string;
  /** the weakness without the values that make it this task's: its name, or for an answer weakness its shape ("answer: a figure accepted inside a longer figure") */
  mechanism: string;
  /** explored cells that shrank to this mutant */
  from: string[];
  /** plans explored for this task */
  explored: number;
  /** candidates judged while shrinking, and steps taken */
  tried: number;
  shrinks: number;
  /** the construction's key in a triage file, and what the file says of it */
  key?: string;
  triage?: { status: 'dismissed' | 'accepted'; reason: string };
  /** minimal, or why shrinking stopped before it could say so */
  stop: 'minimal' | 'limit' | 'unscored';
  evidence: Evidence;
}

export interface SearchOutcome {
  spec: SearchSpec;
  /** plans explored (manifest cells of the search arm) */
  plans: number;
  /** search cells scored: explored plus derived */
  cells: number;
  /** explored plans that were false accepts before shrinking */
  explorationFindings: number;
  findings: SearchFinding[];
  /** findings grouped by task and weakness: what a maintainer has to fix, with its minimal mutants */
  weaknesses: { task: string; weakness: string; mutants: number; example: string }[];
  /**
   * One mechanism name over several tasks, most tasks first: a blind spot the
   * benchmark's checkers share (14 of 16 checkers accept an unrelated payment),
   * fixed once rather than per task. `of`: the tasks searched.
   */
  mechanisms: Mechanism[];
  complete: boolean;
}

export interface Mechanism {
  /** the findings' mechanism name */
  mechanism: string;
  /** the same name, under the field blindspot.report/2 has always given it */
  weakness: string;
  tasks: string[];
  of: number;
  mutants: number;
  /** one minimal mutant, as its task, its exact weakness and its edits */
  example: { task: string; weakness: string; edits: string };
}

interface SearchRun {
  spec: SearchSpec;
  ops: OperatorSet;
  semantics: EffectSemantics | undefined;
  /** the manifest */
  cells: Cell[];
  entryOf(id: string): LedgerEntry | undefined;
  /** scores a derived cell and records it with its parent; undefined when the run is stopping. Absent: look up only. */
  score?(cell: Cell, parent: string, plan: Plan): Promise<LedgerEntry | undefined>;
}

/** Shrinking needs each task's reference and generator, which the control cells carry. */
function contextsOf(run: SearchRun): Map<string, SearchContext> {
  const out = new Map<string, SearchContext>();
  for (const c of run.cells) {
    if (c.arm !== 'control' || !c.construction.ok) continue;
    const task = { id: c.checker, generator: c.generator, variant: 0, split: 'dev' as const, instruction: '', params: {} };
    out.set(c.checker, { task, reference: c.construction.steps, others: [], semantics: run.semantics });
  }
  return out;
}

export async function searchOutcome(run: SearchRun): Promise<SearchOutcome> {
  const refs = referencesOf(run.cells, run.entryOf);
  const explored = run.cells.filter((c) => c.arm === 'search');
  const manifest = new Map(explored.map((c) => [c.id, c]));
  const contexts = contextsOf(run);
  const derivedSeen = new Set<string>();
  const inFlight = new Map<string, Promise<LedgerEntry | undefined>>();

  const judgeEntry = (cell: Cell, entry: LedgerEntry | undefined): Judgement => {
    if (!entry) return 'unknown';
    if (entry.verdict?.verdict !== 'pass') return 'not';
    return classifyFault(cell, entry, refs, run.semantics).status === 'confirmed' ? 'finding' : 'not';
  };
  const entryFor = (cell: Cell, parent: Cell, plan: Plan): Promise<LedgerEntry | undefined> => {
    const known = run.entryOf(cell.id);
    if (known || !run.score) return Promise.resolve(known);
    let p = inFlight.get(cell.id);
    if (!p) inFlight.set(cell.id, (p = run.score(cell, parent.id, plan)));
    return p;
  };

  const starts = explored.filter((c) => judgeEntry(c, run.entryOf(c.id)) === 'finding');
  const traces = await Promise.all(
    starts.map(async (start) => {
      const ctx = contexts.get(start.checker)!;
      const construction = start.construction as Extract<Cell['construction'], { ok: true }>;
      const plan = (construction.plan ?? []) as Plan;
      const result = await shrink({ plan, steps: construction.steps }, ctx, run.ops, async (candidate, steps) => {
        const cell = manifest.get(derivedCellId(start.checker, steps)) ?? searchCell(ctx, candidate, steps, run.ops);
        if (!manifest.has(cell.id)) derivedSeen.add(cell.id);
        return judgeEntry(cell, await entryFor(cell, start, candidate));
      }, run.spec.shrinkLimit);
      return { start, result, ctx };
    }),
  );

  const findings = new Map<string, SearchFinding>();
  for (const { start, result, ctx } of traces) {
    const id = derivedCellId(start.checker, result.steps);
    const seen = findings.get(id);
    if (seen) {
      seen.from.push(start.id);
      continue;
    }
    const cell = manifest.get(id) ?? searchCell(ctx, result.plan, result.steps, run.ops);
    const verdict = classifyFault(cell, run.entryOf(id) ?? run.entryOf(start.id)!, refs, run.semantics);
    findings.set(id, {
      task: start.checker,
      generator: start.generator,
      cell: id,
      minimal: { steps: result.steps, edits: result.plan.map((e) => describePlan([e], ctx, run.ops)), plan: result.plan, size: planSize(result.plan, run.ops) },
      operators: [...new Set(result.plan.map((e) => e.op))],
      weakness: weaknessOf(result.plan, ctx, run.ops),
      mechanism: mechanismOf(result.plan, ctx, run.ops),
      from: [start.id],
      explored: explored.filter((c) => c.checker === start.checker).length,
      tried: result.tried,
      shrinks: result.shrinks,
      stop: result.stop,
      evidence: verdict.evidence!,
    });
  }
  const all = [...findings.values()];
  return {
    spec: run.spec,
    plans: explored.length,
    cells: explored.filter((c) => run.entryOf(c.id)).length + [...derivedSeen].filter((id) => run.entryOf(id)).length,
    explorationFindings: starts.length,
    findings: all,
    weaknesses: [...groupBy(all, (f) => `${f.task}\u0000${f.weakness}`).values()].map((xs) => ({
      task: xs[0].task,
      weakness: xs[0].weakness,
      mutants: xs.length,
      example: editsOf(xs[0]),
    })),
    mechanisms: mechanismsOf(all, contexts.size),
    complete: explored.every((c) => run.entryOf(c.id)) && traces.every((t) => t.result.stop !== 'unscored'),
  };
}

const editsOf = (f: SearchFinding) => f.minimal.edits.join('; then ');

/**
 * Mechanism names found on two tasks or more, most tasks first, then by name:
 * answer weaknesses of different tokens but one shape ("4" inside "14", "4.5"
 * inside "14.5") are one mechanism.
 */
export function mechanismsOf(findings: SearchFinding[], searched: number): Mechanism[] {
  return [...groupBy(findings, (f) => f.mechanism).values()]
    .map((xs) => ({
      mechanism: xs[0].mechanism,
      weakness: xs[0].mechanism,
      tasks: [...new Set(xs.map((f) => f.task))].sort(),
      of: searched,
      mutants: xs.length,
      example: { task: xs[0].task, weakness: xs[0].weakness, edits: editsOf(xs[0]) },
    }))
    .filter((m) => m.tasks.length > 1)
    .sort((a, b) => b.tasks.length - a.tasks.length || a.mechanism.localeCompare(b.mechanism));
}
