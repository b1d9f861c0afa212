// BFCL multi-turn (PyPI `bfcl-eval`), audited through its Python bridge: the
// entries of the base, miss_param, miss_func and long_context categories, their
// ground truth as the reference (one step per call, each in its turn) and the
// package's own multi_turn_checker as the checker. Options: suite=<category>[,...]|all.
import { fileURLToPath } from 'node:url';
import { pythonBridge } from '../python-bridge.ts';
import { INSTALL_ROOT } from '../../src/util/install.ts';
import type { TargetFactory } from '../../src/contract/target.ts';

export const REPO_ROOT = INSTALL_ROOT;
export const SETUP = 'bash scripts/setup-python.sh bfcl';

const served = pythonBridge({
  name: 'bfcl',
  description: 'BFCL multi-turn entries (base, miss_param, miss_func, long_context) via a Python bridge; default base, --suite all for every category',
  root: REPO_ROOT,
  bridge: fileURLToPath(new URL('bridge.py', import.meta.url)),
  venv: '.venv-bfcl',
  pythonEnv: 'BLINDSPOT_BFCL_PYTHON',
  setup: SETUP,
});

export const python = served.python;
export const bridgeCommand = served.command;
export const bfcl: TargetFactory = { ...served.factory, pythonRepair: async () => (await import('./repair.ts')).profile };
