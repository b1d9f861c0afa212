// Scores cells in the main thread, where the target is already open: no start-up
// cost, which matters when a whole increment takes less time than a worker needs
// to boot. A watchdog worker makes a synchronous hang here as recoverable as one
// in a worker thread.
import { Worker } from 'node:worker_threads';
import type { Target } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { lostCellEntry, scoreCell, PHASE } from './score.ts';

/** The longest the main thread scores without letting the event loop turn. */
const YIELD_MS = 5;

/**
 * A watchdog thread and what it reads: [cell sequence number, busy, phase
 * changes, limit in ms]. A thread's start costs more CPU than a small
 * increment's cells (about 90 ms, on a core a 2-core machine's scoring shares),
 * so a closed scorer leaves its watchdog to the next one in the process (the
 * calibration pool's to the run's, a run's to the next run's).
 */
interface Watchdog {
  worker: Worker;
  state: Int32Array;
  /** the scorer holding it: told which cell the watchdog terminated */
  onKilled?: (seq: number) => void;
}

const spare: Watchdog[] = [];
/** Watchdogs kept for later scorers; more are terminated on close (scorers rarely overlap). */
const SPARE = 2;
/** Cell sequence numbers, process-wide: a late kill meant for a watchdog's last holder names no cell of the next. */
let seqs = 0;

function startWatchdog(): Watchdog {
  const state = new Int32Array(new SharedArrayBuffer(16));
  const worker = new Worker(new URL('./watchdog.mjs', import.meta.url), { workerData: { state: state.buffer } });
  const dog: Watchdog = { worker, state };
  // Referenced while it may have something to say (booting, or a cell in
  // flight: a terminated cell leaves nothing else holding the event loop open),
  // unreferenced when idle so it never keeps the process alive.
  // Scoring does not wait for the watchdog: it boots on its own thread, and a
  // cell that hangs before it is up is caught once it is (it reads the cell's
  // state from shared memory).
  worker.once('message', () => Atomics.load(state, 1) === 0 && worker.unref());
  worker.on('message', (m: { killed?: number }) => m.killed !== undefined && dog.onKilled?.(m.killed));
  return dog;
}

export class InThreadScorer {
  /** one cell at a time: the watchdog follows a single cell */
  readonly depth = 1;
  private dog: Watchdog;
  private lastYield = -Infinity;
  private current?: { cell: Cell; seq: number; phase: number; settle: (e: LedgerEntry) => void };

  constructor(private target: Target, private limitMs: number) {
    this.dog = spare.pop() ?? startWatchdog();
    Atomics.store(this.dog.state, 1, 0);
    // The watchdog fires when one phase of a cell outlasts twice the engine's own
    // async limit (each phase has the whole limit), so ordinary slow work is
    // reported by scoreCell's timeouts and only true hangs get here.
    Atomics.store(this.dog.state, 3, limitMs * 2);
    this.dog.onKilled = (seq) => this.onKilled(seq);
  }

  /** Resolves with the cell's ledger entry, even when its execution was terminated. */
  score(cell: Cell): Promise<LedgerEntry> {
    return new Promise((settle) => {
      const seq = ++seqs;
      const current = { cell, seq, phase: PHASE.deliver as number, settle };
      const { state, worker } = this.dog;
      this.current = current;
      Atomics.store(state, 0, seq);
      Atomics.store(state, 1, 1);
      worker.ref();
      const start = () => {
        scoreCell(this.target, cell, this.limitMs, (p) => {
          current.phase = p;
          Atomics.add(state, 2, 1);
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
    Atomics.store(this.dog.state, 1, 0);
    this.dog.worker.unref();
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

  /** Leaves the watchdog, idle and unreferenced, to the next scorer; one not kept is not awaited (its exit costs the run milliseconds). */
  close(): void {
    const dog = this.dog;
    if (dog.onKilled === undefined) return;
    dog.onKilled = undefined;
    Atomics.store(dog.state, 1, 0);
    dog.worker.unref();
    if (spare.length < SPARE) spare.push(dog);
    else void dog.worker.terminate();
  }
}
