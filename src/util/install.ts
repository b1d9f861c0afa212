// blindspot runs either from its TypeScript sources (tests, a checkout without a
// build) or compiled into dist/ (npm ci's prepare, a packed install), which mirrors
// src/ and targets/ one folder deeper. What must not move with the code (package.json,
// the Python venvs) is found from the install root; what ships beside the code
// (workers, Python helpers, checker sources) is found beside the module using it.
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { oneLine } from './clip.ts';

/** The folder holding blindspot's package.json: the nearest one above this module. */
export const INSTALL_ROOT: string = (() => {
  for (let d = dirname(fileURLToPath(import.meta.url)); ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) throw new Error('blindspot: no package.json above its own modules');
  }
})();

// This module's own extension says which way blindspot runs: compiled modules
// cannot import a .ts file until a TypeScript loader is registered.
const COMPILED = import.meta.url.endsWith('.js');

let loader: Promise<void> | undefined;

/**
 * Makes .ts files importable, before a target's TypeScript checker or a user's
 * TypeScript module loads. The sources already run under a TypeScript loader
 * (tsx, vitest); compiled code registers tsx once, on the first such import, so
 * commands that import none never pay for it.
 */
export function allowTypeScript(): Promise<void> {
  if (!COMPILED) return Promise.resolve();
  loader ??= import('tsx/esm/api').then(({ register }) => void register());
  return loader;
}

/**
 * The file to import for a checker module. A TypeScript file that ships inside this
 * build's dist/ has the compiled twin the build emitted from exactly that source (and
 * the bin runs dist/ only while it is current), so importing the twin spares the
 * TypeScript loader, whose registration costs more CPU than an apps audit's first cell
 * may take. Any other TypeScript file (a repair's patched copy, a user's target) loads
 * as written, through tsx. The file hashed and reported stays the one given.
 */
async function importableFile(file: string): Promise<string> {
  if (!/\.[mc]?ts$/.test(file)) return file;
  const twin = file.replace(/\.([mc]?)ts$/, '.$1js');
  if (COMPILED && inDist(file) && existsSync(twin)) return twin;
  await allowTypeScript();
  return file;
}

/**
 * Imports a checker module. A .ts file outside a "type": "module" package that does
 * not compile fails under the registered TypeScript loader as Node's "require() of ES
 * Module in a cycle", which names neither the line nor the error; compiled once more
 * by tsImport, the same file fails with its own error, on one line.
 */
export async function importChecker(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(await importableFile(file)).href;
  try {
    return await import(url).catch(async (e: unknown) => {
      if ((e as { code?: unknown }).code !== 'ERR_REQUIRE_CYCLE_MODULE') throw e;
      const { tsImport } = await import('tsx/esm/api');
      return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
    });
  } catch (e) {
    // a verdict's detail shows one line
    if (e instanceof Error) e.message = oneLine(e.message);
    throw e;
  }
}

const inDist = (file: string) => file.startsWith(join(INSTALL_ROOT, 'dist') + sep);

/** A module the build emitted beside a shipped TypeScript source: not a source of its own (a repair copies the sources only). */
export const isCompiledTwin = (file: string): boolean => inDist(file) && /\.[mc]?js$/.test(file) && existsSync(file.replace(/\.([mc]?)js$/, '.$1ts'));
