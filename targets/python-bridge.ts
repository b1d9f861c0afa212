// A benchmark written in Python, served by a bridge script run with the
// interpreter of the target's own venv (scripts/setup-python.sh builds it), one
// persistent process per worker. Targets differ only in these names.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TargetFactory } from '../src/contract/target.ts';
import { InputError } from '../src/util/errors.ts';

export interface PythonBridge {
  name: string;
  description: string;
  /** the repository root, where the venv lives and the bridge runs */
  root: string;
  /** the bridge script */
  bridge: string;
  /** the venv folder under root */
  venv: string;
  /** an environment variable naming another interpreter (a venv of one's own) */
  pythonEnv: string;
  /** the command that builds the venv */
  setup: string;
}

export function pythonBridge(b: PythonBridge) {
  /** The venv's interpreter, unless the environment variable names another. */
  const python = (): string => process.env[b.pythonEnv] ?? join(b.root, b.venv, 'bin', 'python');
  const command = (): string[] => {
    const py = python();
    if (!existsSync(py)) {
      throw new InputError(`${b.name}: no Python environment at ${py}; create it with \`${b.setup}\` (from ${b.root}), then retry`);
    }
    return [py, b.bridge];
  };
  const factory: TargetFactory = {
    name: b.name,
    description: b.description,
    command,
    async open(options) {
      const { openProtocolTarget } = await import('../src/target/protocol/target.ts');
      return openProtocolTarget(command(), options, { label: b.name, cwd: b.root });
    },
    async prestart() {
      (await import('../src/util/line-process.ts')).spawnLineChildAhead(command(), { cwd: b.root });
    },
  };
  return { python, command, factory };
}
