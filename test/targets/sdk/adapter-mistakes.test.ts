// What the SDK's Benchmark answers for an adapter author's mistakes: each names
// the function or declaration at fault. grade() returning neither a bool nor
// (bool, detail) (a forgotten return, 1, "pass") is an error verdict naming what
// came back, never a Fail that an audit would count as the checker rejecting a
// construction; a snapshot that is not JSON data, or a checker file that is not
// there, fails the handshake naming snapshot() or checker_files.
import { afterEach, describe, expect, it } from 'vitest';
import { writeAdapter } from '../../fixtures/sdk/adapters.ts';
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

/** A notes benchmark, one task per RETURNS entry; `declarations` and `snapshot` replace its own. */
function notes(o: { declarations?: string; snapshot?: string } = {}): string {
  return writeAdapter(tmp(), `RETURNS = {${Object.entries(RETURNS).map(([task, value]) => `${JSON.stringify(task)}: lambda: ${value}`).join(', ')}}


class Adapter(Benchmark):
    ${o.declarations ?? 'name = "notes"'}

    def tasks(self):
        return [{"id": t, "instruction": t, "steps": [{"call": "add", "args": {}, "kind": "write"}]} for t in RETURNS]

    def environment(self, task):
        return {"notes": []}

    def step(self, env, step):
        env["notes"].append("x")

    def snapshot(self, env):
        return ${o.snapshot ?? 'env'}

    def grade(self, env, task, calls):
        return RETURNS[task["id"]]()`);
}

describe.skipIf(!PYTHON)(`blindspot_target.Benchmark, on an adapter author's mistakes${NO_PYTHON}`, () => {
  let py: ReturnType<typeof jsonLines> | undefined;
  afterEach(() => py?.close());
  let id = 0;
  const ask = (method: string, params: Record<string, unknown> = {}) => py!.ask({ id: ++id, method, params });
  const handshake = (adapter: string) => {
    py = jsonLines(adapter);
    return ask('handshake', { protocol: 3, client: 'test', options: {} });
  };

  it('grades True or False as the verdict, anything else as an error naming what grade() returned', async () => {
    await handshake(notes());
    const verdicts: Record<string, unknown> = {};
    for (const task of Object.keys(RETURNS)) verdicts[task] = (await ask('check', { episode: (await ask('open')).result.episode, task })).result;
    expect(verdicts).toEqual({
      yes: { verdict: 'pass', detail: 'passed' },
      no: { verdict: 'fail', detail: 'no note' },
      none: { verdict: 'error', detail: 'grade() returned None for task none; expected True or False, or (verdict, detail)' },
      one: { verdict: 'error', detail: 'grade() returned 1 for task one; expected True or False, or (verdict, detail)' },
      word: { verdict: 'error', detail: "grade() returned 'pass' for task word; expected True or False, or (verdict, detail)" },
      short: { verdict: 'error', detail: 'grade() returned (True,) for task short; expected True or False, or (verdict, detail)' },
    });
  });

  it('refuses a snapshot that is not JSON data, naming snapshot()', async () => {
    expect((await handshake(notes({ snapshot: '{**env, "tags": {1, 2}}' }))).error).toEqual({
      code: 'internal',
      message: 'TypeError: snapshot(env) returned what is not JSON data: Object of type set is not JSON serializable',
    });
  });

  it('refuses checker files that are not there, naming checker_files and the folder they were looked for in', async () => {
    const adapter = notes({ declarations: 'checker_files = ["adapter.py", "checkers.py", "grading/rules.py"]' });
    const dir = adapter.slice(0, -'/adapter.py'.length);
    expect((await handshake(adapter)).error).toEqual({
      code: 'internal',
      message: `checker_files: no file checkers.py, grading/rules.py in ${dir} (they are named relative to the adapter's folder, or to checker_root)`,
    });
  });
});
