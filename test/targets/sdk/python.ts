// The interpreter the SDK tests drive: python3 from PATH (the SDK needs only the
// standard library), or none, in which case the tests say so and skip.
import { execaSync } from 'execa';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { runCli } from '../../fixtures/cli.ts';

function findPython(): string | undefined {
  const r = execaSync('python3', ['-c', 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'], { reject: false });
  return r.exitCode === 0 ? 'python3' : undefined;
}

export const PYTHON = findPython();
export const NO_PYTHON = PYTHON ? '' : ' (skipped: no python3 >= 3.10 on PATH)';

/**
 * An interpreter here that imports NumPy (python3, or one of the checkout's
 * virtual environments), or none: the SDK must not need NumPy, so the tests
 * that meet its types find one where they can and fake it where they cannot.
 */
export function findNumpyPython(): string | undefined {
  const venvs = readdirSync('.').filter((f) => f.startsWith('.venv')).map((f) => `${f}/bin/python`);
  return [...(PYTHON ? [PYTHON] : []), ...venvs].find((python) => execaSync(python, ['-c', 'import numpy'], { reject: false }).exitCode === 0);
}

/** One long-lived Python process (python3, or `python`) answering one JSON line per JSON line sent. */
export function jsonLines(script: string, python = PYTHON!) {
  const child = spawn(python, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(message: unknown): Promise<any> {
      child.stdin.write(JSON.stringify(message) + '\n');
      const next = await lines.next();
      if (next.done) throw new Error(`${script} ended without answering`);
      return JSON.parse(next.value);
    },
    close: () => child.stdin.end(),
  };
}

/** `blindspot target check` on an adapter passes every check, on the tasks `checked` names. */
export async function expectConforms(adapter: string, checked: string): Promise<void> {
  const r = await runCli(['target', 'check', '--', PYTHON!, adapter]);
  expect(r.stdout).toContain(checked);
  expect(r.stdout).toContain('conforms: every check passed');
  expect(r.code).toBe(0);
}
