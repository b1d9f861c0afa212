// Where a frozen increment's checker files live on disk. Targets record checker
// paths relative to the repository they ship in (or absolute, for copies outside
// it), so a repair or a report can find the exact source that was audited, and
// prove by hash that it is still that source. The paths are part of the checker
// hash, hence of the increment id, so they must not depend on whether blindspot
// runs from its sources or from dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckerFile, TargetInfo } from '../contract/target.ts';
import { sha256 } from '../util/hash.ts';
import { InputError } from '../util/errors.ts';
import { INSTALL_ROOT } from '../util/install.ts';
import { firstFew } from '../util/clip.ts';
import { shownPath } from '../util/shown-path.ts';

/**
 * Where paths are relative to, in order: the code's root (the checkout when run from
 * the sources, dist/ when compiled: dist/targets/ mirrors targets/, so a shipped
 * target's checkers read the same either way), then the install root (a repair's
 * copies inside the checkout's reports/).
 */
const ROOTS = [...new Set([resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), INSTALL_ROOT])];

const inside = (root: string, dir: string) => {
  const rel = relative(root, dir);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
};

/**
 * A target's checker files as describe() reports them: every .ts file of `dir`,
 * by path relative to the package (absolute for copies outside it), with
 * its sha256 and a hash over all of them. locateCheckerFile is the inverse.
 */
export function describeCheckerFiles(dir: string): Pick<TargetInfo, 'checkerFiles' | 'checkerHash'> {
  const shown = ROOTS.map((root) => inside(root, dir)).find((rel) => rel !== undefined) ?? dir;
  const checkerFiles = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()
    .map((f) => ({ path: join(shown, f).split('\\').join('/'), sha256: sha256(readFileSync(join(dir, f))) }));
  return { checkerFiles, checkerHash: sha256(checkerFiles.map((c) => `${c.path}\u0000${c.sha256}\n`).join('')) };
}

/**
 * `copies` (OpenOptions.checkerDir, from --checker-dir) for a target whose checker
 * files are the .ts files of `shipped`, refused when it holds none of them by name:
 * an empty folder, or the target's own folder given for its checkers folder, would
 * otherwise be scored, each cell a checker error (a guard full of regressions, a
 * perturbation run with every candidate rejected) instead of a one-line mistake.
 */
export function checkerCopies(copies: string, shipped: string): string {
  const names = readdirSync(shipped).filter((f) => f.endsWith('.ts')).sort();
  if (names.some((f) => existsSync(join(copies, f)))) return copies;
  const where = ROOTS.map((root) => inside(root, shipped)).find((r) => r !== undefined) ?? shipped;
  throw new InputError(`--checker-dir: ${shownPath(copies)} holds none of the target's checker files (expected copies of those in ${where}: ${firstFew(names)})`);
}

/**
 * The prefix under which `files` name the copies in the folder `copies` (the run
 * folder's path, as describeCheckerFiles wrote it, plus the copies' folder), when
 * every file is named in it that way; undefined when any is named otherwise (a
 * Python bridge's `<package>/<path>`, which says nothing of where the copies are).
 */
export function copiesPrefix(copies: string, files: CheckerFile[]): string | undefined {
  const prefixes = new Set(
    files.map((f) => {
      const inCopies = (isAbsolute(f.path) ? [f.path] : ROOTS.map((root) => resolve(root, f.path))).map((p) => inside(copies, p)).find((rel) => rel);
      const rel = inCopies?.split('\\').join('/');
      return rel && f.path.endsWith(`/${rel}`) ? f.path.slice(0, -rel.length - 1) : undefined;
    }),
  );
  const [prefix] = prefixes;
  return files.length && prefixes.size === 1 && prefix !== undefined ? prefix : undefined;
}

/** Absolute path of a recorded checker file: absolute as is, else under one of the roots, else under the cwd. */
function locateCheckerFile(path: string): string | undefined {
  if (isAbsolute(path)) return existsSync(path) ? path : undefined;
  return [...ROOTS.map((root) => resolve(root, path)), resolve(path)].find((p) => existsSync(p));
}

export interface LocatedChecker extends CheckerFile {
  /** absolute path, when the file exists */
  file?: string;
  /** the file exists and still hashes to what was frozen */
  intact: boolean;
}

export function locateCheckers(files: CheckerFile[]): LocatedChecker[] {
  return files.map((f) => {
    const file = locateCheckerFile(f.path);
    return { ...f, file, intact: file !== undefined && sha256(readFileSync(file)) === f.sha256 };
  });
}

/** The checker file of a generator, by the convention `<dir>/<generator>.<ext>`; undefined when none. */
export function checkerOfGenerator<T extends CheckerFile>(files: T[], generator: string): T | undefined {
  return files.find((f) => basename(f.path, extname(f.path)) === generator);
}

/** Source text of a checker file, or undefined when it is missing or no longer what was frozen. */
export function frozenSource(f: CheckerFile): string | undefined {
  const file = locateCheckerFile(f.path);
  if (!file) return undefined;
  const text = readFileSync(file);
  return sha256(text) === f.sha256 ? text.toString('utf8') : undefined;
}
