#!/usr/bin/env node
// Compiles src/ and targets/ into dist/ (npm ci and npm pack run it as `prepare`),
// so no command transpiles TypeScript at start. dist/ mirrors the two folders:
// the compiled modules, plus every file the code reads beside itself rather than
// imports (worker entries, Python helpers, requirements) and, for targets/, the
// TypeScript sources too: a target's checkers are loaded and hashed as written.
// Type checking is `npm run check`'s job, so the compiler only emits. yargs, which
// every command loads before it parses its arguments, is bundled into one module:
// loading its 80 files was half of the start-up left after compiling.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAMP } from '../bin/dist.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const started = Date.now();

// A previous build's modules of since-deleted sources must not linger.
rmSync(dist, { recursive: true, force: true });
const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--noCheck'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

require('esbuild').buildSync({ entryPoints: [require.resolve('yargs')], bundle: true, platform: 'node', format: 'esm', outfile: join(dist, 'vendor', 'yargs.js'), logLevel: 'warning' });
const main = join(dist, 'src', 'cli', 'main.js');
const from = "from 'yargs';";
const text = readFileSync(main, 'utf8');
if (text.split(from).length !== 2) throw new Error(`build: ${main} no longer imports yargs once (${from}); update scripts/build.mjs`);
writeFileSync(main, text.replace(from, "from '../../vendor/yargs.js';"));

cpSync(join(root, 'src'), join(dist, 'src'), { recursive: true, filter: (f) => !f.endsWith('.ts') });
const noPycache = (f) => !/[\\/]__pycache__([\\/]|$)/.test(f);
cpSync(join(root, 'targets'), join(dist, 'targets'), { recursive: true, filter: noPycache });
// The Python SDK the bridges import from two folders above themselves (dist/python in a
// build), without what python/.gitignore keeps out of git: npm never packs a .gitignore.
cpSync(join(root, 'python'), join(dist, 'python'), { recursive: true, filter: (f) => noPycache(f) && !/[\\/](\.gitignore|build|[^\\/]*\.egg-info)$/.test(f) });
// The start of the build: a source changed after it makes dist/ stale.
writeFileSync(join(dist, STAMP), `${JSON.stringify({ started })}\n`);
console.log(`blindspot: built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
