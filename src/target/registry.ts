import type { OpenOptions, Target, TargetFactory, TargetList } from '../contract/target.ts';
import { InputError, zodProblem } from '../util/errors.ts';
import { knownTail } from '../util/suggest.ts';
import { isModulePath, loadUserExport } from '../util/user-module.ts';

/**
 * The engine's own target, any benchmark in any language: `--target protocol --
 * <command...>`. The built-in ones are registered by whoever composes the program
 * (the CLI from targets/index.ts), so the engine never imports a target. The
 * client (zod) loads on open, so that listing targets stays cheap.
 */
const protocol: TargetFactory = {
  name: 'protocol',
  description: 'any benchmark speaking the external target protocol (docs/protocol.md): --target protocol -- <command...>',
  command: async (options) => (await import('./protocol/command.ts')).commandFrom(options),
  open: async (options) => (await import('./protocol/target.ts')).openCommandTarget(options),
  prestart: async (options) => (await import('./protocol/command.ts')).prestartCommandTarget(options),
};
const registered: Record<string, () => Promise<TargetFactory>> = {};
const lists: string[] = [];

/**
 * Makes a list's targets known by name. Every scorer thread and process the run
 * starts registers the same lists again (by their module URL), so a worker opens
 * the targets its parent knows.
 */
export function registerTargets(list: TargetList): void {
  if (lists.includes(list.url)) return;
  lists.push(list.url);
  Object.assign(registered, list.factories);
}

/** The module URLs of the registered lists, for a worker's start-up. */
export const targetLists = () => [...lists];

/** A worker's start-up: register the lists its parent had (each module exports `targetList`). */
export async function useTargetLists(urls: readonly string[] = []): Promise<void> {
  for (const url of urls) if (!lists.includes(url)) registerTargets((await import(url)).targetList as TargetList);
}

const factories = (): Record<string, () => Promise<TargetFactory>> => ({ ...registered, protocol: async () => protocol });

/**
 * A target spec is `name` or `name?key=value&key=value`: the options travel inside
 * the one string the increment records, so every worker reopens the same target.
 */
export function parseTargetSpec(spec: string): { name: string; options: Record<string, string> } {
  const q = spec.indexOf('?');
  if (q < 0) return { name: spec, options: {} };
  return { name: spec.slice(0, q), options: Object.fromEntries(new URLSearchParams(spec.slice(q + 1))) };
}

export function formatTargetSpec(name: string, options: Record<string, string>): string {
  const keys = Object.keys(options).sort();
  if (!keys.length) return name;
  return `${name}?${new URLSearchParams(keys.map((k) => [k, options[k]])).toString()}`;
}

export const knownTargets = () => Object.keys(factories());

/**
 * Whether the target's code is blindspot's own (a built-in target; protocol and
 * AgentDojo targets run their benchmark in a child process already). A module
 * target is someone else's code, scored only in child processes.
 */
export const ownsCode = (spec: string) => !isModulePath(parseTargetSpec(spec).name);

/** What a module's `target`, an object, lacks of a TargetFactory (the fields the engine calls); undefined for anything else, which exportNames describes. */
function factoryProblem(t: unknown): string | undefined {
  if (typeof t !== 'object' || t === null) return undefined;
  const f = t as Partial<Record<keyof TargetFactory, unknown>>;
  const missing = [typeof f.name !== 'string' && '`name` (a string)', typeof f.open !== 'function' && '`open` (a function)'].filter((m): m is string => !!m);
  return missing.length ? `its \`target\` is an object without ${missing.join(' or ')}` : undefined;
}

/**
 * A module target's describe() checked against the TargetInfo schema each time it
 * is called, as a protocol target's handshake is: the engine reads its fields
 * (capabilities, hashes) far from the module, where a missing one is a TypeError.
 */
