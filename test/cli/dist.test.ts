import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { distProblem, rebuildReason, STAMP } from '../../bin/dist.mjs';
import { describeCheckerFiles } from '../../src/target/checker-files.ts';
import { BIN } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

/** Every file under a folder, by its path from the repository, with / separators. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative('.', join(e.parentPath, e.name)).split('\\').join('/'));

/** A package folder laid out as a checkout (with sources) or an install (dist/ only). */
function packageAt(root: string, o: { sources: boolean; builtAt?: number }) {
  if (o.sources) {
    mkdirSync(join(root, 'src', 'cli'), { recursive: true });
    mkdirSync(join(root, 'targets'), { recursive: true });
    writeFileSync(join(root, 'src', 'cli', 'main.ts'), '');
  }
  if (o.builtAt !== undefined) {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', STAMP), JSON.stringify({ started: o.builtAt }));
  }
  return root;
}

describe('which program the bin runs', () => {
  it('runs dist/ when it was built after every source, and the sources when it is missing or older', () => {
    const now = Date.now();
    const past = new Date(now - 60_000);
    const root = packageAt(tmp(), { sources: true });
    utimesSync(join(root, 'src', 'cli', 'main.ts'), past, past);
    expect(distProblem(root)).toBe('dist/ is not built');
    packageAt(root, { sources: false, builtAt: now });
    expect(distProblem(root)).toBeUndefined();
    // an edit after the build, however deep, makes dist/ stale
    writeFileSync(join(root, 'src', 'cli', 'main.ts'), 'export {};');
    utimesSync(join(root, 'src', 'cli', 'main.ts'), new Date(now + 1000), new Date(now + 1000));
    expect(distProblem(root)).toBe('dist/ is older than the sources');
  });

  it('does not count a folder Python adds beside a source it ran as an edit', () => {
    const now = Date.now();
    const root = packageAt(tmp(), { sources: true, builtAt: now });
    const past = new Date(now - 60_000);
    utimesSync(join(root, 'src', 'cli', 'main.ts'), past, past);
    mkdirSync(join(root, 'targets', '__pycache__'));
    writeFileSync(join(root, 'targets', '__pycache__', 'bridge.cpython-312.pyc'), '');
    expect(distProblem(root)).toBeUndefined();
  });

  it('counts an edit of the Python SDK or of the lock file, whose copy and bundles dist/ holds, but not what pip builds beside the SDK', () => {
    const now = Date.now();
    const past = new Date(now - 60_000);
    const later = new Date(now + 1000);
    const root = packageAt(tmp(), { sources: true, builtAt: now });
    utimesSync(join(root, 'src', 'cli', 'main.ts'), past, past);
    mkdirSync(join(root, 'python', 'blindspot_target.egg-info'), { recursive: true });
    writeFileSync(join(root, 'python', 'blindspot_target.egg-info', 'PKG-INFO'), '');
    utimesSync(join(root, 'python', 'blindspot_target.egg-info', 'PKG-INFO'), later, later);
    writeFileSync(join(root, 'python', 'sdk.py'), '');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    for (const f of ['python/sdk.py', 'package-lock.json']) utimesSync(join(root, f), past, past);
    expect(distProblem(root)).toBeUndefined();
    for (const f of ['python/sdk.py', 'package-lock.json']) {
      utimesSync(join(root, f), later, later);
      expect(distProblem(root), f).toBe('dist/ is older than the sources');
      utimesSync(join(root, f), past, past);
    }
  });

  // prepare (npm ci, npm pack, and npx linking this checkout into its cache) builds only when this says so
  it('rebuilds a current dist/ only after an edit of the build script or its config', () => {
    const now = Date.now();
    const past = new Date(now - 60_000);
    const later = new Date(now + 1000);
    const root = packageAt(tmp(), { sources: true });
    utimesSync(join(root, 'src', 'cli', 'main.ts'), past, past);
    expect(rebuildReason(root)).toBe('dist/ is not built');
    packageAt(root, { sources: false, builtAt: now });
    const inputs = ['scripts/build.mjs', 'scripts/cached-script.mjs', 'tsconfig.json', 'tsconfig.build.json'];
    mkdirSync(join(root, 'scripts'));
    for (const f of inputs) {
      writeFileSync(join(root, f), '');
      utimesSync(join(root, f), past, past);
    }
    expect(rebuildReason(root)).toBeUndefined();
    for (const f of inputs) {
      utimesSync(join(root, f), later, later);
      expect(rebuildReason(root), f).toBe(`${f} changed since dist/ was built`);
      utimesSync(join(root, f), past, past);
    }
    utimesSync(join(root, 'src', 'cli', 'main.ts'), later, later);
    expect(rebuildReason(root)).toBe('dist/ is older than the sources');
  });

  it('trusts an installed package\'s dist/, which ships without sources', () => {
    expect(distProblem(packageAt(tmp(), { sources: false, builtAt: 0 }))).toBeUndefined();
    expect(distProblem(tmp())).toBe('dist/ is missing');
  });
});

