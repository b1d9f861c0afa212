// Child processes spoken to in JSON lines: the target protocol's client
// (target/protocol/client.ts) matches answers to requests by id; an agent or a
// perturbation generator answers one line with one line (startLineProcess).
// Both start, read and end their child here. Its death, or silence past a
// deadline, is an error naming what it was doing, with the last lines of its stderr.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProtocolError } from './errors.ts';
import { aheadKey, startAhead, takeAhead } from './ahead.ts';

interface LineChildOptions {
  cwd?: string;
  /** how many of the last stderr lines to keep for error messages */
  stderrLines: number;
  onLine(line: string): void;
  /** once, when the child is gone: `exited with code N` or `exited on SIGNAL` */
  onExit(how: string): void;
}

/** A started child: lines in, lines out through `onLine`, its end through `onExit`. */
export interface LineChild {
  write(line: string): void;
  /** the last lines the child wrote to stderr */
  stderr(): string[];
  /** closes stdin, the child's cue to exit */
  endInput(): void;
  /** whether the child exited within `ms` */
  exitsWithin(ms: number): Promise<boolean>;
  kill(): void;
  /** settles once the child is gone, never rejects */
  gone(): Promise<void>;
}

/** A typo in a target's command is the likeliest cause, so the message names it rather than an exit that never happened. */
const notStarted = (code: string | undefined) =>
  `could not be started (${code}: ${code === 'ENOENT' ? 'no such command or file' : code === 'EACCES' ? 'not executable' : 'the system refused to start it'})`;

type StartOptions = Pick<LineChildOptions, 'cwd'>;

/** A started child and how it ended, told once; `kill` lets util/ahead.ts end it unadopted. */
interface Started {
  child: ChildProcessWithoutNullStreams;
  ended: Promise<string>;
  kill(signal: NodeJS.Signals): boolean;
}

/** Children still running: killed if this process exits first, so none outlives a crash of ours. */
const running = new Set<ChildProcessWithoutNullStreams>();
let reaping = false;
const reap = () => running.forEach((c) => c.kill('SIGKILL'));

/**
 * A death by signal emits no 'exit', so a SIGINT or SIGTERM sent to this process
 * alone (`timeout`, a CI runner, `kill`) would orphan a bridge still loading its
 * benchmark. When nothing else listens (a run's graceful stop does), the children
 * go first and the signal is raised again, so this process still ends by it.
 */
function onDeadlySignal(signal: NodeJS.Signals) {
  if (process.listenerCount(signal) > 1) return;
  reap();
  process.off(signal, onDeadlySignal);
  process.kill(process.pid, signal);
}

/**
 * node:child_process rather than execa, so that a child can be started before
 * anything heavy has loaded (util/ahead.ts) and adopted as it is; every end is
 * SIGKILL or stdin's EOF, so nothing here needs execa's escalating kill.
 */
function start(command: string[], opts: StartOptions): Started {
  const [file, ...args] = command;
  const child = spawn(file, args, { cwd: opts.cwd, stdio: 'pipe' });
  running.add(child);
  if (!reaping) {
    reaping = true;
    process.on('exit', reap).on('SIGINT', onDeadlySignal).on('SIGTERM', onDeadlySignal);
  }
  const ended = new Promise<string>((resolve) => {
    // a child that never started emits 'error' and no 'close' we can rely on
    child.once('error', (e: NodeJS.ErrnoException) => child.pid === undefined && resolve(notStarted(e.code)));
    child.once('close', (code, signal) => resolve(`exited${code !== null ? ` with code ${code}` : ''}${signal ? ` on ${signal}` : ''}`));
  }).finally(() => running.delete(child));
  return { child, ended, kill: (signal) => child.kill(signal) };
}

const keyOf = (command: string[], opts: StartOptions) => aheadKey([command, opts.cwd ?? null]);

/**
 * Starts the child that a spawnLineChild with the same command and folder will
 * adopt (its output waits in the pipes until then); util/ahead.ts ends it if
 * nothing does.
 */
export function spawnLineChildAhead(command: string[], opts: StartOptions = {}): void {
  startAhead(keyOf(command, opts), () => start(command, opts));
}

export function spawnLineChild(command: string[], opts: LineChildOptions): LineChild {
  const { child, ended } = takeAhead<Started>(keyOf(command, opts)) ?? start(command, opts);
  const stderr: string[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => opts.onLine(l));
  createInterface({ input: child.stderr }).on('line', (l) => {
    stderr.push(l);
    if (stderr.length > opts.stderrLines) stderr.shift();
  });
  // a child that exits while a line is on its way would otherwise crash us with EPIPE
  child.stdin.on('error', () => undefined);
  void ended.then((how) => opts.onExit(how));
  return {
    write: (line) => void child.stdin.write(line + '\n'),
    stderr: () => [...stderr],
    endInput: () => void child.stdin.end(),
    // The timer does not hold the event loop: armed, it would keep the whole
    // command open for the rest of `ms` after its work is done.
    exitsWithin: (ms) => Promise.race([ended.then(() => true), sleep(ms, false, { ref: false })]),
    kill: () => void child.kill('SIGKILL'),
    gone: async () => void (await ended),
  };
}

interface LineProcess {
  send(value: unknown): void;
  /** the next non-empty stdout line; `waiting` names the wait in errors */
  next(waiting: string, timeoutMs?: number): Promise<string>;
  /** closes stdin, then kills the process if it has not exited within a second */
  close(): Promise<void>;
}

export function startLineProcess(command: string[], name: string): LineProcess {
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let exited: string | undefined;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const child = spawnLineChild(command, {
    // the last three are all its errors show
    stderrLines: 3,
    onLine: (l) => {
      if (l.trim()) lines.push(l);
      wake();
    },
    onExit: (how) => {
      exited = `${name} ${how}`;
      wake();
    },
  });
  const tail = () => {
    const stderr = child.stderr();
    return stderr.length ? `; its stderr ends: ${stderr.join(' | ')}` : '';
  };
  return {
    send(value) {
      if (!exited) child.write(JSON.stringify(value));
    },
    async next(waiting, timeoutMs = Infinity) {
      const deadline = Date.now() + timeoutMs;
      while (!lines.length) {
        if (exited) throw new ProtocolError(`${exited} before ${waiting}${tail()}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new ProtocolError(`${name}: no answer ${waiting} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          if (Number.isFinite(left)) setTimeout(r, left).unref();
        });
      }
      return lines.shift()!;
    },
    async close() {
      child.endInput();
      if (!(await child.exitsWithin(1000))) child.kill();
      await child.gone();
    },
  };
}
