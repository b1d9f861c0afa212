// `blindspot repair`: apply one patch to a finished run and prove what it does.
// cardinality rewrites copies of the implicated TypeScript checkers and regrades
// the frozen constructions against them; count-guard and scope-guard wrap the
// shipped verdict with a readback check. Results land in <run>/repair/<patch>/.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { classify } from '../classify/classify.ts';
import { loadRun } from '../run/load.ts';
import { checkerDirOf, type Increment } from '../protocol/increment.ts';
import { targetFactory, withTarget } from '../target/registry.ts';
import type { Json } from '../contract/json.ts';
import { InputError, ProtocolError } from '../util/errors.ts';
import { canonicalJson, sha256 } from '../util/hash.ts';
import { isCompiledTwin } from '../util/install.ts';
import { unifiedDiff } from '../util/unified-diff.ts';
import { checkerOfGenerator, locateCheckers, type LocatedChecker } from '../target/checker-files.ts';
import { patchCardinality, type ReferenceCounts } from './cardinality.ts';
import { guardedVerdicts, lenientThreshold, thresholdVerdicts } from './guards.ts';
import { countMismatches, scopeViolations, turnWrites } from './mechanism.ts';
import { pythonPatchKnown, pythonRepair, type PythonRepairOutput } from './python.ts';
import { buildResult, mechanismIn, type FlipTriage, type Mechanism, type RepairResult } from './result.ts';
import { cellKey, type Triage } from '../triage/triage.ts';
import type { PatchName } from '../contract/repair.ts';
import { regradeCopies, type Regrade } from './refreeze.ts';
import { REPAIR_REPORTERS } from './render.ts';
import { writeReports } from '../report/reporter.ts';

interface RepairOptions {
  runDir: string;
  patch: PatchName;
  workers: number;
  limitMs?: number;
  /** progress of the regrade on stderr */
  progress?: boolean;
  /** where else to look for the run's increment (a moved run folder) */
  mutants?: string;
  /** hears how each regrade's scoring went (none for a patch that does not regrade) */
  scored?: Regrade['scored'];
  /** the maintainer's triage: a targeted false accept it dismissed and the patch fails is counted apart */
  triage?: Triage;
}

const rowCounts: Mechanism = (ref, got) => countMismatches(ref, got).map((m) => `${m.table}: ${m.delivered} rows added, reference ${m.reference}`);

const MECHANISM: Record<PatchName, Mechanism> = { cardinality: rowCounts, 'count-guard': rowCounts, 'scope-guard': scopeViolations, 'empty-turn': turnWrites, threshold: lenientThreshold };

/** Patches that rewrite checker copies and regrade (the others guard the shipped verdicts). */
const REWRITES: PatchName[] = ['cardinality', 'empty-turn'];

type Loaded = Awaited<ReturnType<typeof load>>;

/** What a repair regrades: `cells` of the audited run, from its increment, with the options' workers, time limit and progress. */
const regradeOf = (l: Loaded, opts: RepairOptions, cells: Loaded['manifest']): Regrade => ({
  cells,
  incrementDir: l.incDir,
  increment: l.increment,
  workers: opts.workers,
  limitMs: opts.limitMs,
  progress: opts.progress,
  scored: opts.scored,
});

async function load(runDir: string, mutants?: string) {
  const { incDir, increment, manifest, ledger } = await loadRun(runDir, mutants);
  const cls = classify(manifest, ledger, increment.target.semantics);
  if (cls.unscored.length) {
    throw new InputError(`${runDir}: ${cls.unscored.length} cells are not scored yet; resume the run (blindspot audit --out ${runDir}) before repairing`);
  }
  return { runDir, incDir, increment, manifest, cls, effects: new Map(ledger.map((e) => [e.cell, e.effect])) };
}

/** The frozen checker files found on disk, re-hashed; files not readable from here (another language's bridge) are noted, not judged. */
function shippedState(inc: Increment, files: LocatedChecker[], notes: string[]): RepairResult['shipped'] {
  const missing = files.filter((f) => !f.file);
  if (missing.length) notes.push(`${missing.length} checker file(s) are not readable from here, so their hashes were not re-checked: ${missing.map((f) => f.path).join(', ')}`);
  return { checkerHash: inc.target.checkerHash, files: files.filter((f) => f.file).map((f) => ({ path: f.path, sha256: f.sha256, unchanged: f.intact })) };
}

async function taskParams(inc: Increment): Promise<Map<string, Record<string, Json>>> {
  return withTarget(inc.target.spec, { unseal: inc.selection.unseal }, async (target) => new Map((await target.tasks()).map((t) => [t.id, t.params])));
}

