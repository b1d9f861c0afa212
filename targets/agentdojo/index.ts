// AgentDojo (PyPI `agentdojo`), audited through its Python bridge: the user tasks
// of the workspace, slack, banking and travel suites, their ground truth as the
// reference and their own utility() as the checker. Options: suite=<name>[,<name>].
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenOptions, TargetFactory } from '../../src/target/types.ts';
import { InputError } from '../../src/util/errors.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const REPO_ROOT = resolve(HERE, '..', '..');
export const BRIDGE = join(HERE, 'bridge.py');
export const SETUP = 'bash scripts/setup-python.sh';

/** The venv's interpreter; BLINDSPOT_PYTHON points elsewhere (a venv of one's own). */
export function python(): string {
  return process.env.BLINDSPOT_PYTHON ?? join(REPO_ROOT, '.venv', 'bin', 'python');
}

export function bridgeCommand(): string[] {
  const py = python();
  if (!existsSync(py)) {
    throw new InputError(`agentdojo: no Python environment at ${py}; create it with \`${SETUP}\` (from ${REPO_ROOT}), then retry`);
  }
  return [py, BRIDGE];
}

export const agentdojo: TargetFactory = {
  name: 'agentdojo',
  description: 'AgentDojo user tasks (workspace, slack, banking, travel) via a Python bridge; --suite banking picks one suite',
  command: bridgeCommand,
  async open(options) {
    const { openProtocolTarget } = await import('../../src/target/protocol/target.ts');
    return openProtocolTarget(bridgeCommand(), options, { label: 'agentdojo', cwd: REPO_ROOT });
  },
};
