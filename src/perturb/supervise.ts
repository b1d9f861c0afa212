// Work that runs code blindspot does not trust (a benchmark's checkers, its
// environment) goes to worker threads the parent supervises, or, for a module
// target (someone else's code), to child processes, as the scorers of a run do. A job that
// outlasts its deadline means that code hung, perhaps in a synchronous loop no
// timer on its own thread can interrupt: the thread is stopped, the job
// reported lost with the reason, and a fresh thread takes the rest. A thread
// that dies mid-job (a checker that exits) loses that job alone. Each job ends
// exactly once: with its result, or lost.
import { Worker } from 'node:worker_threads';
import { InputError } from '../util/errors.ts';
import { targetLists } from '../target/registry.ts';
import { forkSupervised } from '../run/scorers.ts';

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
  /** child processes instead of threads: a checker that aborts its process then costs only its own job */
  isolate?: boolean;
}

/** One worker, a thread or a child process; `gone` reports once how it ended. */
interface Channel<J> {
  post(m: ToWorker<J>): void;
  stop(): void;
}

function openChannel<J, R>(data: object, isolate: boolean | undefined, on: { message(m: FromWorker<R>): void; gone(why: string): void }): Channel<J> {
  if (isolate) {
    const child = forkSupervised<FromWorker<R>>(ENTRY, { BLINDSPOT_JOB_INIT: JSON.stringify(data) }, { message: on.message, gone: (how) => on.gone(`the worker process ${how}`) });
    return { post: (m) => child.send(m), stop: child.kill };
  }
  const w = new Worker(ENTRY, { workerData: data });
  w.on('message', on.message);
  w.on('error', (e) => on.gone(`the worker thread died: ${e.message}`));
  w.on('exit', (code) => on.gone(`the worker thread died: it exited with code ${code}`));
  return { post: (m) => w.postMessage(m), stop: () => void w.terminate() };
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

export function runSupervised<J, R>(o: Supervised<J, R>): Promise<void> {
  const queue = [...o.jobs];
  const running = new Set<Channel<J>>();
  let live = 0;
  let failed = false;
  return new Promise<void>((resolve, reject) => {
    const settle = () => {
      if (!failed && live === 0 && !queue.length) resolve();
    };
    const spawn = () => {
      live++;
      const w: Channel<J> = openChannel<J, R>({ module: o.module.href, init: o.init, targetLists: targetLists() }, o.isolate, {
        message: (m) => onMessage(m),
        gone: (why) => lose(why),
      });
      running.add(w);
      let current: J | undefined;
      let timer: NodeJS.Timeout | undefined;
      let ended = false;
      const end = () => {
        if (ended) return false;
        ended = true;
        running.delete(w);
        clearTimeout(timer);
        live--;
        return true;
      };
      // a lost job is reported once, and the rest of the queue goes to a fresh worker
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
          w.post({ type: 'close' });
          return;
        }
        current = queue.shift()!;
        timer = setTimeout(() => {
          lose(`did not finish within ${o.deadlineMs} ms: the target or its checker hung, and its worker ${o.isolate ? 'process' : 'thread'} was stopped`);
          w.stop();
        }, o.deadlineMs);
        w.post({ type: 'job', job: current });
      };
      function onMessage(m: FromWorker<R>) {
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
          for (const t of running) t.stop();
          reject(new InputError(m.error));
        }
      }
    };
    if (!queue.length) return resolve();
    for (let k = 0; k < Math.max(1, Math.min(o.workers, queue.length)); k++) spawn();
  });
}
