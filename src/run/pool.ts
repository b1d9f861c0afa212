// Spreads cells over the main thread and worker threads. The main thread, whose
// target is already open, is one of the scorers and starts at once; extra worker
// threads are started only when the remaining work would outlast their start-up,
// so short increments never wait for a worker and long ones use every core. A worker whose cell runs past
// the time limit (a synchronous loop cannot be interrupted otherwise) is
// terminated and that cell recorded as an Error.
//
// A target whose code blindspot does not own is scored only in child processes
// (`isolate`): whatever its checker does to its process, the run goes on, the
// cell in flight is recorded as an Error with the cause, and a new child takes
// the remaining cells.
//
// Without a local target (a job kind's cells, kind.ts: the perturbation arm's
// episodes, and a freeze's validations) nothing is scored in the main thread:
// every scorer is a worker (and both hand each worker one cell at a time).
import type { Target } from '../contract/target.ts';
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { InThreadScorer } from './in-thread.ts';
import { PipelinedScorer } from './pipelined.ts';
import { SCORER_BUNDLED, spawnProcess, spawnThread, type FromScorer, type Scorer, type ScorerInit } from './scorers.ts';
import { targetLists } from '../target/registry.ts';
import { lostCellEntry, PHASE } from './score.ts';
import { entryFromText } from './ledger.ts';
import type { JobKind } from './kind.ts';

interface Slot {
  scorer: Scorer;
  outstanding: Cell[];
  lastProgress: number;
  dead: boolean;
  ready: boolean;
  /** the phase last seen of the scorer's cell in flight */
  seenPhase: number;
}

/** Scorers that die before they are ready, in a row, before the run gives up on starting them. */
const BOOT_FAILURES = 3;

export interface PoolOptions extends Pick<ScorerInit, 'target' | 'open' | 'limitMs'> {
  /** parallel scorers: the main thread plus worker threads; 0 or 1 is the main thread alone */
  workers: number;
  /** the main thread's open target, which scores cells while workers boot; without one every scorer is a worker */
  local?: Target;
  /** remaining work (ms, estimated) above which workers are started; tests set 0 to force them */
  workerThresholdMs?: number;
  /** score only in child processes, never in this process (targets whose code blindspot does not own) */
  isolate?: boolean;
  /** cells of another job kind than the engine's own (kind.ts) */
  kind?: JobKind;
  /** the local target serves episodes in order (capability pipeline): the main thread keeps several cells in flight */
  pipeline?: boolean;
}
/**
 * About the time a worker needs to load a target, measured here for apps: 0.15 s
 * from the build's bundle (80-90 ms to its ready message on a quiet machine), 0.6 s
 * from the sources through tsx (whose loader thread a booting worker shares with
 * the main thread).
 */
const WORKER_BOOT_MS = SCORER_BUNDLED ? 150 : 600;
/**
 * A booting worker competes with the main thread for the machine, and scores
 * slowly until its own code is compiled, so it pays off only when the remaining
 * work is a few boots long. Measured on 2 cores, `blindspot run` with 2 workers,
 * medians of 7 alternating runs, process start to the end of scoring: from the
 * bundle, the apps swap grid (2,304 cells, ~420 ms of work estimated) took 781 ms
 * with a worker and 743 ms without; 3,600 cells (~670 ms estimated) 970 ms with
 * one and 996 ms without. From the sources a 2 s apps grid ran slower with a
 * worker than without.
 */
const WORTH_A_WORKER = 4 * WORKER_BOOT_MS;
/** The main thread times this much work before deciding whether workers are worth starting. */
const SAMPLE = { cells: 16, ms: 100 };
/** Cells per message to a worker. */
const BATCH = 8;

export class Pool {
  private slots: Slot[] = [];
  private queue: Cell[] = [];
  private stopping = false;
  private started = false;
  private closed = false;
  /** callers of idle(), resolved when nothing is queued or in flight */
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private failure?: Error;
  /** the main thread's scoring loop is running (at most one at a time) */
  private localRunning = false;
  /** whether to start workers has been decided (and, if so, they were started) */
  private workersDecided = false;
  private watchdog?: NodeJS.Timeout;
  private local?: InThreadScorer | PipelinedScorer;
  private bootFailures = 0;

