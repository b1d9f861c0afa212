// Where cells are scored off the main thread: a worker thread (our own targets:
// cheap to start, shares the process) or a child process (a target whose code
// blindspot does not own: a checker calling process.exit, process.kill on its own
// pid, a native crash or a runaway allocation ends only that child). Both speak
// the same messages, so the pool treats them alike.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import type { Cell } from '../contract/cell.ts';
import type { OpenOptions } from '../contract/target.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import type { KindRef } from './kind.ts';

export interface ScorerInit {
  target: string;
  open: OpenOptions;
  limitMs: number;
  /** the target lists the parent registered (module URLs), registered again by the scorer */
  targetLists?: string[];
  /** cells of a job kind other than the engine's own (kind.ts) */
  kind?: KindRef;
  /** threads only: the phase of the cell in flight, in shared memory */
  phase?: SharedArrayBuffer;
}

export type FromScorer =
  | { type: 'ready' }
  /** a thread sends its entry as JSON text (ledger.ts entryFromText), a process as the entry */
  | { type: 'result'; entry: LedgerEntry }
  | { type: 'result'; text: string }
  | { type: 'phase'; phase: number }
  | { type: 'fatal'; error: string };

export interface Scorer {
  post(cells: Cell[]): void;
  /** the phase of the cell in flight (see PHASE in score.ts) */
  phase(): number;
  terminate(): void;
}

interface ScorerEvents {
  message(m: FromScorer): void;
  /** the scorer is gone (crashed, exited, killed); `why` says how */
  gone(why: string): void;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);
/** Scorers start from the build's bundle (worker-entry.mjs), not from the sources through tsx. */
export const SCORER_BUNDLED = existsSync(new URL('../../bundle/worker.js', import.meta.url));

export function spawnThread(init: ScorerInit, on: ScorerEvents): Scorer {
  const phase = new SharedArrayBuffer(4);
  const shared = new Int32Array(phase);
  const worker = new Worker(ENTRY, { workerData: { ...init, phase } });
  worker.on('message', on.message);
  worker.on('error', (e) => on.gone(`worker crashed: ${e.message}`));
  worker.on('exit', (code) => on.gone(`worker exited with code ${code}`));
  return {
    post: (cells) => worker.postMessage(cells),
    phase: () => Atomics.load(shared, 0),
    terminate: () => void worker.terminate(),
  };
}

/**
 * A child process, for a target whose code blindspot does not trust; `gone` says
 * once how it ended (`exited with code 0`, `killed by SIGABRT`, `failed: ...`).
 */
export function spawnProcess(init: ScorerInit, on: ScorerEvents): Scorer {
  let phase = 0;
  // loaded here, on first use: node:child_process (with net and dgram) costs a
  // run of our own targets, which never forks a scorer, a few ms before its first cell
  const { fork } = process.getBuiltinModule('node:child_process');
  const child = fork(ENTRY, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BLINDSPOT_SCORER_INIT: JSON.stringify(init) },
  });
  child.on('message', (m: FromScorer) => {
    if (m.type === 'phase') phase = m.phase;
    else on.message(m);
  });
  // A send to a child that has just died fails (EPIPE) before its exit is seen;
  // the exit says why it died (killed by SIGKILL...), so a failure waits for it,
  // and stands on its own only when no exit follows (the child never started).
  let failed: NodeJS.Timeout | undefined;
  const fail = (e: Error) => {
    failed ??= setTimeout(() => on.gone(`scorer process failed: ${e.message}`), 1000);
  };
  child.on('error', fail);
  child.on('exit', (code, signal) => {
    clearTimeout(failed);
    on.gone(`scorer process ${signal ? `killed by ${signal}` : `exited with code ${code}`}`);
  });
  return {
    post: (cells) => {
      if (child.connected) child.send(cells, (e) => e && fail(e));
    },
    phase: () => phase,
    terminate: () => void child.kill('SIGKILL'),
  };
}
