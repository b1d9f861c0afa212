// Scoring one cell: fresh episode, deliver, read back BEFORE the checker runs
// (so a checker cannot disturb the evidence), then check. Shared by workers and
// by in-process runs.
import { z } from 'zod';
import type { Target, Verdict } from '../target/types.ts';
import type { Cell } from '../protocol/cell.ts';
import type { LedgerEntry } from './ledger.ts';

const VerdictSchema = z.object({ verdict: z.enum(['pass', 'fail', 'error']), detail: z.string(), cause: z.string().optional() });

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function refusedEntry(cell: Cell): LedgerEntry {
  return { cell: cell.id, status: 'refused', at: new Date().toISOString() };
}

async function withLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** A checker that throws, hangs or answers garbage gives Error, never Pass. */
export async function runChecker(check: () => Promise<unknown>, limitMs: number): Promise<Verdict> {
  try {
    const raw = await withLimit(check(), limitMs, 'checker');
    const parsed = VerdictSchema.safeParse(raw);
    if (!parsed.success) return { verdict: 'error', detail: `checker returned garbage: ${JSON.stringify(raw)?.slice(0, 200)}` };
    return parsed.data;
  } catch (e) {
    return { verdict: 'error', detail: message(e) };
  }
}

export const PHASE = { idle: 0, deliver: 1, readback: 2, check: 3 } as const;

export async function scoreCell(
  target: Target,
  cell: Cell,
  limitMs: number,
  onPhase: (phase: number) => void = () => {},
): Promise<LedgerEntry> {
  if (!cell.construction.ok) return refusedEntry(cell);
  const started = performance.now();
  const episode = await target.episode();
  const entry: LedgerEntry = { cell: cell.id, status: 'scored', at: '' };
  try {
    onPhase(PHASE.deliver);
    entry.delivery = await withLimit(
      episode.deliver({ task: cell.trajectory, steps: cell.construction.steps }),
      limitMs,
      'delivery',
    ).catch((e) => ({ completed: false, stepsRun: 0, error: message(e) }));
    onPhase(PHASE.readback);
    try {
      entry.effect = await withLimit(episode.readback(), limitMs, 'readback');
    } catch (e) {
      entry.readbackError = message(e);
    }
    onPhase(PHASE.check);
    entry.verdict = await runChecker(() => episode.check(cell.checker), limitMs);
  } finally {
    await episode.close().catch(() => undefined);
    onPhase(PHASE.idle);
  }
  entry.ms = Math.round((performance.now() - started) * 1000) / 1000;
  entry.at = new Date().toISOString();
  return entry;
}
