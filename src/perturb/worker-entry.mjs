// Workers start without the parent's loader: register tsx before the TypeScript
// worker module (and the target's TypeScript checkers) load. A thread gets its
// settings as workerData, a child process in BLINDSPOT_JOB_INIT.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import((workerData ?? JSON.parse(process.env.BLINDSPOT_JOB_INIT ?? '{}')).module);
