// The worker side of supervise.ts: set up once (open the target), then answer
// each job in order. A setup failure is fatal to the run and says why.
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './supervise.ts';
import { useTargetLists } from '../target/registry.ts';

export async function serveJobs<I, J, R>(setup: (init: I) => Promise<{ handle: (job: J) => Promise<R>; close: () => Promise<void> }>): Promise<void> {
  const post = (m: FromWorker<R>) => parentPort!.postMessage(m);
  try {
    await useTargetLists(workerData.targetLists);
    const s = await setup(workerData.init as I);
    parentPort!.on('message', async (m: ToWorker<J>) => {
      if (m.type === 'close') {
        await s.close().catch(() => undefined);
        parentPort!.close();
        return;
      }
      post({ type: 'result', result: await s.handle(m.job) });
    });
    post({ type: 'ready' });
  } catch (e) {
    post({ type: 'fatal', error: e instanceof Error ? e.message : String(e) });
  }
}
