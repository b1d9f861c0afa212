// Classification of scored cells (DESIGN.md, in this order): refused, incomplete,
// degenerate, immaterial, candidate, confirmed. Only a confirmed cell with a Pass
// verdict is a false accept; the verdict alone never makes one.
import type { Effect, EffectSemantics, VerdictValue } from '../target/types.ts';
import type { Cell } from '../protocol/cell.ts';
import type { LedgerEntry } from '../run/ledger.ts';
import { describeDifference, diffEffects, isEmptyEffect, type TableDifference } from '../readback/compare.ts';
import { immaterialBecause, materialEffect } from '../readback/semantics.ts';

export const CELL_STATUSES = ['refused', 'incomplete', 'degenerate', 'immaterial', 'candidate', 'confirmed'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

/** Families whose construction guarantees that nothing is written. */
export const NO_WRITE_FAMILIES = new Set(['claim-only', 'no-submit']);

export interface Evidence {
  /** readback: the effect was read back and differs; construction: a no-write construction and readback saw no write */
  kind: 'readback' | 'construction';
  summary: string[];
  differences: TableDifference[];
}

export interface ClassifiedCell {
  cell: string;
  arm: Cell['arm'];
  family: string;
  checker: string;
  trajectory: string;
  generator: string;
  /** controls have no status: they pass, are false rejects, or are unscored (delivery broke or the checker errored) */
  status?: CellStatus;
  verdict?: VerdictValue;
  detail?: string;
  /** the adapter's reason for a rejection, when it can tell (e.g. session-scoped evidence) */
  cause?: string;
  reason?: string;
  falseAccept: boolean;
  falseReject: boolean;
  evidence?: Evidence;
  edit?: string;
  /** swap and diagonal cells */
  rung?: string;
  trajectoryGenerator?: string;
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
): Pick<ClassifiedCell, 'status' | 'reason' | 'evidence'> {
  const raw = diffEffects(reference, effect);
  if (!raw.length) return { status: 'degenerate', reason: 'read-back effect equals the reference effect' };
  const differences = semantics ? diffEffects(materialEffect(reference, semantics), materialEffect(effect, semantics)) : raw;
  if (!differences.length) return { status: 'immaterial', reason: raw.map((d) => immaterialBecause(semantics, d.table)).join('; ') };
  const kind = NO_WRITE_FAMILIES.has(family) && isEmptyEffect(effect) ? 'construction' : 'readback';
  return { status: 'confirmed', evidence: { kind, summary: differences.flatMap((d) => [describeDifference(d), ...changedValues(d)]), differences } };
}

function classifyFault(cell: Cell, entry: LedgerEntry, reference: Effect | undefined, semantics: EffectSemantics | undefined): Pick<ClassifiedCell, 'status' | 'reason' | 'evidence'> {
  if (!cell.construction.ok) return { status: 'refused', reason: cell.construction.reason };
  if (!entry.delivery?.completed) return { status: 'incomplete', reason: entry.delivery?.error ?? 'delivery did not complete' };
  if (!entry.effect) return { status: 'candidate', reason: `no readback retained: ${entry.readbackError ?? 'unknown'}` };
  if (!reference) return { status: 'candidate', reason: 'no reference effect: the control of this task did not deliver or read back' };
  return judgeEffect(cell.family, entry.effect, reference, semantics);
}

/**
 * When a delivery added one row where the reference added one, name the columns
 * whose stored values differ, so the evidence shows the persisted wrong value.
 */
function changedValues(d: TableDifference): string[] {
  if (d.missingAdded.length !== 1 || d.extraAdded.length !== 1) return [];
  const [ref, got] = [d.missingAdded[0], d.extraAdded[0]];
  return [...new Set([...Object.keys(ref), ...Object.keys(got)])]
    .filter((k) => JSON.stringify(ref[k]) !== JSON.stringify(got[k]))
    .map((k) => `${d.table}.${k}: stored ${JSON.stringify(got[k] ?? null)} where the reference stores ${JSON.stringify(ref[k] ?? null)}`);
}

export function classify(cells: Cell[], ledger: LedgerEntry[], semantics?: EffectSemantics): Classification {
  const byCell = new Map(ledger.map((e) => [e.cell, e]));
  const referenceEffects: Record<string, Effect> = {};
  for (const cell of cells) {
    const e = byCell.get(cell.id);
    if (cell.arm === 'control' && e?.delivery?.completed && e.effect) referenceEffects[cell.trajectory] = e.effect;
  }
  const out: ClassifiedCell[] = [];
  const unscored: string[] = [];
  for (const cell of cells) {
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
      continue;
    }
    // An off-diagonal Pass is an acceptance of other work, not a confirmed false
    // accept: the report shows its collateral-effect evidence instead.
    if (cell.arm === 'swap') {
      out.push(base);
      continue;
    }
    const c = classifyFault(cell, entry, referenceEffects[cell.checker], semantics);
    out.push({ ...base, ...c, falseAccept: c.status === 'confirmed' && entry.verdict?.verdict === 'pass' });
  }
  return { cells: out, referenceEffects, unscored };
}
