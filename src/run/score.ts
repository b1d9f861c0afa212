// Scoring one cell: fresh episode, deliver, read back BEFORE the checker runs
// (so a checker cannot disturb the evidence), then check, unless the cell is
// one whose verdict nothing uses. Shared by workers and by in-process runs; and
// the ledger entries of a cell refused or lost without being scored.
import type { Delivery, Target, Verdict, VerdictValue } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { graded } from '../grammar/swap.ts';
import { errorMessage } from '../util/errors.ts';

export const VERDICTS = new Set(['pass', 'fail', 'error']);

/** A verdict and its detail, checked by hand: this runs once per cell, where a schema library costs more than the check. */
const isVerdict = (v: unknown): v is { verdict: VerdictValue; detail: string } =>
  !!v && typeof v === 'object' && VERDICTS.has((v as Verdict).verdict) && typeof (v as Verdict).detail === 'string';

function asVerdict(raw: unknown): Verdict | undefined {
  if (!isVerdict(raw)) return undefined;
  const { cause, checkers } = raw as Record<string, unknown>;
  if (cause !== undefined && typeof cause !== 'string') return undefined;
  if (checkers !== undefined && !(checkers && typeof checkers === 'object' && Object.values(checkers).every(isVerdict))) return undefined;
  return {
    verdict: raw.verdict,
    detail: raw.detail,
    ...(cause !== undefined ? { cause } : {}),
    // only the fields a verdict has: whatever else a checker returns stays out of the ledger
    ...(checkers
      ? { checkers: Object.fromEntries(Object.entries(checkers).map(([name, v]) => [name, { verdict: v.verdict, detail: v.detail }])) }
      : {}),
  };
}

export function refusedEntry(cell: Cell): LedgerEntry {
  return { cell: cell.id, status: 'refused', at: new Date().toISOString() };
}

/**
 * The time limit of one cell's phases: each phase (delivery, readback, checker)
 * gets the whole limit, on one timer re-armed per phase rather than a timer each.
 */
class PhaseLimit {
  private reject?: (e: Error) => void;
  private what = '';
  private timer: NodeJS.Timeout;

  constructor(private ms: number) {
    this.timer = setTimeout(() => this.reject?.(new Error(`${this.what} timed out after ${this.ms} ms`)), ms);
  }

  run<T>(what: string, work: Promise<T>): Promise<T> {
    this.what = what;
    this.timer.refresh();
    return new Promise<T>((resolve, reject) => {
      this.reject = reject;
      work.then(resolve, reject);
    });
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/** A checker that throws, hangs or answers garbage gives Error, never Pass. */
async function runChecker(check: () => Promise<unknown>, limit: PhaseLimit): Promise<Verdict> {
  try {
    const raw = await limit.run('checker', check());
    return asVerdict(raw) ?? { verdict: 'error', detail: `checker returned garbage: ${JSON.stringify(raw)?.slice(0, 200)}` };
  } catch (e) {
    return { verdict: 'error', detail: errorMessage(e) };
  }
}

export const PHASE = { idle: 0, deliver: 1, readback: 2, check: 3 } as const;

/** An entry that records something gone wrong: a checker Error, or a delivery that did not complete. */
export const brokenEntry = (e: LedgerEntry): boolean => e.verdict?.verdict === 'error' || e.delivery?.completed === false;

/**
 * What is known of a cell whose execution was killed (hung, crashed): if it died
 * in the checker, delivery had completed, but its readback went with it.
 */
export function lostCellEntry(cell: Cell, why: string, phase: number): LedgerEntry {
  const delivered = phase >= PHASE.readback;
  return {
    cell: cell.id,
    status: 'scored',
    delivery: delivered
      ? { completed: true, stepsRun: cell.construction.ok ? cell.construction.steps.length : 0 }
      : { completed: false, stepsRun: 0, error: why },
    readbackError: why,
    verdict: { verdict: 'error', detail: why },
    at: new Date().toISOString(),
  };
}

/**
 * A queued episode the target never started serving (its process died first,
 * serving the cell ahead): nothing of this cell ran, so it may be scored again.
 */
export class NotStarted extends Error {}

export async function scoreCell(
  target: Target,
  cell: Cell,
  limitMs: number,
  onPhase: (phase: number) => void = () => {},
  /** throw NotStarted for an episode the target never started, instead of recording its failure */
  opts: { retryUnstarted?: boolean } = {},
): Promise<LedgerEntry> {
  if (!cell.construction.ok) return refusedEntry(cell);
  let started = performance.now();
  const episode = await target.episode({ whole: true, ...(graded(cell) ? { check: cell.checker } : {}) });
  const entry: LedgerEntry = { cell: cell.id, status: 'scored', at: '' };
  const failed = (e: unknown): Delivery => ({ completed: false, stepsRun: 0, error: errorMessage(e) });
  let limit: PhaseLimit | undefined;
  try {
    onPhase(PHASE.deliver);
    // sent now: a queued episode's requests wait at the target, not here
    const delivering = episode.deliver({ task: cell.trajectory, steps: cell.construction.steps, ...(cell.world ? { world: cell.world } : {}), ...cell.delivery }).catch(failed);
    if (episode.serving) {
      const unstarted = await episode.serving.then(() => undefined, (e: unknown) => e);
      if (unstarted !== undefined && opts.retryUnstarted) throw new NotStarted(errorMessage(unstarted));
      started = performance.now();
    }
    limit = new PhaseLimit(limitMs);
    entry.delivery = await limit.run('delivery', delivering).catch(failed);
    onPhase(PHASE.readback);
    try {
      entry.effect = await limit.run('readback', episode.readback());
    } catch (e) {
      entry.readbackError = errorMessage(e);
    }
    if (graded(cell)) {
      onPhase(PHASE.check);
      entry.verdict = await runChecker(() => episode.check(cell.checker), limit);
    }
  } finally {
    limit?.clear();
    await episode.close().catch(() => undefined);
    onPhase(PHASE.idle);
  }
  entry.ms = Math.round((performance.now() - started) * 1000) / 1000;
  entry.at = new Date().toISOString();
  return entry;
}
