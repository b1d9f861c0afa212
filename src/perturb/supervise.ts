// Work that runs code blindspot does not trust (a benchmark's checkers, its
// environment) goes to worker threads the parent supervises. A job that
// outlasts its deadline means that code hung, perhaps in a synchronous loop no
// timer on its own thread can interrupt: the thread is stopped, the job
// reported lost with the reason, and a fresh thread takes the rest. A thread
// that dies mid-job (a checker that exits) loses that job alone. Each job ends
// exactly once: with its result, or lost.
import { Worker } from 'node:worker_threads';
import { InputError } from '../util/errors.ts';
import { targetLists } from '../target/registry.ts';

export type ToWorker<J> = { type: 'job'; job: J } | { type: 'close' };
export type FromWorker<R> = { type: 'ready' } | { type: 'result'; result: R } | { type: 'fatal'; error: string };

export interface Supervised<J, R> {
  /** a module that calls serveJobs; it gets `init` as its workerData.init */
  module: URL;
  init: unknown;
  jobs: J[];
  workers: number;
  deadlineMs: number;
  onResult: (job: J, result: R) => void;
  onLost: (job: J, why: string) => void;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

export function runSupervised<J, R>(o: Supervised<J, R>): Promise<void> {
  const queue = [...o.jobs];
  const threads = new Set<Worker>();
  let live = 0;
  let failed = false;
  return new Promise<void>((resolve, reject) => {
    const settle = () => {
      if (!failed && live === 0 && !queue.length) resolve();
    };
    const spawn = () => {
      live++;
      const w = new Worker(ENTRY, { workerData: { module: o.module.href, init: o.init, targetLists: targetLists() } });
      threads.add(w);
      let current: J | undefined;
      let timer: NodeJS.Timeout | undefined;
      let ended = false;
      const end = () => {
        if (ended) return false;
        ended = true;
        threads.delete(w);
        clearTimeout(timer);
        live--;
        return true;
      };
      // a lost job is reported once, and the rest of the queue goes to a fresh thread
      const lose = (why: string) => {
        const job = current;
        current = undefined;
        if (!end()) return;
        if (job !== undefined && !failed) o.onLost(job, why);
        if (!failed && queue.length && (job !== undefined || live === 0)) spawn();
        settle();
      };
      const next = () => {
        if (failed || !queue.length) {
          w.postMessage({ type: 'close' } satisfies ToWorker<J>);
          return;
        }
        current = queue.shift()!;
        timer = setTimeout(() => {
          lose(`did not finish within ${o.deadlineMs} ms: the target or its checker hung, and its worker thread was stopped`);
          void w.terminate();
        }, o.deadlineMs);
        w.postMessage({ type: 'job', job: current } satisfies ToWorker<J>);
      };
      w.on('message', (m: FromWorker<R>) => {
        if (failed || ended) return;
        if (m.type === 'ready') next();
        else if (m.type === 'result') {
          clearTimeout(timer);
          const job = current!;
          current = undefined;
          o.onResult(job, m.result);
          next();
        } else {
          failed = true;
          end();
          for (const t of threads) void t.terminate();
          reject(new InputError(m.error));
        }
      });
      w.on('error', (e) => lose(`the worker thread died: ${e.message}`));
      w.on('exit', (code) => lose(`the worker thread died: it exited with code ${code}`));
    };
    if (!queue.length) return resolve();
    for (let k = 0; k < Math.max(1, Math.min(o.workers, queue.length)); k++) spawn();
  });
}
