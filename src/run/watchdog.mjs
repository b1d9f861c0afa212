// Watches the main thread while it scores a cell. JavaScript stuck in a
// synchronous loop cannot be interrupted from its own thread; this worker
// terminates that execution through the inspector (the event loop then carries
// on, as it does after a vm timeout) and tells the main thread which cell died.
// Plain JavaScript, so it starts in milliseconds without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { Session } from 'node:inspector';

const state = new Int32Array(workerData.state); // [cell sequence number, busy, phase changes, limit in ms]
const session = new Session();
session.connectToMainThread();
parentPort.postMessage({ ready: true });

// The clock restarts with each cell and each phase of it: the limit is per phase.
// The limit is read at each look, since the scorer holding this watchdog sets it
// (a watchdog outlives its scorer and serves the next one, see in-thread.ts).
let watched = '';
let since = Date.now();
// Not unref'd: this timer is what keeps the watchdog alive; the main thread
// unrefs the Worker itself so the watchdog never holds the process open.
const look = () => {
  const limitMs = Atomics.load(state, 3);
  const seq = Atomics.load(state, 0);
  const progress = `${seq}:${Atomics.load(state, 2)}`;
  if (!Atomics.load(state, 1) || progress !== watched) {
    watched = progress;
    since = Date.now();
  } else if (Date.now() - since > limitMs) {
    since = Infinity;
    session.post('Runtime.terminateExecution', () => parentPort.postMessage({ killed: seq }));
  }
  setTimeout(look, Math.max(10, Math.min(250, limitMs / 4)));
};
look();
