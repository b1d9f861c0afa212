// A paired perturbation run: every instance of a frozen set (each task's clean
// inputs and its validated perturbations) worked by one agent, each on a fresh
// environment. Episodes go to a hash-chained ledger as they end, one write each,
// so a run killed at any point resumes with every finished episode kept and
// every unfinished one run again: each instance is recorded exactly once.
import { existsSync, readFileSync, writeFileSync, renameSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenOptions } from '../contract/target.ts';
import { InputError } from '../util/errors.ts';
import { hashJson } from '../util/hash.ts';
import { readLedger, LedgerWriter, type LedgerCheck } from '../run/ledger.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { lockRunFolder } from '../run/lock.ts';
import { createProgress } from '../run/progress.ts';
import type { AgentSpec } from '../agent/protocol.ts';
import { packSet, unpackSet, verifyPerturbSet, type PackedSet, type PerturbSet } from './freeze.ts';
import type { EpisodeLimits } from './episode.ts';
import { runPool } from './pool.ts';
import type { EpisodeRecord } from './record.ts';

export const SET_FILE = 'perturbations.json';
export const EPISODES_FILE = 'episodes.jsonl';
export const PERTURB_RUN_FILE = 'perturb-run.json';
export const DEFAULT_GRADE_MS = 60_000;

export interface PerturbRunFile {
  schema: 'blindspot.perturb-run/1';
  agent: string;
  /** the agent's command, for a process agent (never its environment: keys stay out of reports) */
  command?: string[];
  set: string;
  sessions: { startedAt: string; endedAt?: string; episodes: number; resumedFrom: number }[];
}

export interface PerturbRunOptions {
  out: string;
  set: PerturbSet;
  agent: AgentSpec;
  workers: number;
  limits: EpisodeLimits;
  progress: boolean;
  /** target options (checker copies for a planted-checker test, `suite=`...) the set's spec does not carry */
  open?: OpenOptions;
  /** beyond the agent's time limit, how long grading an episode may take before its worker is stopped (default 60 s) */
  gradeMs?: number;
}

export interface PerturbRunResult {
  records: EpisodeRecord[];
  ran: number;
  resumed: number;
  droppedTornLine: boolean;
}

const genesisOf = (set: PerturbSet, agent: string) => hashJson({ set: set.hash, agent });

/** What every line of a run's ledger must be: on this set's chain, an instance of the set, with its record. */
function ledgerCheck(set: PerturbSet, agent: string): LedgerCheck {
  const ids = new Set(set.instances.map((i) => i.id));
  return {
    incrementHash: genesisOf(set, agent),
    cellProblem: (e) => (ids.has(e.cell) ? (e.record ? undefined : 'no episode record') : `instance ${e.cell} is not in the set`),
  };
}

export function readSet(file: string): PerturbSet {
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(`${file}: ${(e as Error).message}`);
  }
  return verifyPerturbSet(unpackSet(v as PackedSet), file);
}

export function writeJsonAtomic(file: string, value: unknown): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2) + '\n');
  renameSync(`${file}.tmp`, file);
}

/** The records of a run folder, verified against the set and the agent it was run with. */
export function readEpisodes(out: string): { set: PerturbSet; run: PerturbRunFile; records: EpisodeRecord[]; droppedTornLine: boolean } {
  const runFile = join(out, PERTURB_RUN_FILE);
  if (!existsSync(runFile)) throw new InputError(`${out}: not a perturbation run folder (no ${PERTURB_RUN_FILE})`);
  const run = JSON.parse(readFileSync(runFile, 'utf8')) as PerturbRunFile;
  const set = readSet(join(out, SET_FILE));
  if (run.set !== set.hash) throw new InputError(`${runFile}: field set: the run was made on set ${run.set.slice(0, 12)}, the folder holds ${set.hash.slice(0, 12)}`);
  const state = readLedger(join(out, EPISODES_FILE), ledgerCheck(set, run.agent));
  return { set, run, records: state.entries.map((e) => e.record as unknown as EpisodeRecord), droppedTornLine: state.droppedTornLine };
}

export async function runPerturbations(o: PerturbRunOptions): Promise<PerturbRunResult> {
  const release = lockRunFolder(o.out);
  try {
    mkdirSync(o.out, { recursive: true });
    const runFile = join(o.out, PERTURB_RUN_FILE);
    const prior = existsSync(runFile) ? (JSON.parse(readFileSync(runFile, 'utf8')) as PerturbRunFile) : undefined;
    if (prior && prior.agent !== o.agent.name) throw new InputError(`${o.out}: this folder holds a run of agent '${prior.agent}'; give another --out for '${o.agent.name}'`);
    if (prior && prior.set !== o.set.hash) throw new InputError(`${o.out}: this folder holds a run on set ${prior.set.slice(0, 12)}, not ${o.set.hash.slice(0, 12)}; give another --out`);
    const setFile = join(o.out, SET_FILE);
    if (!existsSync(setFile)) writeJsonAtomic(setFile, packSet(o.set));
    const ledgerFile = join(o.out, EPISODES_FILE);
    const state = readLedger(ledgerFile, { ...ledgerCheck(o.set, o.agent.name), repair: true });
    const done = new Set(state.entries.map((e) => e.cell));
    const todo = o.set.instances.filter((i) => !done.has(i.id));
    const run: PerturbRunFile = prior ?? { schema: 'blindspot.perturb-run/1', agent: o.agent.name, ...(o.agent.command ? { command: o.agent.command } : {}), set: o.set.hash, sessions: [] };
    const session: PerturbRunFile['sessions'][number] = { startedAt: new Date().toISOString(), episodes: 0, resumedFrom: done.size };
    run.sessions.push(session);
    writeJsonAtomic(runFile, run);

    const writer = new LedgerWriter(ledgerFile, state.head || genesisOf(o.set, o.agent.name));
    const progress = createProgress(o.progress, o.set.instances.length, done.size, undefined, 'episodes');
    const records = state.entries.map((e) => e.record as unknown as EpisodeRecord);
    try {
      await runPool({
        set: o.set,
        open: o.open ?? {},
        agent: o.agent,
        limits: o.limits,
        gradeMs: o.gradeMs ?? DEFAULT_GRADE_MS,
        workers: o.workers,
        instances: todo.map((i) => i.id),
        onRecord: (record) => {
          const entry: LedgerEntry = { cell: record.instance, status: 'scored', verdict: { verdict: record.verdict, detail: record.detail }, ms: record.ms, at: new Date().toISOString(), record: record as unknown as Record<string, unknown> };
          writer.append([entry]);
          records.push(record);
          session.episodes++;
          progress.tick(entry);
        },
      });
    } finally {
      progress.stop();
      writer.close();
    }
    session.endedAt = new Date().toISOString();
    writeJsonAtomic(runFile, run);
    const order = new Map(o.set.instances.map((i, k) => [i.id, k]));
    records.sort((a, b) => order.get(a.instance)! - order.get(b.instance)!);
    return { records, ran: session.episodes, resumed: done.size, droppedTornLine: state.droppedTornLine };
  } finally {
    release();
  }
}
