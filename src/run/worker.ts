import { parentPort, workerData } from 'node:worker_threads';
import { openTarget } from '../target/registry.ts';
import type { Cell } from '../protocol/cell.ts';
import { scoreCell } from './score.ts';
import type { WorkerInit, FromWorker } from './pool.ts';

const init = workerData as WorkerInit;
const phase = new Int32Array(init.phase);
const post = (m: FromWorker) => parentPort!.postMessage(m);

const target = await openTarget(init.target, init.open).catch((e: Error) => {
  post({ type: 'fatal', error: e.message });
  throw e;
});
const queue: Cell[] = [];
let busy = false;

async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const cell = queue.shift()!;
    const entry = await scoreCell(target, cell, init.limitMs, (p) => Atomics.store(phase, 0, p));
    post({ type: 'result', entry });
  }
  busy = false;
}

parentPort!.on('message', (cells: Cell[]) => {
  queue.push(...cells);
  void drain();
});
post({ type: 'ready' });