// npm ci builds dist/ (prepare); a checkout that has not, or whose sources changed
// since, runs the sources, and this test has nothing to prove there.
const problem = distProblem();
describe.skipIf(problem !== undefined)(`the built bin${problem ? ` (skipped: ${problem}; run npm run build)` : ''}`, () => {
  it('runs --help from dist/ without loading TypeScript or tsx', async () => {
    const loads = join(tmp(), 'loads.txt');
    writeFileSync(loads, '');
    const env = { ...process.env, RECORD_LOADS: loads, BLINDSPOT_SOURCES: '' };
    const r = await execa('node', ['--import', './test/fixtures/record-loads.mjs', BIN, '--help'], { reject: false, env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('blindspot audit');
    const loaded = readFileSync(loads, 'utf8').split('\n').filter(Boolean);
    expect(loaded.some((u) => u.endsWith('/dist/bundle/cli.js'))).toBe(true);
    expect(loaded.filter((u) => u.endsWith('.ts') || u.includes('/node_modules/tsx/'))).toEqual([]);
  });

  // yargs is bundled into dist/vendor/: its texts and messages must stay yargs' own
  it.each([[['audit', '--help']], [['audit', '--no-such-flag']], [['no-such-command']]])('%j prints what the sources print', async (args) => {
    const run = (sources: string) => execa('node', [BIN, ...args], { reject: false, env: { ...process.env, BLINDSPOT_SOURCES: sources } });
    const [built, sources] = await Promise.all([run(''), run('1')]);
    expect({ code: built.exitCode, stdout: built.stdout, stderr: built.stderr }).toEqual({ code: sources.exitCode, stdout: sources.stdout, stderr: sources.stderr });
  });

  it('audits from dist/, its scorer threads loading the TypeScript checkers as written', async () => {
    const root = tmp();
    const out = join(root, 'run');
    const dirs = ['--out', out, '--mutants', join(root, 'm'), '--censuses', join(root, 'c')];
    const r = await execa('node', [BIN, 'audit', '--target', 'apps', '--arms', 'floor', '--workers', '2', ...dirs], { reject: false, env: { ...process.env, BLINDSPOT_SOURCES: '' } });
    expect(r.exitCode, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.run.status).toBe('complete');
    // a checker that failed to load would grade its control as an error
    expect(report.controls).toMatchObject({ total: 48, pass: 48, unscored: [] });
    // the checkers audited are the sources, by the same paths and hashes
    expect(report.evidence.checkerHash).toBe(describeCheckerFiles('targets/apps/checkers').checkerHash);
  });

  // yargs and zod run from code caches the build made with this Node (scripts/cached-script.mjs);
  // a cache V8 cannot use (another Node, a damaged file) is compiled past, never trusted
  it('says where a TypeScript checker copy does not compile, on one line, not as a require() cycle', async () => {
    // outside a "type": "module" package, Node's loader fails such a file as "Cannot require() ES Module ... in a cycle"
    const file = join(tmp(), 'broken.ts');
    writeFileSync(file, 'export default function check() {}\nexport const = ;\n');
    const install = pathToFileURL(resolve('dist/src/util/install.js')).href;
    const r = await execa('node', ['--input-type=module', '-e', `import { importChecker } from ${JSON.stringify(install)}; await importChecker(${JSON.stringify(file)}).catch((e) => console.log(e.message));`]);
    expect(r.stdout).toBe(`Transform failed with 1 error: ${file}:2:13: ERROR: Expected identifier but found "="`);
  });

  it('loads yargs and zod from the code caches the build made, and past a cache V8 rejects', async () => {
    const probe = async (vendor: string, env: Record<string, string> = {}) => {
      const url = (f: string) => JSON.stringify(pathToFileURL(resolve(vendor, f)).href);
      const code = [
        `const { default: yargs } = await import(${url('yargs.js')});`,
        `const { z } = await import(${url('zod.js')});`,
        `const { cacheUsed } = await import(${url('cached-script.js')});`,
        `const n = yargs(['--n', '3']).parseSync().n;`,
        `console.log(JSON.stringify({ cacheUsed, n, parsed: z.object({ a: z.string() }).safeParse({ a: 'x' }).success }));`,
      ].join('\n');
      const r = await execa('node', ['--input-type=module', '-e', code], { reject: false, env });
      expect(r.exitCode, r.stderr).toBe(0);
      return { ...JSON.parse(r.stdout), ...(r.stderr ? { stderr: r.stderr } : {}) };
    };
    expect(await probe('dist/vendor')).toEqual({ cacheUsed: { yargs: true, zod: true }, n: 3, parsed: true });
    const damaged = join(tmp(), 'vendor');
    cpSync('dist/vendor', damaged, { recursive: true });
    for (const name of ['yargs', 'zod']) writeFileSync(join(damaged, `${name}.cache`), 'not a code cache');
    expect(await probe(damaged)).toEqual({ cacheUsed: { yargs: false, zod: false }, n: 3, parsed: true });
    // writing a cache (the build's warming run) that cannot be written costs a line, never the command
    rmSync(join(damaged, 'zod.cache'));
    mkdirSync(join(damaged, 'zod.cache'));
    const written = await probe(damaged, { BLINDSPOT_WRITE_CODE_CACHE: '1' });
    expect(written.stderr).toMatch(/^blindspot: the code cache of zod was not written \(EISDIR/);
    expect(readFileSync(join(damaged, 'yargs.cache')).length).toBeGreaterThan(1000);
  });

  // zod is bundled too: the engine and its targets share that one copy; and the
  // shipped checkers load as their compiled twins, so no TypeScript loader starts
  it('audits with the bundled zod alone, and without tsx', async () => {
    const root = tmp();
    const loads = join(root, 'loads.txt');
    writeFileSync(loads, '');
    const dirs = ['--out', join(root, 'run'), '--mutants', join(root, 'm'), '--censuses', join(root, 'c')];
    const args = ['--import', './test/fixtures/record-loads.mjs', BIN, 'audit', '--target', 'apps', '--tasks', 'todo_create_todo', ...dirs];
    const r = await execa('node', args, { reject: false, env: { ...process.env, RECORD_LOADS: loads, BLINDSPOT_SOURCES: '' } });
    expect(r.exitCode, r.stderr).toBe(0);
    const loaded = readFileSync(loads, 'utf8').split('\n').filter(Boolean);
    expect(loaded.filter((u) => u.endsWith('/dist/vendor/zod.js')).length).toBeGreaterThan(0);
    expect(loaded.filter((u) => u.includes('/node_modules/zod/'))).toEqual([]);
    expect(loaded.filter((u) => u.includes('/node_modules/tsx/'))).toEqual([]);
    expect([...new Set(loaded.filter((u) => u.includes('/dist/targets/apps/checkers/')))].map((u) => u.split('/').pop())).toEqual(['todo_create_todo.js']);
  });
});

describe('npm pack', () => {
  /** The package's files as `npm pack` lists them, without building (the list, not the build, is tested). */
  async function packed(): Promise<string[]> {
    const r = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
  }

  it('ships the bin, the public contract and the built program, and none of the repository\'s tests, runs or frozen increments', async () => {
    const files = await packed();
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/blindspot.mjs', 'bin/dist.mjs', 'src/contract/index.ts', 'scripts/setup-python.sh']));
    const top = new Set(files.map((f) => f.split('/')[0]));
    for (const left of ['test', 'reports', 'mutants', 'censuses', 'bench', 'docs', 'data', '.ci']) expect(top.has(left), left).toBe(false);
    expect(files.filter((f) => f.startsWith('src/') && !f.startsWith('src/contract/'))).toEqual([]);
    // everything the build puts in dist/ (modules, worker entries, Python helpers,
    // the targets' sources and data) ships, when it is built
    if (existsSync('dist')) expect(files.filter((f) => f.startsWith('dist/')).sort()).toEqual(filesUnder('dist').sort());
  });
});
