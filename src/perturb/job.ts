// Perturbation episodes as a job kind of the run core (src/run/kind.ts): each
// scorer the pool starts (a worker thread, or a child process for a module
// target) loads this module, reads the set's shared inputs from its increment,
// and runs the episodes it is sent with the run's agent. A scorer that dies or
// is stopped costs its episode, recorded as a checker Error that says why.
import type { Cell } from '../contract/cell.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import type { JobKind, OpenKind } from '../run/kind.ts';
import { brokenEntry } from '../run/score.ts';
import type { AgentSpec } from '../agent/protocol.ts';
import { BUILTIN_AGENTS } from '../agent/builtin.ts';
import { processAgent } from '../agent/process.ts';
import { loadIncrement } from '../protocol/increment.ts';
import { runEpisode, type EpisodeLimits } from './episode.ts';
import { instanceOf, type PerturbExtras } from './freeze.ts';
import { familyParts, type EpisodeRecord } from './record.ts';

/** What a scorer is sent: plain data, so a child process gets it too. */
interface EpisodeKindInit {
  incrementDir: string;
  agent: { name: string; builtin?: string; command?: string[] };
  limits: EpisodeLimits;
}

const entryOf = (record: EpisodeRecord): LedgerEntry => ({
  cell: record.instance,
  status: 'scored',
  verdict: { verdict: record.verdict, detail: record.detail },
  ms: record.ms,
  at: new Date().toISOString(),
  record: record as unknown as Record<string, unknown>,
});

/** The record of an episode whose scorer was stopped or died: graded Error, never Pass, saying why. */
function lostEpisode(cell: Cell, agent: string, why: string): LedgerEntry {
  return entryOf({
    agent,
    instance: cell.id,
    task: cell.checker,
    ...familyParts(cell.family as EpisodeRecord['family']),
    verdict: 'error',
    detail: `the episode ${why}`,
    success: false,
    effect: 'differs',
    graderFalseAccept: false,
    calls: 0,
    asked: 0,
    agentError: 'stopped with its scorer',
    ms: 0,
  });
}

export function episodeKind(incrementDir: string, agent: AgentSpec, limits: EpisodeLimits): JobKind {
  const command = agent.command ? { command: agent.command } : {};
  return {
    module: import.meta.url,
    init: { incrementDir, agent: { name: agent.name, ...(agent.builtin ? { builtin: agent.builtin } : {}), ...command }, limits } satisfies EpisodeKindInit,
    lost: (cell, why) => lostEpisode(cell, agent.name, why),
    deliverMs: limits.timeMs,
    agent: { name: agent.name, ...command },
    unit: 'episodes',
    // an agent killed by the Ctrl-C that stops the run did not fail its episode
    broken: (e) => brokenEntry(e) || e.record?.agentError !== undefined,
  };
}

export const openKind: OpenKind = async (target, raw) => {
  const init = raw as EpisodeKindInit;
  const extras = (await loadIncrement(init.incrementDir)).extras.perturb as PerturbExtras;
  const { semantics } = await target.describe();
  const agent = init.agent.builtin ? BUILTIN_AGENTS[init.agent.builtin]() : processAgent(init.agent.command!, init.agent.name);
  return async (cell, _limitMs, onPhase) => {
    const instance = instanceOf(cell, extras);
    return entryOf(await runEpisode(target, extras, instance, extras.clean[instance.task], agent, init.limits, semantics, onPhase));
  };
};
