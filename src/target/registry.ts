import type { OpenOptions, Target, TargetFactory } from './types.ts';
import { InputError } from '../util/errors.ts';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

// Loaded lazily so that a command touching one target never pays for another.
const FACTORIES: Record<string, () => Promise<TargetFactory>> = {
  apps: async () => (await import('../../targets/apps/index.ts')).apps,
};

export const knownTargets = () => Object.keys(FACTORIES);

const isModulePath = (name: string) => /[\\/]|\.(m?[jt]s)$/.test(name);

/**
 * A target is a built-in name or a path to a module exporting `target` (a
 * TargetFactory), so users and tests can plug in an adapter without editing here.
 */
export async function targetFactory(name: string): Promise<TargetFactory> {
  if (isModulePath(name)) {
    const mod = await import(pathToFileURL(resolve(name)).href).catch((e: Error) => {
      throw new InputError(`--target: cannot load target module ${name}: ${e.message}`);
    });
    if (!mod.target?.open) throw new InputError(`--target: ${name} does not export \`target\` (a TargetFactory with open())`);
    return mod.target as TargetFactory;
  }
  const load = FACTORIES[name];
  if (!load) throw new InputError(`--target: unknown target '${name}' (known: ${knownTargets().join(', ')})`);
  return load();
}

export async function openTarget(name: string, options: OpenOptions = {}): Promise<Target> {
  return (await targetFactory(name)).open(options);
}
