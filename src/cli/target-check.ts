import type { Argv, CommandModule } from 'yargs';
import { parseTargetSpec, targetFactory, withTarget } from '../target/registry.ts';
import type { ConformanceReport } from '../target/protocol/conformance.ts';
import { InputError } from '../util/errors.ts';
import { timeoutFrom } from '../target/protocol/command.ts';
import { jsonOption, list, milliseconds, parseUnseal, targetSpec } from './options.ts';
import type { Out } from './out.ts';

type Args = Record<string, any>;

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The command to exercise (words after `--`, or the command of a protocol-backed
 * built-in target), the options its handshake is given, and the per-request time
 * limit: --timeout, or the generic protocol target's own `timeout` option, which an
 * audit reads and which was otherwise passed to the target unread.
 */
async function commandOf(a: Args): Promise<{ command: string[]; options: Record<string, string>; timeoutMs: number }> {
  const { name, options } = parseTargetSpec(targetSpec({ ...a, target: a.target ?? 'protocol' }));
  const factory = await targetFactory(name);
  if (!factory.command) throw new InputError(`target check: ${name} is an in-process target, not a protocol target; name a command after \`--\``);
  const { command: _command, ...rest } = options;
  let timeoutMs = (a.timeout as number | undefined) ?? DEFAULT_TIMEOUT_MS;
  if (name === 'protocol') {
    const own = timeoutFrom({ targetOptions: options });
    if (own !== undefined && a.timeout !== undefined && own !== a.timeout) throw new InputError(`--timeout ${a.timeout} and --target-option timeout=${own}: give one of them`);
    delete rest.timeout;
    timeoutMs = own ?? timeoutMs;
  }
  return { command: await factory.command({ targetOptions: options }), options: rest, timeoutMs };
}

/** The conformance report, as JSON or as lines; exit 1 when a check failed. */
async function show(out: Out, a: Args, report: ConformanceReport): Promise<void> {
  const { formatConformance } = await import('../target/protocol/conformance.ts');
  if (a.json) out.log(JSON.stringify(report, null, 2));
  else formatConformance(report).forEach((l) => out.log(l));
  if (!report.ok) process.exitCode = 1;
}

/** A built-in target that runs in process (miniwob): the same checks on its Target, without protocol probes. */
async function checkInProcess(out: Out, a: Args): Promise<void> {
  const { checkTarget } = await import('../target/protocol/conformance.ts');
  const spec = targetSpec(a);
  const unseal = parseUnseal(a.unseal, a.reason);
  await withTarget(spec, { unseal }, async (target) => show(out, a, await checkTarget(spec, target, { unseal }, a.tasks)));
}

const checkCommand = (out: Out): CommandModule<{}, Args> => ({
  command: 'check',
  describe: 'exercise a target: references pass their own checkers, repeatable readback, deterministic checkers, what its world and semantics declarations promise; protocol targets also say the version they accepted and answer malformed requests with structured errors',
  builder: (y: Argv) =>
    jsonOption(y)
      .option('target', { type: 'string', describe: 'a built-in target instead of a command after --: protocol-backed (agentdojo) or in process (miniwob)' })
      .option('target-option', { type: 'string', array: true, describe: 'key=value passed to the target in the handshake' })
      .option('suite', { type: 'string', describe: 'shorthand for --target-option suite=<name>' })
      .option('tasks', { type: 'string', array: true, coerce: list('tasks', 'task ids or generator names'), describe: 'only these task ids (or generators), space or comma separated' })
      .option('unseal', { type: 'string', describe: 'also check a sealed split (needs --reason)' })
      .option('reason', { type: 'string', describe: 'why the sealed split named by --unseal is opened' })
      .option('timeout', { defaultDescription: String(DEFAULT_TIMEOUT_MS), requiresArg: true, coerce: milliseconds('timeout'), describe: 'per-request time limit in ms; the handshake, in which a bridge may import its benchmark, has 120 s whatever this says' })
      .example('$0 target check -- python3 my_target.py', 'check a target speaking the protocol on stdin/stdout')
      .example('$0 target check --target agentdojo --suite banking', 'check the AgentDojo bridge on one suite')
      .example('$0 target check --target miniwob', 'check the MiniWoB++ target: every covered task and seed'),
  handler: async (a) => {
    if (a.target && !(await targetFactory(parseTargetSpec(targetSpec(a)).name)).command) return checkInProcess(out, a);
    const { command, options, timeoutMs } = await commandOf(a);
    const { checkConformance } = await import('../target/protocol/conformance.ts');
    const report = await checkConformance(
      command,
      { targetOptions: options, unseal: parseUnseal(a.unseal, a.reason) },
      { tasks: a.tasks, timeoutMs },
    );
    await show(out, a, report);
  },
});

export const targetCheckCommand = (out: Out): CommandModule<{}, Args> => ({
  builder: (y: Argv) => y.command(checkCommand(out)).demandCommand(1, 'name an action: check'),
  handler: () => {},
});
