// A pool of worker threads, each with its own opened target. Cells go out in small
// batches to keep messaging cheap; a watchdog terminates a worker whose cell runs
// past the time limit (a synchronous infinite loop in a checker cannot be
// interrupted any other way) and records that cell as an Error.
import { Worker } from 'node:worker_threads';
import type { OpenOptions } from '../target/types.ts';
import type { Cell } from '../protocol/cell.ts';
import type { LedgerEntry } from './ledger.ts';
import { PHASE } from './score.ts';

export interface WorkerInit {
  target: string;
  open: OpenOptions;
  limitMs: number;
  phase: SharedArrayBuffer;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'result'; entry: LedgerEntry }
  | { type: 'fatal'; error: string };

interface Slot {
  worker: Worker;
  outstanding: Cell[];
  lastProgress: number;
  dead: boolean;
  phase: Int32Array;
}

export interface PoolOptions {
  workers: number;
  target: string;
  open: OpenOptions;
  limitMs: number;
  batch?: number;
}

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

/** What is known of a cell whose worker died: if it died in the checker, delivery had completed. */
export function lostCellEntry(cell: Cell, why: string, phase: number = PHASE.deliver): LedgerEntry {
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

export class Pool {
  private slots: Slot[] = [];
  private queue: Cell[] = [];
  private stopping = false;
  private finish!: () => void;
  private fail!: (e: Error) => void;
  private watchdog?: NodeJS.Timeout;

  constructor(private opts: PoolOptions, private onResult: (entry: LedgerEntry) => void) {}

  /** Resolves when every cell has a result, or when stop() was called and in-flight cells returned. */
  run(cells: Cell[]): Promise<void> {
    this.queue = [...cells];
    const done = new Promise<void>((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    const n = Math.max(1, Math.min(this.opts.workers, cells.length));
    for (let i = 0; i < n; i++) this.spawn();
    this.watchdog = setInterval(() => this.checkTimeouts(), Math.min(1000, this.opts.limitMs));
    if (!cells.length) this.settle();
    return done.finally(() => this.shutdown());
  }

  stop(): void {
    this.stopping = true;
    this.queue = [];
    this.settle();
  }

  private spawn(): void {
    const phase = new SharedArrayBuffer(4);
    const init: WorkerInit = { target: this.opts.target, open: this.opts.open, limitMs: this.opts.limitMs, phase };
    const worker = new Worker(WORKER_URL, { workerData: init });
    const slot: Slot = { worker, outstanding: [], lastProgress: Date.now(), dead: false, phase: new Int32Array(phase) };
    this.slots.push(slot);
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') this.feed(slot);
      else if (m.type === 'result') {
        slot.outstanding.shift();
        slot.lastProgress = Date.now();
        this.onResult(m.entry);
        this.feed(slot);
      } else this.fail(new Error(`worker could not open target ${this.opts.target}: ${m.error}`));
    });
    worker.on('error', (e) => this.replace(slot, `worker crashed: ${e.message}`));
    worker.on('exit', (code) => {
      if (!slot.dead) this.replace(slot, `worker exited with code ${code}`);
    });
  }

  private feed(slot: Slot): void {
    const batch = this.opts.batch ?? 8;
    // Keep two batches in flight so a worker never waits on the main thread.
    while (!this.stopping && slot.outstanding.length < batch * 2 && this.queue.length) {
      const cells = this.queue.splice(0, batch);
      slot.outstanding.push(...cells);
      slot.lastProgress = Date.now();
      slot.worker.postMessage(cells);
    }
    this.settle();
  }

  /** The first outstanding cell is the one that hung or crashed; the rest go back to the queue. */
  private replace(slot: Slot, why: string): void {
    if (slot.dead) return;
    slot.dead = true;
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.terminate();
    const [culprit, ...rest] = slot.outstanding;
    if (culprit) this.onResult(lostCellEntry(culprit, why, Atomics.load(slot.phase, 0)));
    if (!this.stopping) this.queue.unshift(...rest);
    if (!this.stopping && this.queue.length) this.spawn();
    this.settle();
  }

  private checkTimeouts(): void {
    const now = Date.now();
    for (const slot of this.slots) {
      if (slot.outstanding.length && now - slot.lastProgress > this.opts.limitMs * 2) {
        this.replace(slot, `cell exceeded the time limit (${this.opts.limitMs} ms); worker terminated`);
      }
    }
  }

  private settle(): void {
    const inFlight = this.slots.some((s) => s.outstanding.length);
    if (!inFlight && (this.stopping || !this.queue.length)) this.finish?.();
  }

  private async shutdown(): Promise<void> {
    clearInterval(this.watchdog);
    const slots = this.slots;
    this.slots = [];
    for (const s of slots) s.dead = true;
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
