// Where the pinned miniwob package keeps its task HTML. The HTML is never copied
// into the repository: it is read from the target's venv (.venv-miniwob, built by
// scripts/setup-python.sh from requirements.txt), or from MINIWOB_HTML.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../src/util/errors.ts';
import { INSTALL_ROOT } from '../../src/util/install.ts';

export const HTML_ENV = 'MINIWOB_HTML';
const HERE = fileURLToPath(new URL('.', import.meta.url));
export const VENV = join(INSTALL_ROOT, '.venv-miniwob');
export const SETUP = 'bash scripts/setup-python.sh miniwob';

/** The version pinned in requirements.txt, which the evidence records. */
export function pinnedVersion(): string {
  const req = readFileSync(join(HERE, 'requirements.txt'), 'utf8');
  const m = /^miniwob==(\S+)$/m.exec(req);
  if (!m) throw new Error('targets/miniwob/requirements.txt pins no miniwob version');
  return m[1];
}

function sitePackages(): string | undefined {
  const lib = join(VENV, 'lib');
  if (!existsSync(lib)) return undefined;
  const py = readdirSync(lib).find((d) => d.startsWith('python'));
  return py ? join(lib, py, 'site-packages') : undefined;
}

export interface MiniwobPackage {
  /** the folder holding core/, common/ and miniwob/ */
  html: string;
  /** the package's version, from its dist-info */
  version: string;
  /** the harness source files whose success rules the checkers follow, when installed */
  harnessFiles: { harness: string; path: string }[];
}

export function locatePackage(): MiniwobPackage {
  const site = sitePackages();
  const html = process.env[HTML_ENV] ?? (site && join(site, 'miniwob', 'html'));
  if (!html || !existsSync(join(html, 'core', 'core.js'))) {
    const where = process.env[HTML_ENV] ? `${HTML_ENV}=${process.env[HTML_ENV]}` : `${VENV}`;
    throw new InputError(`miniwob: no MiniWoB++ task HTML found (looked in ${where}); run \`${SETUP}\` first, or point ${HTML_ENV} at the miniwob package's html folder`);
  }
  const dist = site && readdirSync(site).find((d) => /^miniwob-.*\.dist-info$/.test(d));
  const version = dist ? dist.replace(/^miniwob-/, '').replace(/\.dist-info$/, '') : pinnedVersion();
  const harnessFiles = [
    { harness: 'miniwob-gym', path: site && join(site, 'miniwob', 'reward.py') },
    { harness: 'miniwob-gym', path: site && join(site, 'miniwob', 'selenium_instance.py') },
    { harness: 'browsergym', path: site && join(site, 'browsergym', 'miniwob', 'base.py') },
  ].filter((f): f is { harness: string; path: string } => !!f.path && existsSync(f.path));
  return { html, version, harnessFiles };
}