const checkedTargets = new WeakSet<Target>();
function checkDescribe(file: string, target: Target): Target {
  // anything else is left to fail where it is used: a stub target need not describe itself until asked
  if (typeof target !== 'object' || target === null || checkedTargets.has(target)) return target;
  // every caller ends with close(), in a finally: a missing one would hide the error that brought it there
  if (typeof target.close !== 'function') target.close = async () => undefined;
  const describe = typeof target.describe === 'function' ? target.describe.bind(target) : undefined;
  target.describe = async () => {
    if (!describe) throw new InputError(`--target: ${file}: the target open() returned has no describe()`);
    const { TargetInfoSchema } = await import('./schema.ts');
    const parsed = TargetInfoSchema.safeParse(await describe(), { jitless: true });
    if (!parsed.success) throw new InputError(`--target: ${file}: describe() returned no TargetInfo (see src/contract/target.ts): ${zodProblem(parsed.error)}`);
    return parsed.data;
  };
  checkedTargets.add(target);
  return target;
}

/** `work` on the target `spec` opened with `options`, which is closed after it whatever happens. */
export async function withTarget<T>(spec: string, options: OpenOptions, work: (target: Target) => Promise<T>): Promise<T> {
  const target = await openTarget(spec, options);
  try {
    return await work(target);
  } finally {
    await target.close();
  }
}

/**
 * `servicedesk:validate=final` (options joined to a known target's name as some
 * other tools join them): how blindspot takes them. Nothing for any other name.
 */
function optionsTypedInName(name: string): string {
  const m = /^([^:=\s]+)[:\s]+(\S+=.*)$/.exec(name);
  if (!m || !factories()[m[1]]) return '';
  return `; a target's options are given apart: --target ${m[1]} --target-option ${m[2].split(/[:\s]+/).join(' --target-option ')}`;
}

/**
 * A target is a built-in name or a path to a module exporting `target` (a
 * TargetFactory), so users and tests can plug in an adapter without editing here.
 */
export async function targetFactory(spec: string): Promise<TargetFactory> {
  const { name } = parseTargetSpec(spec);
  if (isModulePath(name)) {
    return loadUserExport<TargetFactory>(name, '--target', 'target', (t) => typeof t === 'object' && t !== null && factoryProblem(t) === undefined, 'a TargetFactory (an object with a name, a description and open(); see src/contract/target.ts)', factoryProblem);
  }
  const load = factories()[name];
  if (!load) throw new InputError(`--target: unknown target '${name}'${knownTail(name, knownTargets())}${optionsTypedInName(name)}`);
  return load();
}

/**
 * Starts a target's process ahead of its open (TargetFactory.prestart), for a
 * command that knows its target before it has loaded the engine. Never throws:
 * whatever is wrong with the spec, the open that follows says it.
 */
export async function prestartTarget(spec: string): Promise<void> {
  try {
    const factory = await targetFactory(spec);
    const { options } = parseTargetSpec(spec);
    await factory.prestart?.(Object.keys(options).length ? { targetOptions: options } : {});
  } catch {
    // reported by openTarget
  }
}

export async function openTarget(spec: string, options: OpenOptions = {}): Promise<Target> {
  const targetOptions = { ...parseTargetSpec(spec).options, ...options.targetOptions };
  const factory = await targetFactory(spec);
  const unknown = factory.options && Object.keys(targetOptions).find((k) => !factory.options!.includes(k));
  if (unknown !== undefined) {
    const known = factory.options!.length ? knownTail(unknown, factory.options!) : ' (it takes none)';
    // the words after `--` are the option `command`: only a target that starts a process takes one
    const after =
      unknown === 'command' ? '; the words after `--` are the command of --target protocol' : unknown === 'suite' ? '; --suite names a suite of a target that has them (--target agentdojo, --target bfcl)' : '';
    throw new InputError(`${unknown === 'suite' ? '--suite' : '--target-option'}: target ${factory.name} takes no option '${unknown}'${known}${after}`);
  }
  const opened = await factory.open({ ...options, ...(Object.keys(targetOptions).length ? { targetOptions } : {}) });
  const { name } = parseTargetSpec(spec);
  const target = isModulePath(name) ? checkDescribe(name, opened) : opened;
  // a target that cannot load checker copies would grade with its shipped checkers, and a guard or a planted checker would measure those
  if (options.checkerDir !== undefined) {
    const info = await target.describe();
    if (!info.capabilities.includes('checker-dir')) {
      await target.close();
      throw new InputError(`--checker-dir: target ${info.name} grades with its shipped checkers only (it declares no 'checker-dir' capability); checker copies apply to apps, agentdojo, bfcl and protocol targets that declare it`);
    }
  }
  return target;
}