/** The confirmed false accepts whose readback shows a row count other than the reference's. */
const cardinalityTargets = (l: Loaded) => l.cls.cells.filter((c) => c.falseAccept && mechanismIn(c, l.cls, l.effects, MECHANISM.cardinality).length > 0);

async function cardinality(l: Loaded, out: string, opts: RepairOptions, notes: string[]) {
  const files = locateCheckers(l.increment.target.checkerFiles);
  const broken = files.filter((f) => !f.intact);
  if (broken.length) {
    throw new ProtocolError(`checker files changed or missing since increment ${l.increment.id} was frozen: ${broken.map((f) => f.path).join(', ')}; the patch must start from the audited source`);
  }
  const targeted = cardinalityTargets(l);
  const generators = [...new Set(targeted.map((c) => c.generator))].sort();
  const implicated = generators.map((g) => {
    const f = checkerOfGenerator(files, g);
    if (!f?.file?.endsWith('.ts')) {
      throw new InputError(`cardinality: no TypeScript checker file named after generator ${g} in the increment's checker files; use --patch count-guard for checkers in other layouts or languages`);
    }
    return { generator: g, ...f, file: f.file };
  });
  const sourceDir = checkerDirOf(l.incDir, l.increment) ?? dirname(files[0].file!);
  const copyDir = join(out, 'checkers');
  await rm(copyDir, { recursive: true, force: true });
  await cp(sourceDir, copyDir, { recursive: true, filter: (f) => !isCompiledTwin(f) });
  // Outside this package the TypeScript copies would load as CommonJS; a package.json
  // (not a checker file, so not in the checker hash) keeps them ES modules like the originals.
  await writeFile(join(copyDir, 'package.json'), JSON.stringify({ type: 'module', private: true }) + '\n', { flag: 'wx' }).catch(() => undefined);

  const params = await taskParams(l.increment);
  const controls = l.manifest.filter((c) => c.arm === 'control');
  const patched: NonNullable<RepairResult['copies']>['patched'] = [];
  // generators whose copy now asserts a count: a checker that reads no added rows is copied unchanged
  const asserted = new Set<string>();
  const change: string[] = [];
  for (const f of implicated) {
    const counts: ReferenceCounts[] = [];
    for (const c of controls.filter((x) => x.generator === f.generator)) {
      const ref = l.cls.referenceEffects[c.trajectory];
      if (!ref) {
        notes.push(`${c.trajectory}: its control did not deliver or read back, so the patched ${f.generator} checker has no count for it and fails it`);
        continue;
      }
      const added = Object.fromEntries(Object.entries(ref).map(([t, e]) => [t, e.added.length]));
      counts.push({ key: canonicalJson(params.get(c.trajectory)), task: c.trajectory, added });
    }
    const source = await readFile(f.file, 'utf8');
    const header = `// blindspot repair copy (cardinality patch) of ${f.path}, sha256 ${f.sha256}; increment ${l.increment.id}. Not the shipped checker.`;
    const p = patchCardinality(f.path, source, counts, header);
    if (!p.tables.length) notes.push(`${f.path}: the checker reads no added rows, so the cardinality patch has nothing to assert`);
    const dest = join(copyDir, relative(sourceDir, f.file));
    await writeFile(dest, p.source);
    patched.push({ path: relative(l.runDir, dest), sha256: sha256(p.source), tables: p.tables, skipped: p.skipped });
    change.push(unifiedDiff(source, p.source, `a/${f.path}`, `b/${f.path}`));
    if (p.tables.length) asserted.add(f.generator);
  }
  // Every fault cell, not only the targeted ones, so a patch that breaks anything shows it.
  const cells = l.manifest.filter((c) => c.arm === 'control' || c.arm === 'fault');
  const { verdicts, regrade } = await regradeCopies(regradeOf(l, opts, cells), 'cardinality', copyDir, out, l.runDir);
  return { verdicts, copies: { dir: relative(l.runDir, copyDir), patched }, regrade, change: change.join(''), checkerPatched: (_task: string, generator: string) => asserted.has(generator) };
}

/** What the triage file says of a cell's construction, by cell id. */
function triageOf(l: Loaded, triage: Triage | undefined): ((cell: string) => FlipTriage | undefined) | undefined {
  if (!triage) return undefined;
  const cells = new Map(l.manifest.map((c) => [c.id, c]));
  return (id) => {
    const cell = cells.get(id);
    const entry = cell && triage.byKey.get(cellKey(l.increment.target.name, cell) ?? '');
    return entry && { status: entry.status, reason: entry.reason };
  };
}

