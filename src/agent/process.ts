// An agent that runs as its own process: one process per episode, so nothing an
// agent keeps in memory leaks from one episode into the next, and a stuck or
// crashed agent costs one episode, never the run. Its stdout carries protocol
// lines only; the last lines of its stderr go into the error when it fails.
import { ProtocolError } from '../util/errors.ts';
import { startLineProcess } from '../util/line-process.ts';
import { parseAgentLine, type AgentSpec } from './protocol.ts';

export function processAgent(command: string[], name = command.map((w) => w.split('/').pop()).join(' ')): AgentSpec {
  if (!command.length) throw new ProtocolError('--agent: no command after --');
  return {
    name,
    command,
    open: () => {
      const child = startLineProcess(command, 'the agent');
      return {
        async next(message) {
          child.send(message);
          return parseAgentLine(await child.next('answering'));
        },
        close: () => child.close(),
      };
    },
  };
}
