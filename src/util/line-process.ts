// A child process spoken to in JSON lines (an agent, a perturbation generator):
// one line out, wait for one line back. Its death, or silence past a deadline,
// is an error naming what it was doing, with the last lines of its stderr.
import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';
import { ProtocolError } from './errors.ts';
import { settlesWithin } from './wait.ts';

const STDERR_TAIL = 10;

export interface LineProcess {
  send(value: unknown): void;
  /** the next non-empty stdout line; `waiting` names the wait in errors */
  next(waiting: string, timeoutMs?: number): Promise<string>;
  /** closes stdin, then kills the process if it has not exited within a second */
  close(): Promise<void>;
}

export function startLineProcess(command: string[], name: string): LineProcess {
  const [file, ...args] = command;
  const child: ResultPromise = execa(file, args, { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false, forceKillAfterDelay: 1000 });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  const stderr: string[] = [];
  let exited: string | undefined;
  const wake = () => waiters.splice(0).forEach((w) => w());
  createInterface({ input: child.stdout! }).on('line', (l) => {
    if (l.trim()) lines.push(l);
    wake();
  });
  createInterface({ input: child.stderr! }).on('line', (l) => {
    stderr.push(l);
    if (stderr.length > STDERR_TAIL) stderr.shift();
  });
  child.stdin!.on('error', () => undefined);
  void child.then((r) => {
    exited = `${name} exited${r.exitCode !== undefined ? ` with code ${r.exitCode}` : ''}${r.signal ? ` on ${r.signal}` : ''}`;
    wake();
  });
  const tail = () => (stderr.length ? `; its stderr ends: ${stderr.slice(-3).join(' | ')}` : '');
  return {
    send(value) {
      if (!exited) child.stdin!.write(JSON.stringify(value) + '\n');
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
      child.stdin!.end();
      if (!(await settlesWithin(child, 1000))) child.kill('SIGKILL');
      await child.catch(() => undefined);
    },
  };
}
