import type { Argv, CommandModule } from 'yargs';
import { parseTargetSpec, targetFactory } from '../target/registry.ts';
import { InputError } from '../util/errors.ts';
import { jsonOption, parseUnseal, targetSpec, wholeNumber } from './options.ts';
import type { Out } from './main.ts';

type Args = Record<string, any>;

/** The command to exercise: words after `--`, or the command of a protocol-backed built-in target. */
async function commandOf(a: Args): Promise<{ command: string[]; options: Record<string, string> }> {
  const { name, options } = parseTargetSpec(targetSpec({ ...a, target: a.target ?? 'protocol' }));
  const factory = await targetFactory(name);
  if (!factory.command) throw new InputError(`target check: ${name} is an in-process target, not a protocol target; name a command after \`--\``);
  const { command: _command, ...rest } = options;
  return { command: await factory.command({ targetOptions: options }), options: rest };
}

const checkCommand = (out: Out): CommandModule<{}, Args> => ({
  command: 'check',
  describe: 'exercise a protocol target: handshake, references pass their own checkers, repeatable readback, deterministic checkers, structured errors',
  builder: (y: Argv) =>
    jsonOption(y)
      .option('target', { type: 'string', describe: 'a protocol-backed built-in target (agentdojo) instead of a command after --' })
      .option('target-option', { type: 'string', array: true, describe: 'key=value passed to the target in the handshake' })
      .option('suite', { type: 'string', describe: 'shorthand for --target-option suite=<name>' })
      .option('tasks', { type: 'string', array: true, describe: 'only these task ids' })
      .option('unseal', { type: 'string', describe: 'also check a sealed split (needs --reason)' })
      .option('reason', { type: 'string' })
      .option('timeout', { default: 30_000, requiresArg: true, coerce: wholeNumber('timeout', 1, 'a whole number of milliseconds'), describe: 'per-request time limit in ms' })
      .example('$0 target check -- python3 my_target.py', 'check a target speaking the protocol on stdin/stdout')
      .example('$0 target check --target agentdojo --suite banking', 'check the AgentDojo bridge on one suite'),
  handler: async (a) => {
    const { command, options } = await commandOf(a);
    const { checkConformance, formatConformance } = await import('../target/protocol/conformance.ts');
    const report = await checkConformance(
      command,
      { targetOptions: options, unseal: parseUnseal(a.unseal, a.reason) },
      { tasks: a.tasks?.flatMap((t: string) => t.split(',')), timeoutMs: a.timeout },
    );
    if (a.json) out.log(JSON.stringify(report, null, 2));
    else formatConformance(report).forEach((l) => out.log(l));
    if (!report.ok) process.exitCode = 1;
  },
});

export const targetCheckCommand = (out: Out): CommandModule<{}, Args> => ({
  command: 'target',
  describe: 'work with target adapters: `target check -- <command...>` tests a protocol target',
  builder: (y: Argv) => y.command(checkCommand(out)).demandCommand(1, 'name an action: check'),
  handler: () => {},
});
