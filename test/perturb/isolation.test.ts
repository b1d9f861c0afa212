// A module target is someone else's code: the perturbation arm validates and
// runs its episodes in child processes, so a checker that aborts or kills its
// process (on a thread, a kill ends the whole run) costs its own episodes
// (Error, saying how), never the run or a Pass.
import { expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openTarget } from '../../src/target/registry.ts';
import { freezePerturbations } from '../../src/perturb/freeze.ts';
import { runPerturbations } from '../../src/perturb/run.ts';
import { replayAgent } from '../../src/agent/builtin.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { checkerCopy } from '../fixtures/apps-checkers.ts';

const tmp = useTmp();

const HOSTILE: Record<string, { code: string; death: RegExp }> = {
  todo_create_todo: { code: 'process.abort();', death: /scorer process killed by SIGABRT while scoring this cell/ },
  messages_send_message: { code: "process.kill(process.pid, 'SIGKILL');", death: /scorer process killed by SIGKILL while scoring this cell/ },
};
const hostile = (task: string) => HOSTILE[task.split('/')[0]];

it('a module target checker that aborts or kills its process costs only its own episodes', async () => {
  const root = tmp();
  const dir = checkerCopy(root);
  for (const [generator, { code }] of Object.entries(HOSTILE)) {
    const file = join(dir, `${generator}.ts`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/export default function check\(([^)]*)\)[^{]*\{/, (m) => `${m}\n  ${code}`));
  }
  // the embedded apps world, loaded as a module target: blindspot treats it as untrusted code
  const module = join(root, 'apps-module.mts');
  writeFileSync(module, `export { apps as target } from '${resolve('targets/apps/index.ts')}';\n`);
  const target = await openTarget(module, { checkerDir: dir });
  const tasks = (await target.tasks()).filter((t) => t.split === 'dev' && [...Object.keys(HOSTILE), 'venmo_send_money'].includes(t.generator)).map((t) => t.id);
  const set = await freezePerturbations({ target, spec: module, root, open: { checkerDir: dir }, split: 'dev', seeds: [0], families: ['U-redundant'], taskIds: tasks, deadlineMs: 20_000 });
  await target.close();
  const died = set.rejected.filter((r) => hostile(r.task));
  expect(died.length).toBeGreaterThan(1);
  for (const r of died) expect(r.reason).toMatch(hostile(r.task).death);

  const { records } = await runPerturbations({ out: join(root, 'r'), set, agent: replayAgent(), workers: 2, limits: { steps: 20, timeMs: 5000 }, limitMs: 15_000, progress: false });
  expect(records).toHaveLength(set.instances.length);
  const others = records.filter((r) => !hostile(r.task));
  expect(others.length).toBeGreaterThan(0);
  expect(new Set(records.filter((r) => hostile(r.task)).map((r) => r.task.split('/')[0]))).toEqual(new Set(Object.keys(HOSTILE)));
  for (const r of records.filter((x) => hostile(x.task))) expect(r).toMatchObject({ verdict: 'error', success: false, graderFalseAccept: false, detail: expect.stringMatching(hostile(r.task).death) });
  for (const r of others) expect(r).toMatchObject({ verdict: 'pass', effect: 'same' });
}, 120_000);
