// Repairs of Python checkers (AgentDojo, BFCL): copies of the installed
// benchmark's checker files are rewritten with LibCST (src/repair/python/
// rewrite.py, run in .venv-repair so no benchmark's venv is touched), the run's
// cells are regraded by the target's bridge on the copies, and the change is
// written as upstream.diff, a unified diff against the installed files with the
// paths of the benchmark's own repository. A patch that a task's control
// rejects is taken back out of that task's checker function and the regrade
// repeated, so the diff holds only what keeps every control passing.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Increment } from '../protocol/increment.ts';
import { targetFactory } from '../target/registry.ts';
import { InputError, ProtocolError } from '../util/errors.ts';
import { sha256 } from '../util/hash.ts';
import { INSTALL_ROOT } from '../util/install.ts';
import type { PatchedVerdicts, RepairResult } from './result.ts';
import type { PatchName, PythonRepairProfile } from '../contract/repair.ts';
import { regradeCopies, type Regrade } from './refreeze.ts';

const REWRITER = join(dirname(fileURLToPath(import.meta.url)), 'python', 'rewrite.py');
export const REPAIR_SETUP = 'bash scripts/setup-python.sh repair';

/** The rewriter's interpreter: .venv-repair's, unless BLINDSPOT_REPAIR_PYTHON names another. */
export const repairPython = () => process.env.BLINDSPOT_REPAIR_PYTHON ?? join(INSTALL_ROOT, '.venv-repair', 'bin', 'python');

interface RewriteReport {
  files: { path: string; changed: boolean; patched: string[]; skipped: string[] }[];
  diff: string;
}

/** Runs the LibCST rewriter on `files` (installed source -> copy). */
export async function rewrite(
  patch: PatchName,
  files: { source: string; copy: string; path: string; exclude?: string[] }[],
  prefix: string,
): Promise<RewriteReport> {
  const py = repairPython();
  if (!existsSync(py)) throw new InputError(`repair: no rewriter environment at ${py}; create it with \`${REPAIR_SETUP}\``);
  const r = await execa(py, [REWRITER, patch, JSON.stringify({ files, prefix })], { reject: false });
  if (r.exitCode !== 0) throw new ProtocolError(`repair: the rewriter failed (exit ${r.exitCode}): ${r.stderr.split('\n').slice(-5).join('\n')}`);
  return JSON.parse(r.stdout) as RewriteReport;
}

/** Where the target's interpreter has the package installed. */
async function installedPackage(inc: Increment, pkg: string): Promise<string> {
  const factory = await targetFactory(inc.target.spec);
  const command = factory.command ? await factory.command({}) : undefined;
  if (!command?.length) throw new InputError(`repair: target ${factory.name} names no interpreter to find ${pkg} with`);
  const r = await execa(command[0], ['-c', `import os, ${pkg}; print(os.path.dirname(os.path.realpath(${pkg}.__file__)))`], { reject: false });
  if (r.exitCode !== 0) throw new InputError(`repair: ${command[0]} cannot import ${pkg}: ${r.stderr.split('\n').pop()}`);
  return r.stdout.trim();
}

/** `shipped`: the installed files, hashed again after the repair: the copies must never have touched them. */
export type PythonRepairOutput = { verdicts: PatchedVerdicts; checkerPatched: (task: string) => boolean | undefined } & Required<Pick<RepairResult, 'copies' | 'regrade' | 'upstream' | 'shipped' | 'change'>>;

/**
 * Whether the rewrite reached the function judging a task: the task's own, else
 * the one judging every task; undefined when the profile names neither.
 */
export function patchReached(profile: PythonRepairProfile, files: RewriteReport['files']): (task: string) => boolean | undefined {
  return (task) => {
    const fn = profile.checkerFunction(task) ?? profile.everyTask;
    return fn && files.some((f) => f.path === fn.path && f.changed && f.patched.includes(fn.qualname));
  };
}

