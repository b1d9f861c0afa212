import type { LedgerEntry } from '../contract/ledger.ts';
import { MAX_TIMER_MS } from '../util/timer.ts';

interface Progress {
  tick(entry: LedgerEntry): void;
  /** one more cell to score than the manifest holds (a search's shrinking step) */
  extend(): void;
  stop(): void;
}

/** Where and how often progress goes; tests replace the stream and the terminal check. */
interface ProgressOutput {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  /** seconds between lines off a terminal (BLINDSPOT_PROGRESS_SECONDS, default 10) */
  everySeconds: number;
  /** a bar rather than lines (default: whether the stream is a terminal) */
  terminal?: boolean;
  /** said once before the first line: a BLINDSPOT_PROGRESS_SECONDS that is no number of seconds, and what is used instead */
  warning?: string;
}

/**
 * Progress on stderr. A CI job (CI set, as GitHub Actions, GitLab CI, Travis and
 * Buildkite set it) gets lines even where its runner gives stderr a terminal: the
 * log keeps every redraw of a bar.
 */
export const progressOutput = (env: NodeJS.ProcessEnv = process.env, stream: ProgressOutput['stream'] = process.stderr): ProgressOutput => {
  const every = Number(env.BLINDSPOT_PROGRESS_SECONDS ?? 10);
  const ci = env.CI !== undefined && !['', '0', 'false'].includes(env.CI.toLowerCase());
  // past Node's longest timer an interval fires every 1 ms: BLINDSPOT_PROGRESS_SECONDS=1e10 wrote a line per ms
  const usable = Number.isFinite(every) && every > 0;
  const everySeconds = usable ? Math.min(every, MAX_TIMER_MS / 1000) : 10;
  // refusing it would end a run for a display setting; a line says it was not read
  const warning = usable ? undefined : `blindspot: BLINDSPOT_PROGRESS_SECONDS: expected a number of seconds above 0, got '${env.BLINDSPOT_PROGRESS_SECONDS}'; a line every 10 s\n`;
  return { stream, everySeconds, terminal: Boolean(stream.isTTY) && !ci, ...(warning ? { warning } : {}) };
};

type Counts = Record<'pass' | 'fail' | 'error' | 'refused' | 'ungraded', number>;

/**
 * Refused cells (no construction) are done without a verdict; ungraded ones are
 * delivered and read back but never asked to the checker (the swap arm's
 * world-reference cells), shown only when a run has them.
 */
const buckets = (c: Counts) => `${c.pass} pass ${c.fail} fail ${c.error} error ${c.refused} refused${c.ungraded ? ` ${c.ungraded} ungraded` : ''}`;

/**
 * A bar on a terminal. Off a terminal (a CI log, a pipe) one line every few
 * seconds and one at the end, so a long run shows it is alive without filling
 * the log with bar redraws. The bar's library loads only for a bar: elsewhere
 * it would cost a few ms before the first cell.
 */
export async function createProgress(enabled: boolean, total: number, start: number, output: ProgressOutput = progressOutput(), unit = 'cells'): Promise<Progress> {
  if (!enabled) return { tick() {}, extend() {}, stop() {} };
  const counts: Counts = { pass: 0, fail: 0, error: 0, refused: 0, ungraded: 0 };
  // every cell done lands in exactly one bucket, so the buckets add up to the count done
  const count = (entry: LedgerEntry) => {
    counts[entry.status === 'refused' ? 'refused' : (entry.verdict?.verdict ?? 'ungraded')]++;
  };
  if (!(output.terminal ?? output.stream.isTTY)) {
    if (output.warning) output.stream.write(output.warning);
    const t0 = Date.now();
    let done = start;
    const line = () => {
      const pct = total ? Math.floor((done * 100) / total) : 100;
      const elapsed = Math.round((Date.now() - t0) / 1000);
      output.stream.write(`scoring ${done}/${total} ${unit} (${pct}%) | ${buckets(counts)} | ${elapsed} s elapsed\n`);
    };
    // unref: a pending line never keeps the process alive
    const timer = setInterval(line, output.everySeconds * 1000).unref();
    return {
      tick(entry) {
        count(entry);
        done++;
      },
      extend: () => void total++,
      stop() {
        clearInterval(timer);
        line();
      },
    };
  }
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: output.stream,
      format: `scoring {bar} {value}/{total} ${unit} | {buckets} | {eta_formatted} left`,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, start, { buckets: buckets(counts) });
  return {
    tick(entry) {
      count(entry);
      bar.increment(1, { buckets: buckets(counts) });
    },
    extend: () => bar.setTotal(++total),
    stop: () => bar.stop(),
  };
}
