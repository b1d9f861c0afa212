// guard against a target that names no checker files (a Python adapter whose
// checker_files was left as `blindspot init` wrote it): no hash moves when the
// checker is edited, so guard scores every cell again rather than carry outcomes
// over, and a weakened checker still fails the job.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.ts';
import { unnamedCheckerAdapter } from '../fixtures/sdk/adapters.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { NO_PYTHON, PYTHON } from '../targets/sdk/python.ts';

const tmp = useTmp();

describe.skipIf(!PYTHON)(`blindspot guard, on a target that names no checker files${NO_PYTHON}`, () => {
  it('scores every cell again, says why, and fails on the weakened checker', async () => {
    const dir = tmp();
    const file = unnamedCheckerAdapter(dir);
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
