// A module a user hands blindspot (a target adapter, search operators) loads
// however it is written: .ts, .mts, .cts, .js or .mjs, ESM or CommonJS syntax,
// inside a "type": "module" package, a CommonJS one or none. Node decides the
// format of a .ts or .js file by the nearest package.json, and a .ts file with
// `export` outside a module package then fails with a require() cycle that says
// nothing useful; tsx's tsImport compiles such a file for what it is.
import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from './errors.ts';
import { meant, pathBeside } from './suggest.ts';
import { allowTypeScript } from './install.ts';
import { clip, oneLine } from './clip.ts';
import { jsonOrUndefined } from './json-file.ts';

/** The "type" of the package.json nearest to `dir` (Node's rule), "commonjs" without one. */
function packageType(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    let text: string;
    try {
      text = readFileSync(join(d, 'package.json'), 'utf8');
    } catch {
      if (dirname(d) === d) return 'commonjs';
      continue;
    }
    return (jsonOrUndefined(text) as { type?: string } | null | undefined)?.type ?? 'commonjs';
  }
}

/** Whether a word names a module file rather than a built-in: a path, or a name ending in a module extension. */
export const isModulePath = (name: string) => /[\\/]|\.(m?[jt]s)$/.test(name);

async function importUserModule(file: string, flag: string): Promise<Record<string, unknown>> {
  const path = resolve(file);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new InputError(`${flag}: no module at ${file}${meant(pathBeside(file, 'file'))}`);
  if (!stat.isFile()) throw new InputError(`${flag}: ${file} is a folder, not a module file`);
  const url = pathToFileURL(path).href;
  // Where Node's own format choice holds, its loader: the user's code then shares
  // blindspot's module instances (its classes, its errors).
  const native = ['.mjs', '.mts', '.cjs', '.cts'].includes(extname(path)) || packageType(dirname(path)) === 'module';
  try {
    if (native) {
      if (/\.[mc]?ts$/.test(path)) await allowTypeScript();
      return await import(url);
    }
    const { tsImport } = await import('tsx/esm/api');
    return await tsImport(url, import.meta.url);
  } catch (e) {
    throw new InputError(`${flag}: cannot load ${file}: ${clip(oneLine(String((e as Error)?.message ?? e)), 400)}`);
  }
}

/** A named export, also where CommonJS puts it (`module.exports.name` arrives as `default.name`). */
function exported(mod: Record<string, unknown>, name: string): unknown {
  if (mod[name] !== undefined) return mod[name];
  const d = mod.default as Record<string, unknown> | undefined;
  return d !== null && typeof d === 'object' ? d[name] : undefined;
}

/** What a module exports instead of a usable `name`, for the message refusing it. */
function exportNames(mod: Record<string, unknown>, name: string): string {
  const found = exported(mod, name);
  if (found !== undefined) return `its \`${name}\` is ${found === null ? 'null' : Array.isArray(found) ? `an array of ${found.length}` : `${/^[aeiou]/.test(typeof found) ? 'an' : 'a'} ${typeof found}`} that does not fit`;
  const d = mod.default;
  // a CommonJS module's exports arrive under default (and, compiled by tsx, also beside it)
  const inner = d !== null && typeof d === 'object' ? Object.keys(d) : d === undefined ? [] : ['default'];
  const names = [...new Set([...Object.keys(mod).filter((k) => k !== 'default'), ...inner])].filter((k) => k !== '__esModule');
  return names.length ? `it exports ${names.map((n) => `\`${n}\``).join(', ')}` : 'it exports nothing';
}

/**
 * The export `name` of the module a user names with `flag`, where `fits` accepts
 * it; otherwise refused with what it must be (`expected`) and what it exports, or
 * what `lacks` says the export lacks when it says something.
 */
export async function loadUserExport<T>(file: string, flag: string, name: string, fits: (value: unknown) => boolean, expected: string, lacks?: (value: unknown) => string | undefined): Promise<T> {
  const mod = await importUserModule(file, flag);
  const value = exported(mod, name);
  if (!fits(value)) throw new InputError(`${flag}: ${file} must export \`${name}\`, ${expected}; ${lacks?.(value) ?? exportNames(mod, name)}`);
  return value as T;
}
