// Worker threads start without the parent's loader. Run from the sources, tsx is
// registered before the TypeScript worker module (and the target's TypeScript
// checkers) load; compiled into dist/, the worker is JavaScript (bundled with the
// CLI's chunks where the build made them), and registers tsx itself only when a
// TypeScript checker is imported (allowTypeScript).
import { existsSync } from 'node:fs';

const compiled = [new URL('../../bundle/worker.js', import.meta.url), new URL('./worker.js', import.meta.url)].find((u) => existsSync(u));
if (compiled) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./worker.ts');
}
