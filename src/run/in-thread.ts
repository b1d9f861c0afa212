// Scores cells in the main thread, where the target is already open: no start-up
// cost, which matters when a whole increment takes less time than a worker needs
// to boot. A watchdog worker makes a synchronous hang here as recoverable as one
// in a worker thread.
import { Worker } from 'node:worker_threads';
import type { Target } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { scoreCell, PHASE } from './score.ts';
import { lostCellEntry } from './lost.ts';

/** The longest the main thread scores without letting the event loop turn. */
const YIELD_MS = 5;

export class InThreadScorer {
  /** [cell sequence number, busy, phase changes]: what the watchdog reads */
  private state = new Int32Array(new SharedArrayBuffer(12));
  private watchdog: Worker;
  private seq = 0;
  private lastYield = -Infinity;
  private current?: { cell: Cell; seq: number; phase: number; settle: (e: LedgerEntry) => void };

  constructor(private target: Target, private limitMs: number) {
    // The watchdog fires when one phase of a cell outlasts twice the engine's own
    // async limit (each phase has the whole limit), so ordinary slow work is
    // reported by scoreCell's timeouts and only true hangs get here.
    this.watchdog = new Worker(new URL('./watchdog.mjs', import.meta.url), {
      workerData: { state: this.state.buffer, limitMs: limitMs * 2 },
    });
    // Referenced while it may have something to say (booting, or a cell in
    // flight: a terminated cell leaves nothing else holding the event loop open),
    // unreferenced when idle so it never keeps the process alive.
    // Scoring does not wait for the watchdog: it boots on its own thread, and a
    // cell that hangs before it is up is caught once it is (it reads the cell's
    // state from shared memory).
    this.watchdog.once('message', () => this.current === undefined && this.watchdog.unref());
    this.watchdog.on('message', (m: { killed?: number }) => m.killed !== undefined && this.onKilled(m.killed));
  }

  /** Resolves with the cell's ledger entry, even when its execution was terminated. */
  score(cell: Cell): Promise<LedgerEntry> {
    return new Promise((settle) => {
      const seq = ++this.seq;
      const current = { cell, seq, phase: PHASE.deliver as number, settle };
      this.current = current;
      Atomics.store(this.state, 0, seq);
      Atomics.store(this.state, 1, 1);
      this.watchdog.ref();
      const start = () => {
        scoreCell(this.target, cell, this.limitMs, (p) => {
          current.phase = p;
          Atomics.add(this.state, 2, 1);
        }).then((entry) => this.finish(current, entry));
      };
      // Off the caller's stack, so a terminated execution unwinds only this cell
      // (termination also drops the microtask queue, which by then holds nothing
      // but this cell's own continuations). Most cells start as a microtask; one
      // every YIELD_MS starts as a fresh macrotask, so that signals, worker
      // messages and timers are served between cells at a bounded delay.
      const now = performance.now();
      if (now - this.lastYield < YIELD_MS) queueMicrotask(start);
      else {
        this.lastYield = now;
        setImmediate(start);
      }
    });
  }

  private finish(current: NonNullable<InThreadScorer['current']>, entry: LedgerEntry): void {
    if (this.current !== current) return;
    this.current = undefined;
    Atomics.store(this.state, 1, 0);
    this.watchdog.unref();
    current.settle(entry);
  }

  private onKilled(seq: number): void {
    const current = this.current;
    if (!current) return;
    const why =
      current.seq === seq
        ? `cell exceeded the time limit (${this.limitMs} ms) in a synchronous loop; execution terminated`
        : 'cell execution terminated by the watchdog (it overlapped a hung cell)';
    this.finish(current, lostCellEntry(current.cell, why, current.phase));
  }

  /** Not awaited: the watchdog is unreferenced and idle, and waiting for its thread to exit costs the run milliseconds. */
  close(): void {
    void this.watchdog.terminate();
  }
}