/** Refuses a patch the benchmark's rewriter does not know; checked before anything is written. */
export function pythonPatchKnown(patch: PatchName, profile: PythonRepairProfile): void {
  if (!profile.patches.includes(patch)) {
    throw new InputError(`repair: --patch ${patch} has no rewrite for ${profile.package}'s checkers (it has: ${profile.patches.join(', ')})`);
  }
}

/**
 * Copies every frozen checker file, rewrites them, regrades `cells` on the copies;
 * while a control fails, takes the patch out of that control's checker function
 * and starts again. `runDir` is the audited run (paths in the result are relative to it).
 */
export async function pythonRepair(
  patch: PatchName,
  profile: PythonRepairProfile,
  runDir: string,
  out: string,
  g: Regrade,
  notes: string[],
): Promise<PythonRepairOutput> {
  const installed = await installedPackage(g.increment, profile.package);
  const prefix = `${profile.package}/`;
  const files = g.increment.target.checkerFiles.map((f) => {
    if (!f.path.startsWith(prefix)) throw new InputError(`repair: checker file ${f.path} is not part of ${profile.package}`);
    return { ...f, source: join(installed, f.path.slice(prefix.length)) };
  });
  for (const f of files) {
    if (!existsSync(f.source) || sha256(await readFile(f.source)) !== f.sha256) {
      throw new ProtocolError(`checker file ${f.path} changed or missing since increment ${g.increment.id} was frozen (${f.source}); the patch must start from the audited source`);
    }
  }
  const copyDir = join(out, 'checkers');
  const exclude = new Map<string, string[]>();
  for (let round = 1; ; round++) {
    await rm(copyDir, { recursive: true, force: true });
    const job = files.map((f) => ({ source: f.source, copy: join(copyDir, f.path), path: f.path, exclude: exclude.get(f.path) ?? [] }));
    const report = await rewrite(patch, job, profile.upstreamPrefix);
    const { classification, verdicts, regrade } = await regradeCopies(g, patch, copyDir, out, runDir);
    const broken = classification.cells.filter((c) => c.arm === 'control' && c.verdict !== 'pass');
    const retract = broken
      .map((c) => ({ task: c.checker, fn: profile.checkerFunction(c.checker) }))
      .filter((b) => b.fn && report.files.some((f) => f.path === b.fn!.path && f.patched.includes(b.fn!.qualname)));
    if (retract.length) {
      for (const { task, fn } of retract) {
        exclude.set(fn!.path, [...(exclude.get(fn!.path) ?? []), fn!.qualname]);
        notes.push(`${fn!.path} ${fn!.qualname} left as shipped: with the patch, ${task}'s own reference fails (round ${round}); the checker's condition does not describe what the reference writes, which no count can fix`);
      }
      continue;
    }
    const diffPath = join(out, 'upstream.diff');
    await mkdir(out, { recursive: true });
    await writeFile(diffPath, report.diff);
    if (!report.diff) notes.push(`the rewriter found nothing to patch in ${profile.package}'s checker files`);
    for (const f of report.files) for (const s of f.skipped) notes.push(`${f.path}: not patched: ${s}`);
    return {
      verdicts,
      checkerPatched: patchReached(profile, report.files),
      copies: {
        dir: relative(runDir, copyDir),
        patched: await Promise.all(
          report.files.filter((f) => f.changed).map(async (f) => ({
            path: relative(runDir, join(copyDir, f.path)),
            sha256: sha256(await readFile(join(copyDir, f.path))),
            tables: [],
            functions: [...new Set(f.patched)],
            skipped: f.skipped,
          })),
        ),
      },
      regrade,
      change: report.diff,
      upstream: { diff: relative(runDir, diffPath), prefix: profile.upstreamPrefix, files: report.files.filter((f) => f.changed).map((f) => profile.upstreamPrefix + f.path) },
      shipped: {
        checkerHash: g.increment.target.checkerHash,
        files: await Promise.all(files.map(async (f) => ({ path: f.path, sha256: f.sha256, unchanged: sha256(await readFile(f.source)) === f.sha256 }))),
      },
    };
  }
}
