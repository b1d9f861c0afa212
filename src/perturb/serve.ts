// The worker side of supervise.ts: set up once (open the target), then answer
// each job in order. A setup failure is fatal to the run and says why. The same
// in a worker thread and in a child process (isolated module targets).
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './supervise.ts';
import { useTargetLists } from '../target/registry.ts';

export async function serveJobs<I, J, R>(setup: (init: I) => Promise<{ handle: (job: J) => Promise<R>; close: () => Promise<void> }>): Promise<void> {
  const data = workerData ?? JSON.parse(process.env.BLINDSPOT_JOB_INIT ?? '{}');
  const post = (m: FromWorker<R>) => (parentPort ? parentPort.postMessage(m) : process.send?.(m));
  const end = () => (parentPort ? parentPort.close() : process.disconnect());
  // A child must not outlive the supervisor that started it.
  if (!parentPort) process.on('disconnect', () => process.exit(0));
  try {
    await useTargetLists(data.targetLists);
    const s = await setup(data.init as I);
    const receive = async (m: ToWorker<J>) => {
      if (m.type === 'close') {
        await s.close().catch(() => undefined);
        end();
        return;
      }
      post({ type: 'result', result: await s.handle(m.job) });
    };
    if (parentPort) parentPort.on('message', receive);
    else process.on('message', receive);
    post({ type: 'ready' });
  } catch (e) {
    post({ type: 'fatal', error: e instanceof Error ? e.message : String(e) });
  }
}
