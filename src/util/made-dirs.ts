// Folders this command created. A command that fails (bad input found late, a
// target that does not open, a full disk) removes those it left empty, so that a
// refused command leaves no empty run folder, nor an empty reports/, behind.
import { existsSync, mkdirSync, rmdirSync, statSync } from 'node:fs';
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
  // One level at a time, not mkdirSync's recursive mode: under /proc or /sys, where
  // mkdir answers ENOENT below a folder that exists, Node 20's recursive mode spins forever.
  const missing: string[] = [];
  for (let d = abs; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d, { mode: options.mode });
      made.add(d);
    } catch (e) {
      // made meanwhile by another command (two runs sharing a reports/ folder): theirs, not ours
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw e;
    }
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
