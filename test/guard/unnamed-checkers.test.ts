// guard against a target that names no checker files (a Python adapter whose
// checker_files was left as `blindspot init` wrote it): no hash moves when the
// checker is edited, so guard scores every cell again rather than carry outcomes
// over, and a weakened checker still fails the job.
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { NO_PYTHON, PYTHON } from '../targets/sdk/python.ts';

const tmp = useTmp();

/** A one-task notes benchmark whose checker counts the notes while the file `strict` sits beside it. */
function adapter(dir: string): string {
  const file = join(dir, 'adapter.py');
  writeFileSync(file, `import sys
from pathlib import Path
sys.path.insert(0, ${JSON.stringify(resolve('python'))})
from blindspot_target import Benchmark

STRICT = Path(__file__).with_name("strict")


class Adapter(Benchmark):
    name = "notes"

    def tasks(self):
        return [{"id": "notes/0", "instruction": "add a note hello", "steps": [{"call": "add", "args": {"text": "hello"}, "kind": "write", "alternatives": {"text": ["bye"]}}]}]

    def environment(self, task):
        return {"notes": []}

    def step(self, env, step):
        env["notes"].append({"text": step["args"]["text"]})

    def snapshot(self, env):
        return env

    def grade(self, env, task, calls):
        texts = [n["text"] for n in env["notes"]]
        return texts == ["hello"] if STRICT.exists() else "hello" in texts


Adapter().serve()
`);
  writeFileSync(join(dir, 'strict'), '');
  return file;
}

describe.skipIf(!PYTHON)(`blindspot guard, on a target that names no checker files${NO_PYTHON}`, () => {
  it('scores every cell again, says why, and fails on the weakened checker', async () => {
    const dir = tmp();
    const file = adapter(dir);
    const frozen = await runCli(['freeze', '--target', 'protocol', '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--json', '--', PYTHON!, file]);
    expect(frozen.code, frozen.stderr).toBe(0);
    const baseline = join(dir, 'baseline.json');
    const taken = await runCli(['guard', '--baseline', baseline, '--increment', JSON.parse(frozen.stdout).dir, '--update-baseline', '--workers', '0', '--no-progress']);
    expect(taken.code, taken.stderr).toBe(0);

    rmSync(join(dir, 'strict'));
    const r = await runCli(['guard', '--baseline', baseline, '--workers', '0', '--no-progress']);
    expect(r.stderr).toContain('target notes names no checker files, so guard cannot tell whether a checker changed: every cell is scored again');
    expect(r.stdout).toContain('Re-scored 5 cell(s); carried 0 outcome(s) over');
    expect(r.stdout).toMatch(/^REGRESSION +lost rejection: notes\/0 extra fault:extra:notes\/0#0: rejected -> false-accept/m);
    expect(r.code).toBe(1);
  }, 60_000);
});
