// What the SDK's Benchmark answers for an adapter author's mistakes: each names
// the function or declaration at fault. grade() returning neither a bool nor
// (bool, detail) (a forgotten return, 1, "pass") is an error verdict naming what
// came back, never a Fail that an audit would count as the checker rejecting a
// construction; a snapshot that is not JSON data, or a checker file that is not
// there, fails the handshake naming snapshot() or checker_files. NumPy's boolean
// scalar (what np.all(...) returns) is the bool it stands for, not a mistake.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAdapter } from '../../fixtures/sdk/adapters.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { findNumpyPython, jsonLines, NO_PYTHON, PYTHON } from './python.ts';

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

/**
 * A notes benchmark, one task per entry of `returns` (what its grade() returns,
 * as Python expressions), after the Python `before`; `declarations` and
 * `snapshot` replace its own.
 */
function notes(o: { declarations?: string; snapshot?: string; returns?: Record<string, string>; before?: string; dir?: string } = {}): string {
  return writeAdapter(o.dir ?? tmp(), `${o.before ?? ''}RETURNS = {${Object.entries(o.returns ?? RETURNS).map(([task, value]) => `${JSON.stringify(task)}: lambda: ${value}`).join(', ')}}


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


/**
 * A stand-in for NumPy where none is installed: a module named numpy whose
 * boolean scalars are types of their own named as NumPy 1 (bool_) and NumPy 2
 * (bool) name theirs, and whose integer scalar is no bool either.
 */
const FAKE_NUMPY = `import builtins


class _Scalar:
    def __init__(self, value):
        self.value = value

    def __bool__(self):
        return builtins.bool(self.value)

    def __repr__(self):
        return f"np.{type(self).__name__}({self.value!r})"


class bool_(_Scalar):
    pass


class bool(_Scalar):
    pass


class int64(_Scalar):
    pass
`;

/** A notes benchmark whose grade() returns NumPy scalars; `fake` puts a module numpy on its path first. */
function numpyNotes(dir: string, fake: boolean): string {
  if (fake) {
    mkdirSync(join(dir, 'fake', 'numpy'), { recursive: true });
    writeFileSync(join(dir, 'fake', 'numpy', '__init__.py'), FAKE_NUMPY);
  }
  return notes({
    dir,
    before: `${fake ? `sys.path.insert(0, ${JSON.stringify(join(dir, 'fake'))})\n` : ''}import numpy as np\n\n`,
    // NumPy 2 names its boolean scalar bool; bool_ stays as its alias
    returns: { yes: 'np.bool_(True)', no: '(np.bool_(False), "no note")', two: 'getattr(np, "bool", np.bool_)(True)', int: 'np.int64(1)' },
  });
}

const NUMPY_PYTHON = findNumpyPython();

describe.skipIf(!PYTHON)(`blindspot_target.Benchmark, on a grade() returning NumPy's scalars${NO_PYTHON}`, () => {
  let py: ReturnType<typeof jsonLines> | undefined;
  afterEach(() => py?.close());

  const verdicts = async (adapter: string, python: string) => {
    py = jsonLines(adapter, python);
    let id = 0;
    const ask = (method: string, params: Record<string, unknown> = {}) => py!.ask({ id: ++id, method, params });
    await ask('handshake', { protocol: 3, client: 'test', options: {} });
    const out: Record<string, { verdict: string; detail: string }> = {};
    for (const task of ['yes', 'no', 'two', 'int']) out[task] = (await ask('check', { episode: (await ask('open')).result.episode, task })).result;
    return out;
  };
  const expectBooleansAsVerdicts = (out: Record<string, { verdict: string; detail: string }>) => {
    expect(out.yes).toEqual({ verdict: 'pass', detail: 'passed' });
    expect(out.no).toEqual({ verdict: 'fail', detail: 'no note' });
    expect(out.two).toEqual({ verdict: 'pass', detail: 'passed' });
    // a NumPy integer is no verdict, as 1 is not
    expect(out.int.verdict).toBe('error');
    expect(out.int.detail).toMatch(/^grade\(\) returned .*1.* for task int; expected True or False, or \(verdict, detail\)$/);
  };

  it('takes the boolean scalars of a fake module named numpy (bool_ and bool) as True and False, without NumPy installed', async () => {
    expectBooleansAsVerdicts(await verdicts(numpyNotes(tmp(), true), PYTHON!));
  });

  it.skipIf(!NUMPY_PYTHON)(`takes real NumPy's boolean scalars as True and False${NUMPY_PYTHON ? ` (NumPy from ${NUMPY_PYTHON})` : ' (skipped: no interpreter here imports numpy)'}`, async () => {
    expectBooleansAsVerdicts(await verdicts(numpyNotes(tmp(), false), NUMPY_PYTHON!));
  });
});
