import { statSync, type Stats } from 'node:fs';
import type { z } from 'zod';

/**
 * Bad input from the user (a file, a flag, a manifest line). The CLI prints it as
 * one line and exits 2; anything else is a bug and keeps its stack.
 */
export class InputError extends Error {
  override name = 'InputError';
}

/**
 * A command whose scoring a signal stopped (Ctrl-C) before every cell was
 * scored, when what it prints needs every cell: one line, exit 130, as an
 * interrupted run exits, and not 2 (bad input) or 0 over half the cells.
 */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

/** A frozen artifact no longer matches what it was frozen against. */
export class ProtocolError extends InputError {
  override name = 'ProtocolError';
}

/** The message of anything thrown. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The first schema issue as `field a.b: message`, for one-line input errors; `at` is where the parsed value sits in its file. */
export function zodProblem(error: z.ZodError, at: readonly PropertyKey[] = []): string {
  const issue = error.issues[0];
  return `field ${[...at, ...issue.path].map(String).join('.') || '(root)'}: ${issue.message}`;
}

/** What a file-system error code means to a user, when it is the user's path or machine at fault, not a bug. */
const FS_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of this path is a file, not a folder',
  EISDIR: 'is a folder, not a file',
  EEXIST: 'already exists, and not as a folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'on a read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files on the machine',
  EIO: 'input/output error on the device',
};

/**
 * One line for a file-system error that names a path (a path of the wrong kind, a
 * folder that cannot be written, a full disk), or undefined for any other error.
 */
export function fsProblem(e: unknown): string | undefined {
  const err = e as NodeJS.ErrnoException;
  const problem = err?.code ? FS_PROBLEMS[err.code] : undefined;
  if (!problem || !err.path) return undefined;
  const what = err.code === 'EEXIST' && err.syscall !== 'mkdir' ? 'already exists' : problem;
  return `${err.path}: ${what} (${err.syscall ? `${err.syscall}: ` : ''}${err.code})`;
}

/** Whether a file-system error says nothing is at its path (or a part of the path is a file), rather than that something there cannot be used. */
export const isMissing = (e: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException)?.code ?? '');

/** The file-system entry at `path`, undefined when nothing is there; any other failure (permission, a symlink loop) is bad input, named after `flag`. */
export function statIfThere(path: string, flag?: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw new InputError(`${flag ? `${flag}: ` : ''}${fsProblem(e) ?? errorMessage(e)}`, { cause: e });
  }
}

/** Gives a file-system error raised through a descriptor (write, fsync: no path of its own) the path it was writing. */
export function withPath<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err?.code && !err.path) err.path = path;
    throw e;
  }
}
