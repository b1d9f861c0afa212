// A module resolve hook for `npm run bench`: the engine and the targets the
// benches import as TypeScript sources resolve to their compiled twins in dist/,
// so what is timed is what a user runs (scorer threads start from the bundle, as
// the CLI's do, and not through tsx). A source without a twin stays the source.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url).href;
const BUILT = ['src/', 'targets/'];

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const rel = resolved.url.startsWith(ROOT) ? resolved.url.slice(ROOT.length) : undefined;
  if (!rel || !rel.endsWith('.ts') || !BUILT.some((d) => rel.startsWith(d))) return resolved;
  const twin = `${ROOT}dist/${rel.slice(0, -'.ts'.length)}.js`;
  return existsSync(fileURLToPath(twin)) ? { url: twin, format: 'module', shortCircuit: true } : resolved;
}