export async function repair(opts: RepairOptions): Promise<RepairResult> {
  const runDir = resolve(opts.runDir);
  const l = await load(runDir, opts.mutants);
  const out = join(runDir, 'repair', opts.patch);
  const notes: string[] = [];
  const mechanism = MECHANISM[opts.patch];
  const rewrites = REWRITES.includes(opts.patch);
  const python = rewrites ? await (await targetFactory(l.increment.target.spec)).pythonRepair?.() : undefined;
  // a refused patch writes nothing, so it is refused before repair/<patch>/ is made
  if (python) pythonPatchKnown(opts.patch, python);
  if (opts.patch === 'empty-turn' && !python) {
    throw new InputError(`--patch empty-turn rewrites BFCL's multi-turn checker; ${l.increment.target.spec} is not a Python target with that rewrite`);
  }
  // with one checker per episode there is no stricter rule to patch to: every count would be 0/0
  if (opts.patch === 'threshold' && !l.cls.cells.some((c) => c.checkers)) {
    throw new InputError(`--patch threshold moves a target that judges each episode with several checkers (miniwob) to the strictest of them; ${l.increment.target.spec} judges each with one`);
  }
  // The TypeScript patch is derived from the targeted cells: with none it would copy every
  // checker unchanged and regrade the whole run to report 0/0, an empty table and controls
  // 'preserved' by checkers nobody touched. (A Python rewrite is a fixed change, worth
  // regrading on any run: its controls show it is safe.)
  if (opts.patch === 'cardinality' && !python && !cardinalityTargets(l).length) {
    const fas = l.cls.cells.filter((c) => c.falseAccept).length;
    throw new InputError(
      `repair: run ${opts.runDir} has no confirmed false accept whose readback shows a row count other than the reference's ` +
        `(${fas ? `its ${fas} confirmed false accept(s) show other mechanisms; --patch scope-guard reports what a readback guard would catch` : 'it has no confirmed false accept'}); the cardinality patch would change no checker`,
    );
  }
  // repair/<patch>/ is made by the first thing written into it, after the patch's own
  // refusals (checker files changed since freeze, nothing to patch): a refused repair writes nothing
  // a Python rewrite regrades every arm whose cells a checker judges on their own
  // trajectory: a count patch also closes do-nothing passes (floor) and search findings
  const produced: Partial<Omit<PythonRepairOutput, 'checkerPatched'>> & Pick<PythonRepairOutput, 'verdicts'> & { checkerPatched?: (task: string, generator: string) => boolean | undefined } = python
    ? await pythonRepair(opts.patch, python, runDir, out, regradeOf(l, opts, l.manifest.filter((c) => c.arm !== 'swap')), notes)
    : opts.patch === 'cardinality'
      ? await cardinality(l, out, opts, notes)
      : { verdicts: opts.patch === 'threshold' ? thresholdVerdicts(l.cls) : guardedVerdicts(l.cls, l.effects, mechanism, opts.patch) };
  if (opts.patch === 'threshold') {
    notes.push('threshold regrades every cell with the strictest checker of its episode (all of them must pass): the same recorded reward under the stricter success rule; nothing was rerun.');
  } else if (!rewrites) {
    notes.push(`${opts.patch} is computed from the retained readback over the shipped verdicts: it reports what a guarded checker would catch; nothing was rerun.`);
    notes.push('Controls are their own reference effects here, so a guard cannot break them in this run; it could on a rerun whose readback differs.');
  }
  const result = buildResult(
    {
      patch: opts.patch,
      mode: rewrites ? 'regraded' : 'would-catch',
      // as the user named it: an absolute path would tie a committed result to one machine
      run: { dir: opts.runDir, incrementId: l.increment.id, incrementHash: l.increment.hash },
      // the shipped files read again after the repair: the copies must never have touched them
      shipped: produced.shipped ?? shippedState(l.increment, locateCheckers(l.increment.target.checkerFiles), notes),
      copies: produced.copies,
      regrade: produced.regrade,
      upstream: produced.upstream,
      change: produced.change,
      ...(opts.triage ? { triage: { file: opts.triage.file, sha256: opts.triage.sha256 } } : {}),
      notes,
    },
    l.cls,
    l.effects,
    mechanism,
    produced.verdicts,
    produced.checkerPatched,
    triageOf(l, opts.triage),
  );
  await writeReports(out, REPAIR_REPORTERS, result);
  return result;
}
