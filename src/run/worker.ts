// A scorer off the main thread: a worker thread, or a child process for targets
// whose code blindspot does not own (see scorers.ts). It opens the target once
// and scores the cells it is sent, one at a time, in order, as the engine does or
// as the run's job kind says (kind.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { openTarget, useTargetLists } from '../target/registry.ts';
import type { Cell } from '../contract/cell.ts';
import { scoreCell } from './score.ts';
import { loadKind, type ScoreFn } from './kind.ts';
import type { FromScorer, ScorerInit } from './scorers.ts';

const init: ScorerInit = parentPort ? workerData : JSON.parse(process.env.BLINDSPOT_SCORER_INIT ?? '{}');
const post = (m: FromScorer) => (parentPort ? parentPort.postMessage(m) : process.send?.(m));
const shared = init.phase ? new Int32Array(init.phase) : undefined;
const onPhase = (p: number) => (shared ? Atomics.store(shared, 0, p) : post({ type: 'phase', phase: p }));

/**
 * How long a scorer that could not open its target waits, once it has said why,
 * before it crashes. A thread's messages and its crash reach the pool apart, the
 * crash at times first: the pool then took it for a scorer dying at boot and
 * started another, and another, until three had died. Given the time to read the
 * message, the pool fails the run with the reason and ends the scorer itself.
 */
const FATAL_GRACE_MS = 2000;

const score = await useTargetLists(init.targetLists)
  .then(() => openTarget(init.target, init.open))
  .then((t): ScoreFn | Promise<ScoreFn> => (init.kind ? loadKind(t, init.kind) : (cell, ms, on) => scoreCell(t, cell, ms, on)))
  .catch((e: Error): Promise<never> => {
    post({ type: 'fatal', error: e.message });
    setTimeout(() => {
      throw e;
    }, FATAL_GRACE_MS);
    // nothing below runs: this scorer serves no cell, and is never ready
    return new Promise<never>(() => {});
  });
const queue: Cell[] = [];
let busy = false;

async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const cell = queue.shift()!;
    const entry = await score(cell, init.limitMs, onPhase);
    // A thread serializes its entry here, off the main thread, which writes it to the
    // ledger as it is; a process's messages are JSON already.
    post(parentPort ? { type: 'result', text: JSON.stringify(entry) } : { type: 'result', entry });
  }
  busy = false;
}

const receive = (cells: Cell[]) => {
  queue.push(...cells);
  void drain();
};
if (parentPort) parentPort.on('message', receive);
else {
  process.on('message', receive);
  // The pool is gone: a child must not outlive it.
  process.on('disconnect', () => process.exit(0));
}
post({ type: 'ready' });
