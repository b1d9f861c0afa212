// A path as a message shows it: relative to the current folder when it lies
// under it, as the user would type it; absolute when it lies elsewhere, where a
// chain of ../ is harder to read than the path itself.
import { isAbsolute, relative } from 'node:path';

export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
