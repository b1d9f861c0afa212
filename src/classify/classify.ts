// Classification of scored cells (DESIGN.md, in this order): refused, incomplete,
// degenerate, immaterial, candidate, confirmed. Only a confirmed cell with a Pass
// verdict is a false accept; the verdict alone never makes one.
import type { Effect, EffectSemantics, Step, VerdictValue } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import type { CellStatus, FloorOutcome } from '../contract/outcome.ts';
import type { OutcomeCell } from '../contract/report.ts';
import { changedValues, describeDifference, diffEffects, isEmptyEffect, type TableDifference } from '../readback/compare.ts';
import { immaterialBecause, materialEffect } from '../readback/semantics.ts';
import { writesNothing } from '../grammar/families/index.ts';

export interface Evidence {
  /**
   * readback: the effect was read back and differs; construction: a no-write
   * construction and readback saw no write; answer: the final answer the checker
   * reads no longer carries what the reference's answer does
   */
  kind: 'readback' | 'construction' | 'answer';
  summary: string[];
  differences: TableDifference[];
}

/** A cell as classification leaves it; its outcome is named afterwards (outcome.ts). */
export interface ClassifiedCell extends Omit<OutcomeCell, 'outcome'>, Pick<Cell, 'scenario' | 'rung' | 'trajectoryGenerator'> {
  /** controls have no status: they pass, are false rejects, or are unscored (delivery broke or the checker errored) */
  status?: CellStatus;
  detail?: string;
  /** the adapter's reason for a rejection, when it can tell (e.g. session-scoped evidence) */
  cause?: string;
  /** targets judging an episode with several checkers: each one's verdict, by name */
  checkers?: Record<string, VerdictValue>;
  reason?: string;
  falseAccept: boolean;
  falseReject: boolean;
  evidence?: Evidence;
  edit?: string;
  /** floor cells: what a do-nothing agent got from the checker */
  floor?: FloorOutcome;
  delivered?: boolean;
  deliveryError?: string;
}

export interface Classification {
  cells: ClassifiedCell[];
  /** reference effect per task, read back from its control delivery */
  referenceEffects: Record<string, Effect>;
  /** manifest cells with no ledger entry yet */
  unscored: string[];
}

/**
 * The wrong effect a fault cell proves, if any: degenerate when the read-back
 * effect equals the reference effect, immaterial when it differs only where the
 * target's semantics say the application does not care (log tables, set
 * duplicates, ignored or normalised columns), confirmed otherwise.
 */
export function judgeEffect(
  family: string,
  effect: Effect,
  reference: Effect,
  semantics: EffectSemantics | undefined,
  answer?: string,
): Pick<ClassifiedCell, 'status' | 'reason' | 'evidence'> {
  const raw = diffEffects(reference, effect);
  const differences = raw.length && semantics ? diffEffects(materialEffect(reference, semantics), materialEffect(effect, semantics)) : raw;
  if (!differences.length && answer) return { status: 'confirmed', evidence: { kind: 'answer', summary: [answer], differences: [] } };
  if (!raw.length) return { status: 'degenerate', reason: 'read-back effect equals the reference effect' };
  if (!differences.length) return { status: 'immaterial', reason: raw.map((d) => immaterialBecause(semantics, d.table)).join('; ') };
  const kind = writesNothing(family) && isEmptyEffect(effect) ? 'construction' : 'readback';
  const summary = differences.flatMap((d) => [describeDifference(d), ...changedValues(d)]);
  return { status: 'confirmed', evidence: { kind, summary: answer ? [...summary, answer] : summary, differences } };
}

/**
 * Where checkers read a final answer (the target declares which claim argument
 * carries it): how the delivered answer differs from the reference's, compared
 * with case and spacing folded, or undefined when it says the same.
 */
export function answerDifference(reference: Step[] | undefined, delivered: Step[], semantics: EffectSemantics | undefined): string | undefined {
  const spec = semantics?.answer;
  if (!spec || !reference) return undefined;
  const answerIn = (steps: Step[]) => [...steps].reverse().find((s) => s.kind === 'claim' && s.call === spec.call)?.args[spec.arg];
  const [want, got] = [answerIn(reference), answerIn(delivered)];
  if (typeof want !== 'string' || !want.trim()) return undefined;
  const fold = (v: Json | undefined) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().toLowerCase() : JSON.stringify(v ?? null));
  if (fold(want) === fold(got)) return undefined;
  return `answer: delivered ${JSON.stringify(got ?? null)} where the reference answers ${JSON.stringify(want)}`;
}

