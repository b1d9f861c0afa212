#!/usr/bin/env node
// Compiles src/ and targets/ into dist/ (npm ci and npm pack run it as `prepare`),
// so no command transpiles TypeScript at start. dist/ mirrors the two folders:
// the compiled modules, plus every file the code reads beside itself rather than
// imports (worker entries, Python helpers, requirements) and, for targets/, the
// TypeScript sources too: a target's checkers are hashed as written (and imported
// as the compiled twins beside them, src/util/install.ts importableFile).
// Type checking is `npm run check`'s job, so the compiler only emits. yargs, which
// every command loads before it parses its arguments, and zod, which the engine and
// every scorer thread load, are each bundled into one module: loading their 80 and
// 130 files took longer than the rest of the program's modules together. The CLI and
// the apps target then run from dist/bundle/, a few chunks bundled from the compiled
// modules (see below).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rebuildReason, STAMP } from '../bin/dist.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const started = Date.now();

// npm runs prepare again where `npx blindspot` in a checkout links the checkout into
// npx's own cache: a build there would silently redo the one npm ci has just made.
// So prepare builds only a dist/ that is missing or stale; `npm run build` always builds.
if (process.argv.includes('--if-stale')) {
  const why = rebuildReason(root);
  if (why === undefined) {
    console.log('blindspot: dist/ is current, not rebuilt (npm run build rebuilds it)');
    process.exit(0);
  }
  console.log(`blindspot: building dist/ (${why})`);
}

// A previous build's modules of since-deleted sources must not linger.
rmSync(dist, { recursive: true, force: true });
const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--noCheck'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

// Every compiled module imports the one bundle of a vendored package, so that the
// engine and its targets share one instance of it (zod keeps global configuration).
// execa is vendored for the same reason as yargs: its ~140 files (with its
// dependencies) were most of the modules a protocol or bridge command loaded.
const VENDORED = ['yargs', 'zod', 'execa'];
const compiledModules = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
const modules = [...compiledModules(join(dist, 'src')), ...compiledModules(join(dist, 'targets'))];
// yargs' help layout (cliui, wrap-ansi) measures every word with string-width 7,
// which segments graphemes even for plain ASCII: most of the time `--help` spent
// rendering. string-width 8 (yargs' own) returns the length of printable ASCII
// first; the older copies get the same fast path in front, and the rest as is.
const asciiWidth = {
  name: 'ascii-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'ascii-width') return undefined;
      const real = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'ascii-width' });
      return { path: real.path, namespace: 'ascii-width' };
    });
    build.onLoad({ filter: /.*/, namespace: 'ascii-width' }, (args) => ({
      contents: `import width from ${JSON.stringify(args.path)};\nexport default (s, o) => (typeof s === 'string' && /^[\\u0020-\\u007E]*$/.test(s) ? s.length : width(s, o));\n`,
      resolveDir: dirname(args.path),
    }));
  },
};
const PLUGINS = { yargs: [asciiWidth], zod: [], execa: [] };
// execa's dependency cross-spawn is CommonJS and requires node's built-ins, which an
// ESM bundle can only do through a require of its own.
const BANNERS = { execa: "import { createRequire as __vendorRequire } from 'node:module'; const require = __vendorRequire(import.meta.url);" };