  constructor(private opts: PoolOptions, private onResult: (entry: LedgerEntry) => void) {}

  /** Queues more cells; the pool starts its scorers on the first call. */
  add(cells: Cell[]): void {
    if (this.closed || this.stopping) return;
    this.queue.push(...cells);
    if (!this.started) {
      this.started = true;
      if (this.offMain) this.startWorkers();
      else {
        this.local = this.opts.pipeline ? new PipelinedScorer(this.opts.local!, this.opts.limitMs) : new InThreadScorer(this.opts.local!, this.opts.limitMs);
        if (this.opts.workerThresholdMs === 0 && this.extraWorkers() > 0) this.startWorkers();
      }
    }
    // Scorers that died while the queue was empty are not replaced until there is work again.
    if (this.workersDecided && this.offMain) while (this.slots.length < this.extraWorkers()) this.spawn();
    for (const slot of this.slots) if (slot.ready) this.feed(slot);
    this.settle();
  }

  /** Resolves once nothing is queued or in flight (or the pool was stopped); rejects if the pool failed. */
  idle(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.settle();
    });
  }

  private fail(e: Error): void {
    this.failure = e;
    for (const w of this.waiters.splice(0)) w.reject(e);
  }

  /** A new time limit for the cells still to come; workers already started keep running. */
  retime(limitMs: number): void {
    this.opts = { ...this.opts, limitMs };
    if (this.watchdog === undefined) return;
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => this.checkTimeouts(), Math.min(1000, limitMs));
  }

  /**
   * Stops within a cell: nothing more is handed out, and a scorer still holding
   * cells (a worker has up to two batches) is ended once the cell it is scoring
   * is recorded; its other cells stay unscored, for the run's next session.
   */
  stop(): void {
    this.stopping = true;
    this.queue = [];
    for (const slot of this.slots) if (!slot.outstanding.length) this.retire(slot);
    this.settle();
  }

  /** Ends a scorer whose remaining cells are not wanted: they were never scored, so nothing is recorded for them. */
  private retire(slot: Slot): void {
    slot.dead = true;
    slot.outstanding = [];
    this.slots = this.slots.filter((s) => s !== slot);
    slot.scorer.terminate();
    this.settle();
  }

  /** Isolated, every scorer is a child process; without a local target, a worker thread. */
  private get offMain(): boolean {
    return this.opts.isolate === true || !this.opts.local;
  }

  /** The main thread counts as one scorer, unless it scores nothing. */
  private extraWorkers(): number {
    return this.offMain ? Math.max(1, this.opts.workers) : Math.max(0, this.opts.workers - 1);
  }

  private startWorkers(): void {
    if (this.workersDecided) return;
    this.workersDecided = true;
    for (let i = 0; i < this.extraWorkers(); i++) this.spawn();
    this.watchdog = setInterval(() => this.checkTimeouts(), Math.min(1000, this.opts.limitMs));
  }

  /**
   * The main thread scores alongside the workers. It starts them only once a
   * sample of its own cells shows the remaining work would outlast a worker's
   * start-up.
   */
  private async scoreLocally(): Promise<void> {
    if (this.localRunning) return;
    this.localRunning = true;
    const t0 = performance.now();
    let scored = 0;
    const lane = async () => {
      while (!this.stopping && this.queue.length) {
        const cell = this.queue.shift()!;
        this.onResult(await this.local!.score(cell));
        scored++;
        const elapsed = performance.now() - t0;
        if (!this.workersDecided && this.extraWorkers() > 0 && (scored >= SAMPLE.cells || elapsed >= SAMPLE.ms)) {
          if ((elapsed / scored) * this.queue.length > (this.opts.workerThresholdMs ?? WORTH_A_WORKER)) this.startWorkers();
          else this.workersDecided = true; // this increment is cheaper in one thread
        }
      }
    };
    await Promise.all(Array.from({ length: this.local!.depth }, lane));
    this.localRunning = false;
    this.settle();
  }

  private spawn(): void {
    const { kind } = this.opts;
    const init = { target: this.opts.target, open: this.opts.open, limitMs: this.opts.limitMs, targetLists: targetLists(), ...(kind ? { kind: { module: kind.module, init: kind.init } } : {}) };
    const slot = { outstanding: [], lastProgress: Date.now(), dead: false, ready: false, seenPhase: 0 } as unknown as Slot;
    const events = {
      message: (m: FromScorer) => {
        // A replaced scorer's late messages: its cells are already recorded as lost or queued again.
        if (slot.dead) return;
        if (m.type === 'ready') {
          slot.ready = true;
          this.bootFailures = 0;
          this.feed(slot);
        } else if (m.type === 'result') {
          slot.outstanding.shift();
          slot.lastProgress = Date.now();
          this.onResult('text' in m ? entryFromText(m.text) : m.entry);
          if (this.stopping) this.retire(slot);
          else this.feed(slot);
        } else if (m.type === 'fatal') this.fail(new Error(`scorer could not open target ${this.opts.target}: ${m.error}`));
      },
      gone: (why: string) => this.replace(slot, why),
    };
    slot.scorer = this.opts.isolate ? spawnProcess(init, events) : spawnThread(init, events);
    this.slots.push(slot);
  }

  private feed(slot: Slot): void {
    // Keep two batches in flight so a worker never waits on the main thread (cheap cells).
    const batch = this.opts.local ? BATCH : 1;
    const ahead = this.opts.local ? BATCH * 2 : 1;
    while (!this.stopping && slot.outstanding.length < ahead && this.queue.length) {
      const cells = this.queue.splice(0, batch);
      slot.outstanding.push(...cells);
      slot.lastProgress = Date.now();
      slot.scorer.post(cells);
    }
    this.settle();
  }

  /** The first outstanding cell is the one that hung or crashed; the rest go back to the queue. */
  private replace(slot: Slot, why: string): void {
    if (slot.dead || this.closed) return;
    slot.dead = true;
    this.slots = this.slots.filter((s) => s !== slot);
    slot.scorer.terminate();
    if (!slot.ready && ++this.bootFailures >= BOOT_FAILURES) {
      this.fail(new Error(`scorers for target ${this.opts.target} died ${BOOT_FAILURES} times before they were ready (last: ${why})`));
      return;
    }
    const [culprit, ...rest] = slot.outstanding;
    // The cell in flight when a scorer dies is recorded as an Error, never retried:
    // a checker that kills its scorer would otherwise kill every replacement too.
    if (culprit) this.onResult((this.opts.kind?.lost ?? lostCellEntry)(culprit, `${why} while scoring this cell`, slot.scorer.phase()));
    if (!this.stopping) this.queue.unshift(...rest);
    if (!this.stopping && this.queue.length) this.spawn();
    this.settle();
  }

  private checkTimeouts(): void {
    const now = Date.now();
    for (const slot of this.slots) {
      // Each phase of a cell has the whole limit, so a phase change is progress too.
      const phase = slot.scorer.phase();
      if (phase !== slot.seenPhase) {
        slot.seenPhase = phase;
        slot.lastProgress = now;
      }
      // an agent's conversation (the deliver phase of an episode) has its own, longer limit
      const limit = phase === PHASE.deliver ? Math.max(this.opts.limitMs, this.opts.kind?.deliverMs ?? 0) : this.opts.limitMs;
      if (slot.outstanding.length && now - slot.lastProgress > limit * 2) {
        this.replace(slot, `cell exceeded the time limit (${limit} ms); worker terminated`);
      }
    }
  }

  private settle(): void {
    if (this.closed) return;
    // Queued cells, or cells a dead worker put back: the main thread takes them up.
    if (this.local && !this.localRunning && !this.stopping && this.queue.length) void this.scoreLocally();
    const inFlight = this.localRunning || this.slots.some((s) => s.outstanding.length);
    if (!inFlight && (this.stopping || !this.queue.length)) for (const w of this.waiters.splice(0)) w.resolve();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watchdog);
    const slots = this.slots;
    this.slots = [];
    for (const s of slots) s.dead = true;
    this.local?.close();
    for (const s of slots) s.scorer.terminate();
  }
}
