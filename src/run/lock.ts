// One writer per run folder. CI systems retry and parallelise: two processes
// scoring into one folder would score every cell twice and interleave their
// ledgers. The lock is a file created exclusively (O_EXCL) naming its holder; a
// lock whose holder process is gone (same host, pid not alive) is stale and taken
// over, under a short second lock so that two processes cannot both take it.
import { closeSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../util/errors.ts';
import { makeDir } from '../util/made-dirs.ts';
import { atomicLeftoverPid } from '../util/atomic.ts';
import { jsonOrUndefined } from '../util/json-file.ts';

export const LOCK_FILE = 'writer.lock';

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
  /** processIdentity of the holder, where /proc tells it */
  identity?: string;
}

/** Locks this process holds, by folder, with a count: a command that runs and then reports re-enters. */
const held = new Map<string, { count: number; file: string }>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !exited(pid);
}

/**
 * A killed process stays in the process table until its parent reaps it (a
 * zombie, state Z), answering signal 0 as if it lived: its lock was held by a
 * writer that is gone. Linux's /proc tells; elsewhere the signal's answer stands.
 */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/**
 * Which process `pid` is, beyond its number: the boot and the clock ticks since
 * it at which the process started, from Linux's /proc; a pid given again to
 * another process (or after a reboot) has another. Undefined where there is no
 * /proc, or no such process.
 */
function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name in parentheses may hold spaces: fields are counted after its ')'; starttime is field 22, the state field 3
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}:${ticks}`;
  } catch {
    return undefined;
  }
}

/**
 * Whether the live process with the holder's pid is the holder: not when the
 * holder recorded its identity and the process now has another, a killed
 * writer's pid given to a new process, which would otherwise hold the lock
 * forever. A lock without one (no /proc, an older version) is taken at its pid.
 */
const isHolder = (h: Holder) => h.identity === undefined || processIdentity(h.pid) === h.identity;

/** The lock file's text; undefined once it is gone. */
function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The holder a lock's text names; undefined for text that names none (torn, or not JSON of a holder, such as `{}` or `null`). */
function parseHolder(text: string | undefined): Holder | undefined {
  const h = (text === undefined ? undefined : jsonOrUndefined(text)) as Partial<Holder> | null | undefined;
  return typeof h?.pid === 'number' && typeof h?.host === 'string' ? (h as Holder) : undefined;
}

const readHolder = (file: string) => parseHolder(readLock(file));

/** Creates `file` exclusively with the holder's record; false when it already exists. */
function createExclusive(file: string, holder: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(holder) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * A holder record that names a dead process of this host, or a live one that is
 * not the holder (or was torn before it named anyone). One naming this very
 * process is stale too, since a lock this process holds is found in `held` before
 * the file is read: it was left by an earlier process given the same pid, as a
 * restarted container's entrypoint is, which a liveness check would take for a
 * live writer forever.
 */
const isStale = (h: Holder | undefined) => h === undefined || (h.host === hostname() && (h.pid === process.pid || !alive(h.pid) || !isHolder(h)));

function describeHolder(h: Holder | undefined): string {
  if (!h) return 'another process (unreadable lock)';
  return `pid ${h.pid} on ${h.host}, since ${h.startedAt} (${h.command})`;
}

/** Takes a stale lock over, serialised by a second exclusive lock; true when this process now holds it. */
function takeOver(file: string, stale: string | undefined, me: Holder): boolean {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, me)) {
    // A taker that died inside its few statements leaves its guard behind.
    if (isStale(readHolder(guard))) rmSync(guard, { force: true });
    return false;
  }
  try {
    if (readLock(file) !== stale) return false; // someone else's fresh lock: leave it
    rmSync(file, { force: true });
    return createExclusive(file, me);
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Removes the temporary files of atomic writes (run.json, reports) that a killed
 * writer left in the folder, so they do not pile up over kills and resumes. Only
 * a dead process's: a live one (a guard writing --junit into this folder, which
 * takes no lock) is still to rename its file. One named by this process's pid is
 * a predecessor's, as for the lock: this process's writes are synchronous, so
 * none of its own is under way while it takes a lock.
 */
function sweepLeftovers(runDir: string): void {
  for (const name of readdirSync(runDir)) {
    const pid = atomicLeftoverPid(name);
    if (pid !== undefined && (pid === process.pid || !alive(pid))) rmSync(join(runDir, name), { force: true });
  }
}

/**
 * Whether `dir` was left by a writer that is gone: its lock names a process of
 * this host that is dead, or whose pid another process now has. False while a
 * live process (this one included) holds it. Where no lock names a holder (none
 * taken yet, one being written, or one removed on the way out), `maker`, the pid
 * of the process that made the folder, decides: gone when it is not alive (a pid
 * given again to another process keeps the folder, which is the safe mistake).
 */
export function abandonedByWriter(dir: string, maker: number): boolean {
  if (held.has(dir)) return false;
  const holder = readHolder(join(dir, LOCK_FILE));
  return holder === undefined ? maker !== process.pid && !alive(maker) : isStale(holder);
}

/**
 * Takes the run folder's writer lock or refuses (exit 2) naming its holder.
 * Returns the release function; re-entrant within one process.
 */
export function lockRunFolder(runDir: string, command = process.argv.slice(1).join(' ')): () => void {
  const mine = held.get(runDir);
  const release = () => {
    const h = held.get(runDir);
    if (!h) return;
    if (--h.count === 0) {
      held.delete(runDir);
      rmSync(h.file, { force: true });
    }
  };
  if (mine) {
    mine.count++;
    return release;
  }
  makeDir(runDir);
  const file = join(runDir, LOCK_FILE);
  const identity = processIdentity(process.pid);
  const me: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command, ...(identity ? { identity } : {}) };
  const acquired = () => {
    held.set(runDir, { count: 1, file });
    sweepLeftovers(runDir);
    return release;
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusive(file, me)) return acquired();
    const text = readLock(file);
    if (text === undefined) continue; // released between our create and our read: try again
    const holder = parseHolder(text);
    // A lock file with no holder yet may be one being written this instant.
    if (holder === undefined && Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 2000) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (!isStale(holder)) {
      throw new InputError(`${runDir}: this run folder is being written by ${describeHolder(holder)}; wait for it to finish, or remove ${file} if that process is gone`);
    }
    if (takeOver(file, text, me)) return acquired();
  }
  throw new InputError(`${runDir}: could not take the writer lock ${file} (contended); try again`);
}
