// Folders this command created. A command that fails (bad input found late, a
// target that does not open, a full disk) removes those it left empty, so that a
// refused command leaves no empty run folder, nor an empty reports/, behind.
import { mkdirSync, rmdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const made = new Set<string>();

/** mkdir -p, remembering every folder it created; `exclusive`: the folder itself must be new (EEXIST otherwise). */
export function makeDir(dir: string, options: { mode?: number; exclusive?: boolean } = {}): void {
  const abs = resolve(dir);
  if (options.exclusive) {
    makeDir(dirname(abs));
    mkdirSync(abs, { mode: options.mode });
    made.add(abs);
    return;
  }
  const first = mkdirSync(abs, { recursive: true, mode: options.mode });
  if (first === undefined) return;
  for (let d = abs; ; d = dirname(d)) {
    made.add(d);
    if (d === first || dirname(d) === d) break;
  }
}

/** Starts a new command's record (main() does, before each command it runs). */
export function forgetMadeDirs(): void {
  made.clear();
}

/** Removes, deepest first, each folder this command created that is empty now. */
export function removeEmptyMadeDirs(): void {
  for (const d of [...made].sort((a, b) => b.length - a.length)) {
    made.delete(d);
    try {
      rmdirSync(d);
    } catch {
      // not empty (it holds what the command did write), or gone: kept as it is
    }
  }
}
