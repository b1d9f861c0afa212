// A paired perturbation run: every instance of a frozen set (each task's clean
// inputs and its validated perturbations) worked by one agent, each on a fresh
// environment. It is a run of the set's increment on the run core, with
// episodes as its job kind (job.ts): the hash-chained ledger with sessions and
// checkpoints, the writer lock, signals, calibrated phase limits, shards and
// merge are the fault arm's. A run killed at any point resumes with every
// finished episode kept and every unfinished one run again.
import { InputError } from '../util/errors.ts';
import { runIncrement } from '../run/run.ts';
import { readRunFile } from '../run/runfile.ts';
import { readRunLedger } from '../run/verify.ts';
import { locateIncrement } from '../run/locate.ts';
import { shardCells, type Shard } from '../run/shard.ts';
import { loadIncrement, loadManifest } from '../protocol/increment.ts';
import type { AgentSpec } from '../agent/protocol.ts';
import { setOf, type PerturbSet } from './freeze.ts';
import type { EpisodeLimits } from './episode.ts';
import { episodeKind } from './job.ts';
import type { EpisodeRecord } from './record.ts';
import { join } from 'node:path';

interface PerturbRunOptions {
  out: string;
  set: PerturbSet;
  agent: AgentSpec;
  workers: number;
  limits: EpisodeLimits;
  progress: boolean;
  /** the time limit of each grading phase (read back, check); undefined: calibrated on the clean episodes */
  limitMs?: number;
  /** run only this shard's share of the set's tasks (`blindspot merge` combines them) */
  shard?: Shard;
  /** stop after this many newly run episodes (tests of resume) */
  stopAfter?: number;
}

/** The records of a run folder (a shard's too), verified against the set's increment, in the set's order. */
export async function readEpisodes(out: string): Promise<{ set: PerturbSet; records: EpisodeRecord[] }> {
  const run = await readRunFile(out);
  // a fault run's run.json names no agent: said as what it is, and what reads it
  if (run && !run.agent) throw new InputError(`${out} is a fault run (increment ${run.increment.id}), not a perturbation run; \`blindspot report ${out}\` reads it`);
  if (!run?.agent) throw new InputError(`${join(out, 'run.json')}: not a perturbation run folder (no run.json naming an agent)`);
  const dir = locateIncrement(out, run);
  const inc = await loadIncrement(dir);
  const manifest = await loadManifest(dir, inc);
  const cells = run.shard ? shardCells(manifest, run.shard) : manifest;
  const order = new Map(cells.map((c, k) => [c.id, k]));
  const { entries } = readRunLedger(out, inc, cells, run);
  const records = entries.map((e) => e.record as unknown as EpisodeRecord).sort((a, b) => order.get(a.instance)! - order.get(b.instance)!);
  return { set: setOf(dir, inc, manifest), records };
}

export async function runPerturbations(o: PerturbRunOptions): Promise<{ records: EpisodeRecord[]; ran: number; resumed: number; status: string }> {
  const result = await runIncrement({
    incrementDir: o.set.dir,
    runDir: o.out,
    workers: o.workers,
    limitMs: o.limitMs,
    progress: o.progress,
    kind: episodeKind(o.set.dir, o.agent, o.limits),
    shard: o.shard,
    stopAfter: o.stopAfter,
  });
  const { records } = await readEpisodes(o.out);
  return { records, ran: result.scoredNow, resumed: result.alreadyScored, status: result.status };
}
