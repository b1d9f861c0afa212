// Watches the main thread while it scores a cell. JavaScript stuck in a
// synchronous loop cannot be interrupted from its own thread; this worker
// terminates that execution through the inspector (the event loop then carries
// on, as it does after a vm timeout) and tells the main thread which cell died.
// Plain JavaScript, so it starts in milliseconds without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { Session } from 'node:inspector';

const state = new Int32Array(workerData.state); // [cell sequence number, busy]
const session = new Session();
session.connectToMainThread();
parentPort.postMessage({ ready: true });

let watched = -1;
let since = Date.now();
// Not unref'd: this interval is what keeps the watchdog alive; the main thread
// unrefs the Worker itself so the watchdog never holds the process open.
setInterval(() => {
  const seq = Atomics.load(state, 0);
  if (!Atomics.load(state, 1) || seq !== watched) {
    watched = seq;
    since = Date.now();
    return;
  }
  if (Date.now() - since > workerData.limitMs) {
    since = Infinity;
    session.post('Runtime.terminateExecution', () => parentPort.postMessage({ killed: seq }));
  }
}, Math.max(10, Math.min(250, workerData.limitMs / 4)));
