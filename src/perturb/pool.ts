// Episodes run on supervised workers (supervise.ts), each with its own target:
// threads for blindspot's own targets, child processes for a module target. A
// checker that hangs or kills its worker costs its own episode, recorded as a
// checker Error that says why, never the run and never a Pass.
import type { OpenOptions } from '../contract/target.ts';
import { packSet, type PackedSet, type PerturbSet } from './freeze.ts';
import type { EpisodeLimits } from './episode.ts';
import { familyParts, type EpisodeRecord } from './record.ts';
import type { AgentSpec } from '../agent/protocol.ts';
import { runSupervised } from './supervise.ts';
import { besideModule } from '../util/install.ts';
import { ownsCode } from '../target/registry.ts';

export interface EpisodeWorkerInit {
  set: PackedSet;
  open: OpenOptions;
  agent: { name: string; builtin?: string; command?: string[] };
  limits: EpisodeLimits;
}

export interface PoolRun {
  set: PerturbSet;
  open: OpenOptions;
  agent: AgentSpec;
  limits: EpisodeLimits;
  /** beyond the agent's limit: how long grading (check, read back, close) may take */
  gradeMs: number;
  workers: number;
  instances: string[];
  onRecord: (r: EpisodeRecord) => void;
}

/** The record of an episode whose thread was stopped or died: graded Error, never Pass, saying why. */
export function lostRecord(set: PerturbSet, id: string, agent: string, why: string): EpisodeRecord {
  const i = set.instances.find((x) => x.id === id)!;
  return {
    agent,
    instance: id,
    task: i.task,
    ...familyParts(i.family),
    verdict: 'error',
    detail: `the episode ${why}`,
    success: false,
    effect: 'differs',
    graderFalseAccept: false,
    calls: 0,
    asked: 0,
    agentError: 'stopped with its worker thread',
    ms: 0,
  };
}

export function runPool(o: PoolRun): Promise<void> {
  const init: EpisodeWorkerInit = {
    set: packSet(o.set),
    open: o.open,
    agent: { name: o.agent.name, ...(o.agent.builtin ? { builtin: o.agent.builtin } : {}), ...(o.agent.command ? { command: o.agent.command } : {}) },
    limits: o.limits,
  };
  return runSupervised<string, EpisodeRecord>({
    module: besideModule(import.meta.url, 'worker'),
    init,
    jobs: o.instances,
    workers: o.workers,
    deadlineMs: o.limits.timeMs + o.gradeMs,
    isolate: !ownsCode(o.set.target),
    onResult: (_, record) => o.onRecord(record),
    onLost: (id, why) => o.onRecord(lostRecord(o.set, id, o.agent.name, why)),
  });
}