function floorOutcome(entry: LedgerEntry, reference: Effect | undefined, semantics: EffectSemantics | undefined): FloorOutcome {
  if (!entry.delivery?.completed || !reference || entry.verdict?.verdict === 'error' || !entry.verdict) return 'unscored';
  if (entry.verdict.verdict === 'fail') return 'rejected';
  return isEmptyEffect(materialEffect(reference, semantics)) ? 'non-discriminating' : 'false-accept';
}

/** What the control of each task delivered and read back: the yardstick of its fault cells. */
interface References {
  effects: Record<string, Effect>;
  steps: Record<string, Step[]>;
}

export function classifyFault(cell: Cell, entry: LedgerEntry, refs: References, semantics: EffectSemantics | undefined): Pick<ClassifiedCell, 'status' | 'reason' | 'evidence'> {
  if (!cell.construction.ok) return { status: 'refused', reason: cell.construction.reason };
  if (!entry.delivery?.completed) return { status: 'incomplete', reason: entry.delivery?.error ?? 'delivery did not complete' };
  if (!entry.effect) return { status: 'candidate', reason: `no readback retained: ${entry.readbackError ?? 'unknown'}` };
  const reference = refs.effects[cell.checker];
  if (!reference) return { status: 'candidate', reason: 'no reference effect: the control of this task did not deliver or read back' };
  return judgeEffect(cell.family, entry.effect, reference, semantics, answerDifference(refs.steps[cell.checker], cell.construction.steps, semantics));
}

/** Reference effects and steps from the control cells that delivered and read back. */
export function referencesOf(cells: Cell[], entryOf: (id: string) => LedgerEntry | undefined): References {
  const refs: References = { effects: {}, steps: {} };
  for (const cell of cells) {
    if (cell.arm !== 'control' || !cell.construction.ok) continue;
    refs.steps[cell.trajectory] = cell.construction.steps;
    const e = entryOf(cell.id);
    if (e?.delivery?.completed && e.effect) refs.effects[cell.trajectory] = e.effect;
  }
  return refs;
}

export function classify(cells: Cell[], ledger: LedgerEntry[], semantics?: EffectSemantics): Classification {
  const byCell = new Map(ledger.map((e) => [e.cell, e]));
  const refs = referencesOf(cells, (id) => byCell.get(id));
  const out: ClassifiedCell[] = [];
  const unscored: string[] = [];
  for (const cell of cells) {
    // recorded runs are judged by src/runs/judge.ts against their own version's references
    if (cell.arm === 'runs') continue;
    const entry = byCell.get(cell.id);
    if (!entry) {
      unscored.push(cell.id);
      continue;
    }
    const base: ClassifiedCell = {
      cell: cell.id,
      arm: cell.arm,
      family: cell.family,
      checker: cell.checker,
      trajectory: cell.trajectory,
      generator: cell.generator,
      verdict: entry.verdict?.verdict,
      detail: entry.verdict?.detail,
      ...(entry.verdict?.cause ? { cause: entry.verdict.cause } : {}),
      ...(entry.verdict?.checkers ? { checkers: Object.fromEntries(Object.entries(entry.verdict.checkers).map(([k, v]) => [k, v.verdict])) } : {}),
      falseAccept: false,
      falseReject: false,
      edit: cell.construction.ok ? cell.construction.edit : undefined,
      rung: cell.rung,
      trajectoryGenerator: cell.trajectoryGenerator,
      delivered: entry.delivery?.completed ?? false,
      deliveryError: entry.delivery?.error,
    };
    if (cell.arm === 'control') {
      // A false reject is a Fail on a completely delivered reference; a control
      // whose delivery broke or whose checker errored is reported as unscored work,
      // not as the checker rejecting correct work.
      out.push({ ...base, falseReject: !!entry.delivery?.completed && entry.verdict?.verdict === 'fail' });
    } else if (cell.arm === 'swap') {
      // An off-diagonal Pass is an acceptance of other work, not a confirmed false
      // accept: the report shows its collateral-effect evidence instead.
      out.push(base);
    } else if (cell.arm === 'floor') {
      out.push({ ...base, scenario: cell.scenario, floor: floorOutcome(entry, refs.effects[cell.checker], semantics) });
    } else {
      const c = classifyFault(cell, entry, refs, semantics);
      out.push({ ...base, ...c, falseAccept: c.status === 'confirmed' && entry.verdict?.verdict === 'pass' });
    }
  }
  return { cells: out, referenceEffects: refs.effects, unscored };
}
