// guard after the benchmark's tasks moved (a task added, a reference edited, as
// happens in a benchmark's repository): the frozen constructions no longer mean
// what they meant, and the refusal says how to retake the baseline.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.ts';
import { unnamedCheckerAdapter } from '../fixtures/sdk/adapters.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { NO_PYTHON, PYTHON } from '../targets/sdk/python.ts';

const tmp = useTmp();

describe.skipIf(!PYTHON)(`blindspot guard, after the tasks moved${NO_PYTHON}`, () => {
  it('refuses (exit 2) naming the commands that retake the baseline', async () => {
    const dir = tmp();
    const file = unnamedCheckerAdapter(dir);
    const frozen = await runCli(['freeze', '--target', 'protocol', '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--json', '--', PYTHON!, file]);
    expect(frozen.code, frozen.stderr).toBe(0);
    const { dir: incrementDir } = JSON.parse(frozen.stdout) as { dir: string };
    const baseline = join(dir, 'baseline.json');
    expect((await runCli(['guard', '--baseline', baseline, '--increment', incrementDir, '--update-baseline', '--workers', '0', '--no-progress'])).code).toBe(0);

    writeFileSync(file, readFileSync(file, 'utf8').replace('add a note hello', 'add the note hello'));
    const r = await runCli(['guard', '--baseline', baseline, '--workers', '0', '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `target notes corpus (tasks or references) changed since increment ${basename(incrementDir)} was frozen; freeze a new increment (blindspot freeze) and take a new baseline on it (blindspot guard --baseline ${baseline} --increment <its folder> --update-baseline)`,
    );
  }, 60_000);
});
