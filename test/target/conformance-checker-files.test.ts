// target check on a target that names no checker files: it conforms (a checker
// need not live in a file), but the handshake notes that run and guard cannot
// tell an edited checker from the audited one.
import { describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli.ts';
import { unnamedCheckerAdapter } from '../fixtures/sdk/adapters.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { NO_PYTHON, PYTHON } from '../targets/sdk/python.ts';

const tmp = useTmp();

describe.skipIf(!PYTHON)(`target check, on a target that names no checker files${NO_PYTHON}`, () => {
  it('conforms, with a note under the handshake saying what is lost', async () => {
    const r = await runCli(['target', 'check', '--', PYTHON!, unnamedCheckerAdapter(tmp())]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const handshake = lines.findIndex((l) => l.startsWith('  ok   handshake: notes 0'));
    expect(lines[handshake + 1]).toBe(
      '         note: no checker files named: an edited checker keeps this checker hash, so guard and run cannot tell it changed (name them: checker_files in a Python adapter)',
    );
    expect(r.stdout).toContain('conforms: every check passed');
  });
});
