// `audit --out <run>` again after editing a checker: the folder holds a run of
// the checkers as they were frozen, so resuming it cannot audit the edit. The
// refusal names the folder and what changed, and points to another --out, not to
// a freeze the audit would do by itself.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.ts';
import { notesAdapter } from '../fixtures/sdk/adapters.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { NO_PYTHON, PYTHON } from '../targets/sdk/python.ts';

const tmp = useTmp();

describe.skipIf(!PYTHON)(`audit --out on a finished run, after a checker was edited${NO_PYTHON}`, () => {
  it('is refused (exit 2) naming the folder, the edited file and another --out', async () => {
    const dir = tmp();
    const file = notesAdapter(dir, { declarations: 'checker_files = ["adapter.py"]' });
    const out = join(dir, 'run');
    const audit = () => runCli(['audit', '--target', 'protocol', '--out', out, '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--no-progress', '--', PYTHON!, file]);
    expect((await audit()).code).toBe(0);

    appendFileSync(file, '# the checker, edited\n');
    const again = await audit();
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      new RegExp(`--out ${out}: this run audits the checkers frozen in increment notes-[0-9a-f]{12}, and they changed since \\(\\S+/adapter\\.py \\(edited\\)\\); audit the current ones into another --out, or remove this folder`),
    );
  }, 60_000);
});
