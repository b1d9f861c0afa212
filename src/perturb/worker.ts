// An episode worker thread: opens its own target, refuses one whose checkers
// or tasks moved since the set was frozen, and runs the episodes it is sent.
import { openTarget } from '../target/registry.ts';
import { BUILTIN_AGENTS } from '../agent/builtin.ts';
import { processAgent } from '../agent/process.ts';
import { runEpisode } from './episode.ts';
import { serveJobs } from './serve.ts';
import { unpackSet } from './freeze.ts';
import type { EpisodeWorkerInit } from './pool.ts';
import type { EpisodeRecord } from './record.ts';

await serveJobs<EpisodeWorkerInit, string, EpisodeRecord>(async (packed) => {
  const init = { ...packed, set: unpackSet(packed.set) };
  const target = await openTarget(init.set.target, init.open);
  const info = await target.describe();
  if (info.checkerHash !== init.set.checkerHash) {
    await target.close();
    throw new Error(`the target's checkers changed since the set was frozen (${init.set.checkerHash.slice(0, 12)} -> ${info.checkerHash.slice(0, 12)}); freeze a new set (for a planted or repaired checker, freeze with the same --checker-dir)`);
  }
  if (info.corpusHash !== init.set.corpusHash) {
    await target.close();
    throw new Error("the target's tasks or references changed since the set was frozen; freeze a new set");
  }
  const agent = init.agent.builtin ? BUILTIN_AGENTS[init.agent.builtin]() : processAgent(init.agent.command!, init.agent.name);
  const byId = new Map(init.set.instances.map((i) => [i.id, i]));
  const handle = (id: string) => {
    const instance = byId.get(id)!;
    return runEpisode(target, init.set, instance, byId.get(`${instance.task}::clean`)!.inputs, agent, init.limits, info.semantics);
  };
  return { handle, close: () => target.close() };
});