// All of zod is 760 KB, half of it the translations of its messages (blindspot's are
// zod's English), and every command, protocol server and scorer thread parsed it.
// The bundle's `z` holds only the members the compiled modules use, so the rest is
// left out; a module that uses `z` other than as `z.member` stops the build, since
// what it reaches could not be listed.
function zodEntry() {
  const ts = require('typescript');
  const used = new Set();
  for (const file of modules) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes("'zod'")) continue;
    const visit = (node) => {
      if (ts.isIdentifier(node) && node.text === 'z') {
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === node) used.add(parent.name.text);
        else if (!ts.isImportSpecifier(parent) && !(ts.isBindingElement(parent) && parent.name === node)) {
          throw new Error(`build: ${relative(root, file)} uses zod's z other than as z.member; update scripts/build.mjs`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  const members = [...used].sort();
  return [
    `import { ${members.map((m, i) => `${m} as m${i}`).join(', ')} } from 'zod';`,
    `export const z = Object.freeze({ ${members.map((m, i) => `${m}: m${i}`).join(', ')} });`,
  ].join('\n');
}

// yargs and zod run as CommonJS through V8's code cache (scripts/cached-script.mjs),
// each behind an ES module face that exports what the compiled modules import.
const CACHED = { yargs: 'export default m.default;', zod: 'export const { z } = m;' };
cpSync(join(root, 'scripts', 'cached-script.mjs'), join(dist, 'vendor', 'cached-script.js'));

for (const name of VENDORED) {
  const bundle = join(dist, 'vendor', `${name}.js`);
  const entry = name === 'zod' ? { stdin: { contents: zodEntry(), resolveDir: root, sourcefile: 'zod-members.js' } } : { entryPoints: [fileURLToPath(import.meta.resolve(name))] };
  const options = { ...entry, bundle: true, platform: 'node', logLevel: 'warning', plugins: PLUGINS[name], ...(BANNERS[name] ? { banner: { js: BANNERS[name] } } : {}) };
  if (CACHED[name]) {
    await require('esbuild').build({ ...options, format: 'cjs', outfile: join(dist, 'vendor', `${name}.cjs`), define: { 'import.meta.url': '__metaUrl' } });
    writeFileSync(bundle, `import { runCached } from './cached-script.js';\nconst m = runCached('${name}');\n${CACHED[name]}\n`);
  } else await require('esbuild').build({ ...options, format: 'esm', outfile: bundle });
  const at = (file) => relative(dirname(file), bundle).split(sep).join('/');
  // static imports and dynamic ones (a schema built only where a command reads a file)
  const forms = [(m) => `from '${m}';`, (m) => `import('${m}')`];
  let importers = 0;
  for (const file of modules) {
    const text = readFileSync(file, 'utf8');
    const rewritten = forms.reduce((t, form) => t.replaceAll(form(name), form(at(file))), text);
    if (rewritten === text) continue;
    importers++;
    writeFileSync(file, rewritten);
  }
  if (!importers) throw new Error(`build: no compiled module imports ${name} as ${forms.map((f) => f(name)).join(' or ')}; update scripts/build.mjs`);
}

// The CLI and the apps target (the bench's protocol server imports it) each load as
// a few chunks rather than their ~170 compiled modules: resolving and reading the
// modules one by one was most of a command's start-up. The compiled modules stay
// where they are, for what is loaded by path at run time (worker threads, targets
// registered again by their list's URL, checkers), so each module's import.meta.url
// is rewritten to the module's own file: what it reads or starts beside itself is
// found there. The vendored bundles stay outside, one instance per thread as before.
// Names are not kept (esbuild's keepNames wraps every closure a hot loop creates in a
// call that defines its name: a tenth of the apps target's own time); the error
// classes whose names are output set them themselves.
const BUNDLE = join(dist, 'bundle');
const TARGET_LIST = join(dist, 'targets', 'index.js');
const ownUrl = {
  name: 'own-url',
  setup(build) {
    build.onResolve({ filter: new RegExp(`[\\\\/]vendor[\\\\/](${VENDORED.join('|')})\\.js$`) }, (args) => ({
      path: relative(BUNDLE, join(args.resolveDir, args.path)).split(sep).join('/'),
      external: true,
    }));
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist + sep)) return undefined;
      // The built-in targets' list is the one module whose URL travels: a scorer registers
      // the list again from it, and by the bundle's entry it loads the bundle's chunks.
      const own = JSON.stringify(args.path === TARGET_LIST ? './targets.js' : relative(BUNDLE, args.path).split(sep).join('/'));
      return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL(${own}, import.meta.url).href`), loader: 'js' };
    });
  },
};
await require('esbuild').build({
  // A scorer (worker thread or child process) starts from the bundle too: loading the
  // compiled modules one by one was most of its 0.2 s boot, which decides whether a
  // second scorer pays off on a short increment.
  entryPoints: {
    cli: join(dist, 'src', 'cli', 'main.js'),
    'apps-target': join(dist, 'targets', 'apps', 'target.js'),
    worker: join(dist, 'src', 'run', 'worker.js'),
    targets: TARGET_LIST,
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  outdir: BUNDLE,
  logLevel: 'warning',
  plugins: [ownUrl],
});

cpSync(join(root, 'src'), join(dist, 'src'), { recursive: true, filter: (f) => !f.endsWith('.ts') });
const noPycache = (f) => !/[\\/]__pycache__([\\/]|$)/.test(f);
cpSync(join(root, 'targets'), join(dist, 'targets'), { recursive: true, filter: noPycache });
// The Python SDK the bridges import from two folders above themselves (dist/python in a
// build), without what python/.gitignore keeps out of git: npm never packs a .gitignore.
cpSync(join(root, 'python'), join(dist, 'python'), { recursive: true, filter: (f) => noPycache(f) && !/[\\/](\.gitignore|build|[^\\/]*\.egg-info)$/.test(f) });
// The code caches of the CommonJS bundles, made by this Node as a census of the apps
// target compiles them (yargs parsing its flags, zod building and checking schemas).
// Without them every command compiles the bundles as before, only slower.
const warm = join(dist, '.warm-censuses');
const warmed = spawnSync(process.execPath, ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(pathToFileURL(join(BUNDLE, 'cli.js')).href)}); process.exitCode = await main(['census', '--target', 'apps', '--censuses', ${JSON.stringify(warm)}]);`], {
  env: { ...process.env, BLINDSPOT_WRITE_CODE_CACHE: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
rmSync(warm, { recursive: true, force: true });
const uncached = Object.keys(CACHED).filter((name) => !existsSync(join(dist, 'vendor', `${name}.cache`)));
if (uncached.length) console.log(`blindspot: no code cache for ${uncached.join(', ')} (the warming census exited ${warmed.status}); commands compile them at start`);
// The start of the build: a source changed after it makes dist/ stale.
writeFileSync(join(dist, STAMP), `${JSON.stringify({ started })}\n`);
console.log(`blindspot: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
