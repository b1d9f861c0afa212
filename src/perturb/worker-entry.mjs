// Worker threads start without the parent's loader: register tsx before the
// TypeScript worker module (and the target's TypeScript checkers) load.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
