// The ES module face of a vendored package bundled as CommonJS (scripts/build.mjs)
// runs the bundle through V8's code cache, so that a command does not compile it
// again at every start. Node 20 keeps no compile cache for ES modules (it came with
// module.enableCompileCache in 22), and compiling yargs was about 14 ms of every
// command's start, zod about 7 ms of every engine command's and scorer thread's.
// A cache made by another Node or under other V8 flags is rejected by V8, and the
// bundle is compiled as if there were none: the cache only ever saves time.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** Set by the build for the command it runs to warm the bundles: their caches are written when it exits. */
const WRITE = process.env.BLINDSPOT_WRITE_CODE_CACHE === '1';

/** Per bundle run here, whether V8 took its cache (the tests read it). */
export const cacheUsed = {};

/** The exports of `<name>.cjs` beside this file. */
export function runCached(name) {
  const file = fileURLToPath(new URL(`./${name}.cjs`, import.meta.url));
  const cacheFile = fileURLToPath(new URL(`./${name}.cache`, import.meta.url));
  const cachedData = !WRITE && existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  // the bundle's import.meta.url (build.mjs defines it as __metaUrl) is its own file's
  const wrapped = `(function (exports, require, module, __filename, __dirname, __metaUrl) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  cacheUsed[name] = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), pathToFileURL(file).href);
  // written at exit, so that the cache holds the functions the command compiled as it ran
  if (WRITE) {
    process.once('exit', () => {
      try {
        writeFileSync(cacheFile, script.createCachedData());
      } catch (e) {
        // an exit listener that throws would end the command with another code: the cache is only ever an optimisation
        process.stderr.write(`blindspot: the code cache of ${name} was not written (${e.message})\n`);
      }
    });
  }
  return module.exports;
}
