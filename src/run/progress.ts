import cliProgress from 'cli-progress';
import type { LedgerEntry } from './ledger.ts';

export interface Progress {
  tick(entry: LedgerEntry): void;
  stop(): void;
}

/** A bar on a TTY; nothing otherwise, so logs and pipes stay clean. */
export function createProgress(enabled: boolean, total: number, start: number): Progress {
  if (!enabled || !process.stderr.isTTY) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'scoring {bar} {value}/{total} cells | {pass} pass {fail} fail {error} error | {eta_formatted} left',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const counts = { pass: 0, fail: 0, error: 0 };
  bar.start(total, start, counts);
  return {
    tick(entry) {
      if (entry.verdict) counts[entry.verdict.verdict]++;
      bar.increment(1, counts);
    },
    stop: () => bar.stop(),
  };
}
