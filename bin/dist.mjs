// Which program the bin runs: the compiled one in dist/ when it is current, else the
// TypeScript sources through tsx, with one line saying why (a checkout where the
// build has not run, or sources edited since). A packed install ships no sources,
// so its dist/ is current by construction.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file under dist/ the build writes last, with the time it started. */
export const STAMP = 'build.json';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The folders the build copies or compiles into dist/, each without the subfolders it leaves out (as scripts/build.mjs does). */
const BUILT = { src: /^__pycache__$/, targets: /^__pycache__$/, python: /^(__pycache__|build|.*\.egg-info)$/ };

/**
 * The newest modification time of a folder's files. Folders' own times are left
 * out: Python writes __pycache__ beside a bridge it runs from the sources, which
 * would make every later command find dist/ stale.
 */
function newest(dir, unbuilt) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory() && unbuilt.test(e.name)) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p, unbuilt) : statSync(p).mtimeMs);
  }
  return t;
}

/** Why the dist/ of the package at `root` cannot be run (missing, or older than a source), or undefined when it can. */
export function distProblem(root = ROOT) {
  const stamp = join(root, 'dist', STAMP);
  if (!existsSync(join(root, 'src', 'cli', 'main.ts'))) return existsSync(stamp) ? undefined : 'dist/ is missing';
  if (!existsSync(stamp)) return 'dist/ is not built';
  const { started } = JSON.parse(readFileSync(stamp, 'utf8'));
  // dist/ holds a copy of python/ and bundles of yargs and zod: an SDK edit or a
  // changed lock file (another version of a bundled package) makes it stale too.
  const lock = join(root, 'package-lock.json');
  const folders = Object.entries(BUILT).filter(([d]) => existsSync(join(root, d)));
  const times = [...folders.map(([d, unbuilt]) => newest(join(root, d), unbuilt)), existsSync(lock) ? statSync(lock).mtimeMs : 0];
  return times.some((t) => t > started) ? 'dist/ is older than the sources' : undefined;
}

/** What the build reads besides the folders it compiles: an edit of one changes what it would write. */
const BUILD_INPUTS = ['scripts/build.mjs', 'scripts/cached-script.mjs', 'tsconfig.json', 'tsconfig.build.json'];

/**
 * Why a checkout's dist/ must be built again (distProblem's reasons, or an edit of
 * the build itself), or undefined when a build would write what is there already.
 */
export function rebuildReason(root = ROOT) {
  const problem = distProblem(root);
  if (problem !== undefined) return problem;
  const { started } = JSON.parse(readFileSync(join(root, 'dist', STAMP), 'utf8'));
  const edited = BUILD_INPUTS.find((f) => existsSync(join(root, f)) && statSync(join(root, f)).mtimeMs > started);
  return edited === undefined ? undefined : `${edited} changed since dist/ was built`;
}

/**
 * The URL of a compiled module (`bundle/cli`), or undefined when the sources must
 * run instead. BLINDSPOT_SOURCES=1 asks for the sources (the tests set it: they
 * test the code as written).
 */
export function compiled(module) {
  if (process.env.BLINDSPOT_SOURCES === '1') return undefined;
  const problem = distProblem();
  if (problem === undefined) return new URL(`../dist/${module}.js`, import.meta.url).href;
  process.stderr.write(`blindspot: ${problem} (npm run build); running the TypeScript sources\n`);
  return undefined;
}
