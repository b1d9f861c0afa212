// AgentDojo (PyPI `agentdojo`), audited through its Python bridge: the user tasks
// of the workspace, slack, banking and travel suites, their ground truth as the
// reference and their own utility() as the checker. Options: suite=<name>[,<name>].
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckerFile, CheckerLocation, TargetFactory } from '../../src/contract/target.ts';
import { pythonBridge } from '../python-bridge.ts';
import { INSTALL_ROOT } from '../../src/util/install.ts';
import { sha256 } from '../../src/util/hash.ts';

export const REPO_ROOT = INSTALL_ROOT;
export const SETUP = 'bash scripts/setup-python.sh';

const served = pythonBridge({
  name: 'agentdojo',
  description: 'AgentDojo user tasks (workspace, slack, banking, travel) via a Python bridge; --suite banking picks one suite',
  root: REPO_ROOT,
  bridge: fileURLToPath(new URL('bridge.py', import.meta.url)),
  // its historical path; every other Python target has .venv-<name>
  venv: '.venv',
  pythonEnv: 'BLINDSPOT_PYTHON',
  setup: SETUP,
});

/** The venv's interpreter; BLINDSPOT_PYTHON points elsewhere (a venv of one's own). */
export const python = served.python;
export const bridgeCommand = served.command;

/** The site-packages of the interpreter the bridge runs (BLINDSPOT_PYTHON or the venv), where the audited agentdojo sources are. */
function sitePackages(): string | undefined {
  const lib = join(dirname(dirname(python())), 'lib');
  if (!existsSync(lib)) return undefined;
  const py = readdirSync(lib).find((d) => /^python3\.\d+$/.test(d));
  return py && join(lib, py, 'site-packages');
}

const versionOf = (path: string) => (/default_suites\/v([\d_]+)\//.exec(path)?.[1] ?? '0').split('_').map(Number);
const newerFirst = (a: CheckerFile, b: CheckerFile) => {
  const [x, y] = [versionOf(a.path), versionOf(b.path)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
  return 0;
};

/**
 * `suite/user_task_N` is class UserTaskN of the suite's user_tasks.py; a later
 * benchmark version redefines a task in its own folder, so the newest frozen file
 * that defines the class is the one the audited benchmark version runs. The line
 * is its utility(), the checker; paths are given as in AgentDojo's repository
 * (src/agentdojo/...). Only a file that still hashes as frozen is read.
 */
function locateChecker(task: string, _generator: string, files: CheckerFile[]): CheckerLocation | undefined {
  const m = /^(\w+)\/user_task_(\d+)$/.exec(task);
  const root = sitePackages();
  if (!m || !root) return undefined;
  const candidates = files.filter((f) => f.path.endsWith(`/${m[1]}/user_tasks.py`)).sort(newerFirst);
  for (const f of candidates) {
    const file = join(root, f.path);
    if (!existsSync(file)) continue;
    const text = readFileSync(file);
    if (sha256(text) !== f.sha256) continue;
    const lines = text.toString('utf8').split('\n');
    const cls = lines.findIndex((l) => new RegExp(`^class UserTask${m[2]}\\b`).test(l));
    if (cls < 0) continue;
    const utility = lines.findIndex((l, i) => i > cls && /^\s+def utility\(/.test(l));
    const next = lines.findIndex((l, i) => i > cls && /^class /.test(l));
    const line = utility > 0 && (next < 0 || utility < next) ? utility : cls;
    return { uri: `src/${f.path}`, line: line + 1 };
  }
  return undefined;
}

// Loaded only by `blindspot repair`, which is the one command that patches AgentDojo's files.
const pythonRepair = async () => (await import('./repair.ts')).profile;

export const agentdojo: TargetFactory = { ...served.factory, locateChecker, pythonRepair };
