// Workers start without the parent's loader: a TypeScript worker module (run from
// the sources) needs tsx registered first; a compiled one (dist/) registers it
// itself only when a TypeScript checker is imported. A thread gets its settings
// as workerData, a child process in BLINDSPOT_JOB_INIT.
import { workerData } from 'node:worker_threads';

const { module } = workerData ?? JSON.parse(process.env.BLINDSPOT_JOB_INIT ?? '{}');
if (module.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(module);
