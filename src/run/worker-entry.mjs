// Worker threads start without the parent's loader. Run from the sources, tsx is
// registered before the TypeScript worker module (and the target's TypeScript
// checkers) load; in dist/ (this file's copy is dist/src/run/), the worker is the
// bundle's JavaScript (scripts/build.mjs), and registers tsx itself only when a
// TypeScript checker is imported (allowTypeScript). scorers.ts SCORER_BUNDLED
// tells the pool which of the two a scorer starts from.
import { existsSync } from 'node:fs';

const compiled = new URL('../../bundle/worker.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./worker.ts');
}
