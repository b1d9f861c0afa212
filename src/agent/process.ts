// An agent that runs as its own process: one process per episode, so nothing an
// agent keeps in memory leaks from one episode into the next, and a stuck or
// crashed agent costs one episode, never the run. Its stderr is kept (last lines)
// for the record; its stdout carries protocol lines only.
import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';
import { ProtocolError } from '../util/errors.ts';
import { parseAgentLine, type AgentMessage, type AgentSession, type AgentSpec, type HarnessReply, type StartMessage } from './protocol.ts';

const STDERR_TAIL = 10;

export function processAgent(command: string[], name = command.map((w) => w.split('/').pop()).join(' ')): AgentSpec {
  if (!command.length) throw new ProtocolError('--agent: no command after --');
  return { name, command, open: () => openProcess(command) };
}

function openProcess(command: string[]): AgentSession {
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
    exited = `the agent exited${r.exitCode !== undefined ? ` with code ${r.exitCode}` : ''}${r.signal ? ` on ${r.signal}` : ''}`;
    wake();
  });
  const tail = () => (stderr.length ? `; its stderr ends: ${stderr.slice(-3).join(' | ')}` : '');
  return {
    async next(message: StartMessage | HarnessReply): Promise<AgentMessage> {
      if (exited && !lines.length) throw new ProtocolError(`${exited} before answering${tail()}`);
      child.stdin!.write(JSON.stringify(message) + '\n');
      while (!lines.length) {
        if (exited) throw new ProtocolError(`${exited} before answering${tail()}`);
        await new Promise<void>((r) => waiters.push(r));
      }
      return parseAgentLine(lines.shift()!);
    },
    async close() {
      child.stdin!.end();
      const done = await Promise.race([child.then(() => true), new Promise((r) => setTimeout(() => r(false), 1000))]);
      if (!done) child.kill('SIGKILL');
      await child.catch(() => undefined);
    },
  };
}
