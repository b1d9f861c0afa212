// The per-cell time limit, calibrated on the run's own controls when --time-limit
// is not given: a multiple of the slowest control, never below a floor. Controls
// are the references, delivered and checked exactly like every other cell, so
// their times say what a cell of this target on this machine costs; a fixed 10 s
// is too short for a slow browser target and far too long for a fast API one.
// The measured limit is recorded per session in run.json, not in the increment:
// an increment is content-addressed, and a measurement in it would make every
// freeze unique (shards frozen on two machines could no longer be merged).
import type { LedgerEntry } from '../contract/ledger.ts';
import type { Session } from './runfile.ts';

export const CALIBRATION = { multiple: 10, floorMs: 10_000, provisionalMs: 60_000 } as const;

/** Calibrated: the slowest passing-or-failing control and how many controls were timed. */
type TimeLimit = NonNullable<Session['timeLimit']>;

/** From the controls' ledger entries: checker errors (a control that hit the provisional limit among them) are not timings. */
export function calibrate(controls: LedgerEntry[]): TimeLimit {
  const timed = controls.filter((e) => e.status === 'scored' && e.verdict?.verdict !== 'error' && typeof e.ms === 'number');
  if (!timed.length) return { ms: CALIBRATION.floorMs, source: 'default' };
  const slowest = Math.max(...timed.map((e) => e.ms!));
  return { ms: Math.max(CALIBRATION.floorMs, Math.ceil(CALIBRATION.multiple * slowest)), source: 'calibrated', slowestControlMs: slowest, controls: timed.length };
}

export const describeTimeLimit = (t: TimeLimit) =>
  t.source === 'flag'
    ? `${t.ms} ms (--time-limit)`
    : t.source === 'calibrated'
      ? `${t.ms} ms (${CALIBRATION.multiple} x the slowest of ${t.controls} controls, ${Math.round(t.slowestControlMs! * 10) / 10} ms; floor ${CALIBRATION.floorMs} ms)`
      : `${t.ms} ms (no timed control; the floor)`;
