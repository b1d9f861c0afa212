// Rejection census of the intent-swap arm (paper Table 1). A census: counts per
// rung, no rate and no interval. Every off-diagonal Pass carries the evidence a
// reader needs to judge it.
import type { Increment } from '../protocol/increment.ts';
import type { Classification, ClassifiedCell } from '../classify/classify.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { diffEffects, describeDifference } from '../readback/compare.ts';
import { materialEffect } from '../readback/semantics.ts';
import { RUNGS, RUNG_MEANING } from '../grammar/rungs.ts';
import { worldReferenceId, type SwapSelection } from '../grammar/swap.ts';
import type { Cell } from '../contract/cell.ts';
import type { Effect } from '../contract/target.ts';
import { groupBy } from '../util/group.ts';

type CellIds = Pick<ClassifiedCell, 'cell' | 'checker' | 'trajectory' | 'rung'>;

export interface SwapReport {
  rungs: { rung: string; meaning: string; valid: number; pass: number }[];
  errors: (CellIds & { error: string })[];
  /** ordered (checker generator, trajectory generator) pairs the valid off-diagonal cells span */
  generatorPairs: number;
  /** valid off-diagonal rejections by the adapter's cause (e.g. session-scoped evidence); 'unclassified' when none was given */
  rejectionCauses: { cause: string; cells: number }[];
  offDiagonalPasses: (CellIds & {
    /** j's delivery also produced task i's whole reference effect */
    collateral: boolean;
    evidence: string[];
  })[];
  note: string;
}

const isError = (c: ClassifiedCell) => c.verdict === 'error' || !c.delivered;
const cellIds = (c: ClassifiedCell): CellIds => ({ cell: c.cell, checker: c.checker, trajectory: c.trajectory, rung: c.rung });

/** The grid's cells: the diagonal (controls of tasks both checked and delivered) and every off-diagonal swap cell. */
export function swapGridCells(inc: Increment, cls: Classification): { diag: ClassifiedCell[]; off: ClassifiedCell[] } {
  const sel = inc.extras.swap as SwapSelection;
  const both = new Set(sel.checkers.filter((c) => sel.trajectories.includes(c)));
  return { diag: cls.cells.filter((c) => c.arm === 'control' && both.has(c.checker)), off: cls.cells.filter((c) => c.arm === 'swap' && c.family === 'swap') };
}

/**
 * The reference effect an off-diagonal Pass is compared with: i's own, when both
 * tasks start from one world; else i's reference read back in j's world, or the
 * reason there is none.
 */
function comparableReference(c: ClassifiedCell, cls: Classification, entries: Map<string, LedgerEntry>, worlds: Map<string, Cell['worlds']>): { effect?: Effect; note?: string } {
  const w = worlds.get(c.cell);
  if (!w) return { effect: cls.referenceEffects[c.checker] };
  const e = entries.get(worldReferenceId(c.checker, w.trajectory));
  const differ = `${c.checker} and ${c.trajectory} start from different worlds (${w.checker} and ${w.trajectory})`;
  if (!e) return { note: `${differ}; ${c.checker}'s reference in ${c.trajectory}'s world is not scored yet` };
  if (!e.delivery?.completed || !e.effect) return { note: `${differ}; ${c.checker}'s reference does not run in ${c.trajectory}'s world (${e.delivery?.error ?? e.readbackError ?? 'no readback'}), so the effects are not comparable` };
  return { effect: e.effect, note: `${differ}; compared with ${c.checker}'s reference delivered in ${c.trajectory}'s world` };
}

export function buildSwapReport(inc: Increment, cls: Classification, ledger: LedgerEntry[], manifest: Cell[]): SwapReport {
  const entries = new Map(ledger.map((e) => [e.cell, e]));
  const worlds = new Map(manifest.filter((c) => c.worlds).map((c) => [c.id, c.worlds]));
  const { diag, off } = swapGridCells(inc, cls);
  const cells = [...diag, ...off];
  const valid = cells.filter((c) => !isError(c));
  const validOff = valid.filter((c) => c.arm === 'swap');
  const rungs = [...RUNGS, ...new Set(off.map((c) => c.rung!).filter((r) => !(RUNGS as readonly string[]).includes(r)))].map((rung) => {
    const xs = valid.filter((c) => (c.arm === 'control' ? 'diag' : c.rung) === rung);
    return { rung, meaning: RUNG_MEANING[rung as keyof typeof RUNG_MEANING] ?? 'adapter-defined rung', valid: xs.length, pass: xs.filter((c) => c.verdict === 'pass').length };
  });
  const rejectionCauses = [...groupBy(validOff.filter((x) => x.verdict === 'fail'), (c) => c.cause ?? 'unclassified')]
    .map(([cause, xs]) => ({ cause, cells: xs.length }))
    .sort((a, b) => a.cause.localeCompare(b.cause));
  const scoped = rejectionCauses.filter((c) => c.cause.startsWith('session-scoped'));
  const pairs = new Set(validOff.map((c) => `${c.generator}\u0000${c.trajectoryGenerator}`));
  return {
    rungs,
    errors: cells.filter(isError).map((c) => ({
      ...cellIds(c),
      error: c.verdict === 'error' ? (c.detail ?? 'checker error') : `delivery failed: ${c.deliveryError ?? 'unknown'}`,
    })),
    generatorPairs: pairs.size,
    rejectionCauses,
    offDiagonalPasses: validOff
      .filter((c) => c.verdict === 'pass')
      .map((c) => {
        const { effect: ref, note } = comparableReference(c, cls, entries, worlds);
        const got = entries.get(c.cell)?.effect;
        if (!ref || !got) {
          return { ...cellIds(c), collateral: false, evidence: [note ?? 'no readback to compare with the checker task\'s reference effect'] };
        }
        const semantics = inc.target.semantics;
        const missing = diffEffects(materialEffect(ref, semantics), materialEffect(got, semantics))
          .map((d) => ({ ...d, extraAdded: [], extraUpdates: [], extraRemoved: [] }))
          .filter((d) => d.missingAdded.length + d.missingUpdates.length + d.missingRemoved.length > 0);
        return {
          ...cellIds(c),
          collateral: missing.length === 0,
          evidence: [
            ...(note ? [note] : []),
            ...(missing.length
              ? missing.map((d) => `of ${c.checker}'s reference effect: ${describeDifference(d)}`)
              : [`${c.trajectory}'s delivery also produced ${c.checker}'s whole reference effect (collateral satisfaction)`]),
          ],
        };
      }),
    note:
      'This arm is a rejection census of a fixed grid: counts per rung, no rate and no binomial interval. An off-diagonal Pass is an acceptance of other work, not a confirmed false accept.' +
      (scoped.length
        ? ` ${scoped.reduce((n, c) => n + c.cells, 0)} rejection(s) used a session-scoped evidence path (${scoped.map((c) => `${c.cause}: ${c.cells}`).join(', ')}) and are not semantic rejection evidence; ` +
          `the other ${rejectionCauses.filter((c) => !scoped.includes(c)).reduce((n, c) => n + c.cells, 0)} remain unclassified by rejection cause.`
        : ''),
  };
}
