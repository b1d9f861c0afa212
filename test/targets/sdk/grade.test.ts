// What the SDK's Benchmark makes of what an author's grade() returns: True and
// False (alone or with a detail) are the verdict; anything else (a forgotten
// return, 1, "pass") is the adapter's mistake, an error naming what came back,
// never a Fail that an audit would count as the checker rejecting a construction.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTmp } from '../../fixtures/tmp.ts';
import { jsonLines, NO_PYTHON, PYTHON } from './python.ts';

const tmp = useTmp();

/** What each task's grade() returns, as Python expressions. */
const RETURNS: Record<string, string> = {
  yes: 'True',
  no: '(False, "no note")',
  none: 'None',
  one: '1',
  word: '"pass"',
  short: '(True,)',
};

function adapter(dir: string): string {
  const file = join(dir, 'adapter.py');
  writeFileSync(file, `import sys
sys.path.insert(0, ${JSON.stringify(resolve('python'))})
from blindspot_target import Benchmark

RETURNS = {${Object.entries(RETURNS).map(([task, value]) => `${JSON.stringify(task)}: lambda: ${value}`).join(', ')}}


class Adapter(Benchmark):
    def tasks(self):
        return [{"id": t, "instruction": t, "steps": [{"call": "add", "args": {}, "kind": "write"}]} for t in RETURNS]

    def environment(self, task):
        return {"notes": []}

    def step(self, env, step):
        env["notes"].append("x")

    def snapshot(self, env):
        return env

    def grade(self, env, task, calls):
        return RETURNS[task["id"]]()


Adapter().serve()
`);
  return file;
}

describe.skipIf(!PYTHON)(`blindspot_target.Benchmark grades${NO_PYTHON}`, () => {
  let py: ReturnType<typeof jsonLines> | undefined;
  afterEach(() => py?.close());

  it('True or False as the verdict, anything else as an error naming what grade() returned', async () => {
    py = jsonLines(adapter(tmp()));
    let id = 0;
    const ask = async (method: string, params: Record<string, unknown> = {}) => (await py!.ask({ id: ++id, method, params })).result;
    await ask('handshake', { protocol: 3, client: 'test', options: {} });
    const verdicts: Record<string, unknown> = {};
    for (const task of Object.keys(RETURNS)) verdicts[task] = await ask('check', { episode: (await ask('open')).episode, task });
    expect(verdicts).toEqual({
      yes: { verdict: 'pass', detail: 'passed' },
      no: { verdict: 'fail', detail: 'no note' },
      none: { verdict: 'error', detail: 'grade() returned None for task none; expected True or False, or (verdict, detail)' },
      one: { verdict: 'error', detail: 'grade() returned 1 for task one; expected True or False, or (verdict, detail)' },
      word: { verdict: 'error', detail: "grade() returned 'pass' for task word; expected True or False, or (verdict, detail)" },
      short: { verdict: 'error', detail: 'grade() returned (True,) for task short; expected True or False, or (verdict, detail)' },
    });
  });
});
