// Operators by name: the built-in ones, or those a plugin module exports as
// `operators` (an array of SearchOperator). A plugin is frozen by its sha256, so
// a run or report refuses a module that changed since freeze.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { INSTALL_ROOT } from '../util/install.ts';
import { InputError, ProtocolError } from '../util/errors.ts';
import { isModulePath, loadUserExport } from '../util/user-module.ts';
import { sha256 } from '../util/hash.ts';
import { closestName, meant, quoted } from '../util/suggest.ts';
import { BUILTIN_OPERATORS } from './operators.ts';
import type { OperatorSet } from './plan.ts';
import type { SearchOperator } from '../contract/operator.ts';
import type { SearchSpec } from './arm.ts';

const builtin = new Map(BUILTIN_OPERATORS.map((o) => [o.name, o]));

async function importPlugin(module: string): Promise<{ ops: SearchOperator[]; sha256: string }> {
  const fits = (ops: unknown) =>
    Array.isArray(ops) && ops.length > 0 && ops.every((o) => typeof o?.name === 'string' && typeof o.edits === 'function' && typeof o.apply === 'function' && typeof o.size === 'function');
  const ops = await loadUserExport<SearchOperator[]>(module, '--operators', 'operators', fits, 'a non-empty array of search operators (name, edits, apply, size, describe; see src/search/plan.ts)');
  return { ops, sha256: sha256(readFileSync(resolve(module))) };
}

/** `--operators` words (built-in names or plugin modules) as the spec records them, with the operators themselves. */
export async function resolveOperators(words: string[] | undefined): Promise<{ refs: SearchSpec['operators']; ops: OperatorSet }> {
  const ops: OperatorSet = new Map();
  const refs: SearchSpec['operators'] = [];
  for (const w of words?.length ? words : [...builtin.keys()]) {
    if (isModulePath(w)) {
      const plugin = await importPlugin(w);
      for (const op of plugin.ops) {
        if (ops.has(op.name)) throw new InputError(`--operators: two operators are named ${op.name}`);
        ops.set(op.name, op);
        refs.push({ name: op.name, module: w, sha256: plugin.sha256 });
      }
    } else {
      const op = builtin.get(w);
      if (!op) throw new InputError(`--operators: unknown operator '${w}' (built-in: ${[...builtin.keys()].join(', ')}; or a module path exporting \`operators\`)${meant(quoted(closestName(w, [...builtin.keys()])))}`);
      if (ops.has(w)) continue;
      ops.set(w, op);
      refs.push({ name: w });
    }
  }
  return { refs, ops };
}

/**
 * Where a frozen plugin module is now. The spec records the path as `--operators` was
 * given, relative to the folder the audit ran in; a later report, rerun or repair may
 * run elsewhere (a run folder copied to /tmp, a CI job in another directory), so a
 * relative path is also looked for under blindspot's own root, where shipped plugins
 * such as targets/bfcl/operators.ts live. The frozen sha256 picks among candidates.
 */
function locatePlugin(module: string, sha: string | undefined): string {
  if (isAbsolute(module)) return module;
  const found = [...new Set([resolve(module), resolve(INSTALL_ROOT, module)])].filter((p) => existsSync(p));
  const exact = found.find((p) => sha256(readFileSync(p)) === sha);
  if (exact ?? found[0]) return exact ?? found[0];
  throw new InputError(
    `the increment's search operator module ${module} is not under ${process.cwd()} nor ${INSTALL_ROOT}; run from the folder the audit ran in (the path is relative to it)`,
  );
}

/** The operators a frozen spec names; refuses a plugin module that is gone or changed since freeze. */
export async function loadOperators(spec: SearchSpec): Promise<OperatorSet> {
  const plugins = new Map<string, Awaited<ReturnType<typeof importPlugin>>>();
  const ops: OperatorSet = new Map();
  for (const ref of spec.operators) {
    if (!ref.module) {
      ops.set(ref.name, builtin.get(ref.name)!);
      continue;
    }
    if (!plugins.has(ref.module)) plugins.set(ref.module, await importPlugin(locatePlugin(ref.module, ref.sha256)));
    const plugin = plugins.get(ref.module)!;
    if (plugin.sha256 !== ref.sha256) throw new ProtocolError(`search operator module ${ref.module} changed since the increment was frozen`);
    const op = plugin.ops.find((o) => o.name === ref.name);
    if (!op) throw new ProtocolError(`search operator module ${ref.module} no longer exports ${ref.name}`);
    ops.set(ref.name, op);
  }
  return ops;
}
