import { chmodSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { checkerDirOf, loadIncrement, loadManifest, verifyAgainst, type Increment } from '../protocol/increment.ts';
import type { Cell } from '../contract/cell.ts';
import { openTarget, ownsCode, targetFactory } from '../target/registry.ts';
import type { OpenOptions, Target } from '../contract/target.ts';
import { InputError, Interrupted } from '../util/errors.ts';
import { makeDir } from '../util/made-dirs.ts';
import { LedgerWriter } from './ledger.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { ledgerPath, readRunLedger } from './verify.ts';
import { lockRunFolder } from './lock.ts';
import { Pool, type PoolOptions } from './pool.ts';
import { brokenEntry, refusedEntry } from './score.ts';
import { agentOf, endedSessions, newRunFile, readRunFile, writeRunFile, type RunFile, type Session } from './runfile.ts';
import { createProgress } from './progress.ts';
import type { SearchSpec } from '../search/arm.ts';
import type { OperatorSet } from '../search/plan.ts';
import { formatShard, shardCells, type Shard } from './shard.ts';
import { calibrate, CALIBRATION } from './time-limit.ts';

export interface RunOptions extends Pick<PoolOptions, 'workers' | 'workerThresholdMs' | 'kind'> {
  incrementDir: string;
  runDir: string;
  /** per-cell time limit; undefined: calibrated on the run's controls (run/time-limit.ts) */
  limitMs?: number;
  progress?: boolean;
  /**
   * The increment's target, already open (with its unseal and checker directory)
   * by a caller that froze the increment; the caller closes it. Saves a second
   * start-up of a bridge or a browser. Not used for a stateful target, which is
   * scored on the run's own state (see targetStateDir).
   */
  target?: Target;
  /** stop after this many newly scored cells (tests of resume) */
  stopAfter?: number;
  /** score only this shard's share of the manifest (run/shard.ts) */
  shard?: Shard;
}

export interface RunResult {
  runDir: string;
  increment: Increment;
  scoredNow: number;
  alreadyScored: number;
  /** cells of the manifest (of the shard's share, for a shard) */
  total: number;
  /** cells the search derived while shrinking (in the ledger, not in the manifest) */
  derived: number;
  status: Session['status'];
}

export { ledgerPath };

/**
 * The result of a run that scored every cell. A command that reads every cell's
 * verdict once its run ends (guard, repair, rerun) would read the unscored ones
 * as changed or missing: it ends with Interrupted instead, saying `then` (what
 * is kept, how to go on).
 */
export function completed<R extends RunResult>(result: R, what: string, then: string): R {
  if (result.status === 'complete') return result;
  throw new Interrupted(`${what} interrupted: ${result.alreadyScored + result.scoredNow} of ${result.total} cells scored; ${then}`);
}

/**
 * Where a stateful target keeps this run's state (OpenOptions.stateDir): inside the
 * run folder, so every worker and every resumed session finds it, and private to
 * its owner. Not an artifact of the run: no checksum covers it.
 */
function targetStateDir(runDir: string): string {
  const dir = resolve(runDir, 'target-state');
  makeDir(runDir); // first: a recursive mkdir would give the run folder the mode too
  makeDir(dir, { mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * The run `runDir` already holds, refused unless it is a run of this increment,
 * shard and agent (which the caller resumes); undefined when it holds none.
 */
export async function resumableRun(runDir: string, inc: Pick<Increment, 'id' | 'hash'>, shard: Shard | undefined, agent: RunFile['agent']): Promise<RunFile | undefined> {
  const existing = await readRunFile(runDir);
  if (!existing) return undefined;
  if (existing.increment.hash !== inc.hash) {
    throw new InputError(
      `${join(runDir, 'run.json')}: increment.hash: this folder holds a run of increment ${existing.increment.id}, not ${inc.id}; choose another --out`,
    );
  }
  const had = existing.shard ? `shard ${formatShard(existing.shard)}` : 'every cell (no shard)';
  const want = shard ? `shard ${formatShard(shard)}` : 'every cell (no shard)';
  if (had !== want) throw new InputError(`${join(runDir, 'run.json')}: shard: this folder scores ${had}, not ${want}; resume it with the same --shard, or choose another --out`);
  if (existing.agent?.name !== agent?.name) throw new InputError(`${join(runDir, 'run.json')}: agent: this folder holds a run of ${agentOf(existing)}, not of ${agentOf({ agent })}; choose another --out`);
  if (existing.merged) throw new InputError(`${join(runDir, 'run.json')}: merged: this folder was made by \`blindspot merge\` and is not scored any further`);
  return existing;
}

/** Opens a run folder, creating it for this increment or checking it belongs to it. */
async function prepareRunFile(runDir: string, incDir: string, inc: Increment, shard: Shard | undefined, agent: RunFile['agent']): Promise<RunFile> {
  const existing = await resumableRun(runDir, inc, shard, agent);
  if (existing) return existing;
  makeDir(runDir);
  return {
    ...newRunFile(basename(runDir), runDir, incDir, inc),
    sessions: [],
    ...(shard ? { shard } : {}),
    ...(agent ? { agent } : {}),
  };
}

/** The yardsticks a run calibrates its limit on: the references, and the perturbation arm's clean episodes. */
const isControl = (c: Cell) => c.arm === 'control' || (c.arm === 'perturb' && c.family === 'clean');
/** Controls first: a failing control changes how every fault cell of its task reads. */
const byArm = (a: Cell, b: Cell) => Number(!isControl(a)) - Number(!isControl(b));

export async function runIncrement(opts: RunOptions): Promise<RunResult> {
  const inc = await loadIncrement(opts.incrementDir);
  const manifest = await loadManifest(opts.incrementDir, inc);
  const cells = opts.shard ? shardCells(manifest, opts.shard) : manifest;
  const checkerDir = checkerDirOf(opts.incrementDir, inc);
  const unlock = lockRunFolder(opts.runDir);
  try {
    const stateful = (await targetFactory(inc.target.spec)).stateful === true;
    const open: OpenOptions = {
      unseal: inc.selection.unseal,
      ...(checkerDir ? { checkerDir } : {}),
      ...(stateful ? { stateDir: targetStateDir(opts.runDir) } : {}),
    };
    // A caller's target was opened without this run's state, so a stateful one is opened here.
    const own = stateful || !opts.target;
    const target = own ? await openTarget(inc.target.spec, open) : opts.target!;
    try {
      const info = await target.describe();
      await verifyAgainst(opts.incrementDir, inc, info);
      // a search's operators are loaded, and a changed plugin refused, before the run folder is touched
      const spec = inc.extras.search as SearchSpec | undefined;
      // the search's modules load only for a search run: every other run would pay for them before its first cell
      const search = spec ? { spec, ops: await (await import('../search/load.ts')).loadOperators(spec) } : undefined;
      return await scoreRun(opts, inc, cells, target, open, search, info.capabilities.includes('pipeline'));
    } finally {
      if (own) await target.close();
    }
  } finally {
    unlock();
  }
}

/**
 * While cells are scored, an exit the engine did not ask for (a checker calling
 * process.exit in a target scored in this process) must not report success.
 */
function guardExit(what: () => string): () => void {
  const onExit = (code: number) => {
    if (code === 0) {
      process.exitCode = 1;
      process.stderr.write(`blindspot: the process exited while ${what()}; the run is not finished (exit code 1). Resume it with the same --out.\n`);
    }
  };
  process.on('exit', onExit);
  return () => process.off('exit', onExit);
}

async function scoreRun(
  opts: RunOptions,
  inc: Increment,
  cells: Cell[],
  target: Target,
  open: OpenOptions,
  search: { spec: SearchSpec; ops: OperatorSet } | undefined,
  /** the target serves its episodes in order (capability pipeline), so the main thread keeps several cells in flight */
  pipeline: boolean,
): Promise<RunResult> {
  const run = await prepareRunFile(opts.runDir, opts.incrementDir, inc, opts.shard, opts.kind?.agent);
  const { entries, droppedTornLine, head } = readRunLedger(opts.runDir, inc, cells, run, true);
  run.sessions = endedSessions(run.sessions, entries.length);
  // every cell recorded so far, this session's included
  const byId = new Map(entries.map((e) => [e.cell, e]));
  const session: Session = {
    startedAt: new Date().toISOString(),
    status: 'running',
    alreadyScored: byId.size,
    scored: 0,
    droppedTornLine,
    workers: opts.workers,
  };
  const resumesInterrupted = run.sessions.some((s) => s.status !== 'complete');
  run.sessions.push(session);
  if (resumesInterrupted && target.recover) session.recovered = await target.recover();
  run.ledger = { lines: entries.length, head };
  await writeRunFile(opts.runDir, run);

  const ledger = new LedgerWriter(ledgerPath(opts.runDir), head);
  const pending = cells.filter((c) => !byId.has(c.id)).sort(byArm);
  const progress = await createProgress(opts.progress ?? false, cells.length, byId.size, undefined, opts.kind?.unit);
  let stopRequested = false;
  // Derived cells (search shrinking) are scored on request: who asked, and what to record with them.
  const derived = new Map<string, { info: NonNullable<LedgerEntry['derived']>; settle: (e: LedgerEntry | undefined) => void }>();
  const broken = opts.kind?.broken ?? brokenEntry;
  const record = (batch: LedgerEntry[]) => {
    // a derived entry is a new object: the scorer's JSON text of it (ledger.ts) lacks `derived`
    const fresh = batch
      // A Ctrl-C reaches the whole process group: a bridge, an agent or a scorer process
      // dies of it mid-cell. What goes wrong after a signal is left for the next session
      // to score, never recorded as the checker's Error or the agent's failure.
      .filter((e) => !byId.has(e.cell) && !(session.signal && broken(e)))
      .map((e) => {
        const d = derived.get(e.cell);
        return d ? { ...e, derived: d.info } : e;
      });
    ledger.append(fresh);
    for (const e of fresh) {
      byId.set(e.cell, e);
      derived.get(e.cell)?.settle(e);
      derived.delete(e.cell);
      progress.tick(e);
    }
    session.scored += fresh.length;
    if (opts.stopAfter !== undefined && session.scored >= opts.stopAfter) stopRequested = true;
  };
  // Refusals are known before anything runs, so they are recorded together.
  record(pending.filter((c) => !c.construction.ok).map(refusedEntry));
  const toScore = pending.filter((c) => c.construction.ok);

  let pool: Pool | undefined;
  const halt = () => {
    stopRequested = true;
    pool?.stop();
    for (const d of derived.values()) d.settle(undefined);
    derived.clear();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (session.signal) process.exit(130);
    session.signal = signal;
    halt();
  };
  // A search run is complete only once its findings are shrunk to minimal mutants.
  let searchComplete = !search;
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  const unguard = guardExit(() => `scoring ${run.id} (${session.scored} cells scored in this session)`);
  try {
    const startPool = (limitMs: number) =>
      new Pool({ workers: opts.workers, target: inc.target.spec, open, limitMs, ...(opts.kind ? { kind: opts.kind } : { local: target }), workerThresholdMs: opts.workerThresholdMs, isolate: !ownsCode(inc.target.spec), pipeline }, (e) => {
        record([e]);
        if (stopRequested) halt();
      });
    let rest = toScore;
    if (opts.limitMs === undefined) {
      // controls first, on a generous provisional limit; their times set the limit of every other cell
      const controls = toScore.filter(isControl);
      if (controls.length) {
        pool = startPool(CALIBRATION.provisionalMs);
        pool.add(controls);
        await pool.idle();
        // an episode's scorer keeps no limit of its own (the pool's watchdog limits its phases): its pool is
        // retimed, not booted a second time (a bridge or a browser per worker)
        if (!opts.kind) {
          pool.close();
          pool = undefined;
        }
      }
      rest = toScore.filter((c) => !isControl(c));
      session.timeLimit = calibrate(cells.filter(isControl).map((c) => byId.get(c.id)).filter((e): e is LedgerEntry => e !== undefined));
    } else session.timeLimit = { ms: opts.limitMs, source: 'flag' };
    if (!stopRequested) {
      if (pool) pool.retime(session.timeLimit.ms);
      else pool = startPool(session.timeLimit.ms);
      pool.add(rest);
      await pool.idle();
    }
    if (search && !stopRequested) {
      const { searchOutcome } = await import('../search/findings.ts');
      const outcome = await searchOutcome({
        ...search,
        semantics: inc.target.semantics,
        cells,
        entryOf: (id) => byId.get(id),
        score: (cell, parent, plan) =>
          stopRequested
            ? Promise.resolve(undefined)
            : new Promise((settle) => {
                derived.set(cell.id, { info: { parent, plan, steps: cell.construction.ok ? cell.construction.steps : [] }, settle });
                progress.extend();
                pool!.add([cell]);
              }),
      });
      searchComplete = outcome.complete;
    }
  } finally {
    pool?.close();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    unguard();
    ledger.close();
    progress.stop();
  }
  if (target.residue) {
    session.residue = await target.residue().catch((e: Error) => ({ checked: 'the residue check itself failed', found: [e.message] }));
  }
  const complete = cells.every((c) => byId.has(c.id)) && searchComplete;
  session.status = complete ? 'complete' : 'interrupted';
  session.endedAt = new Date().toISOString();
  run.ledger = { lines: entries.length + session.scored, head: ledger.lastHash };
  await writeRunFile(opts.runDir, run);
  return {
    runDir: opts.runDir,
    increment: inc,
    scoredNow: session.scored,
    alreadyScored: session.alreadyScored,
    total: cells.length,
    derived: byId.size - cells.filter((c) => byId.has(c.id)).length,
    status: session.status,
  };
}
