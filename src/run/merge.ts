// `blindspot merge`: the shard run folders of one increment become one run folder,
// whose ledger is the shards' verified ledgers chained again in shard order, so
// report, repair, guard and triage read it like a run scored in one go. Anything
// that would make the merged run differ from a single run is refused: shards of
// different increments or splits, a shard missing, given twice or unfinished, a
// cell recorded by two shards or by none.
import { readdirSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { loadIncrement, loadManifest } from '../protocol/increment.ts';
import { InputError } from '../util/errors.ts';
import { makeDir } from '../util/made-dirs.ts';
import { LedgerWriter, ledgerGenesis } from './ledger.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { locateIncrement } from './locate.ts';
import { agentOf, newRunFile, readRunFile, writeRunFile, type RunFile } from './runfile.ts';
import { ledgerPath, readRunLedger } from './verify.ts';
import { formatShard, shardCells } from './shard.ts';
import { lockRunFolder, LOCK_FILE } from './lock.ts';
import { atomicLeftoverPid } from '../util/atomic.ts';

async function readShard(dir: string): Promise<{ dir: string; run: RunFile & { shard: NonNullable<RunFile['shard']> } }> {
  const run = await readRunFile(dir);
  if (!run) throw new InputError(`${join(dir, 'run.json')}: not found (expected a shard run folder written by \`blindspot run --shard i/n\`)`);
  if (!run.shard) throw new InputError(`${join(dir, 'run.json')}: shard: this run scored every cell itself; only shard runs (run --shard i/n) are merged`);
  return { dir, run: run as RunFile & { shard: NonNullable<RunFile['shard']> } };
}

/** One line naming what is wrong with the set of shards, or nothing. */
function setProblem(shards: Awaited<ReturnType<typeof readShard>>[]): string | undefined {
  const [first] = shards;
  for (const s of shards) {
    if (s.run.increment.hash !== first.run.increment.hash) {
      return `${s.dir} is a shard of increment ${s.run.increment.id}, ${first.dir} of ${first.run.increment.id}: shards of different increments cannot be merged`;
    }
    if (s.run.agent?.name !== first.run.agent?.name) {
      return `${s.dir} is a run of ${agentOf(s.run)}, ${first.dir} of ${agentOf(first.run)}: runs of different agents cannot be merged`;
    }
    if (s.run.shard.total !== first.run.shard.total) {
      return `${s.dir} is shard ${formatShard(s.run.shard)}, ${first.dir} shard ${formatShard(first.run.shard)}: the increment was split in different numbers of shards`;
    }
  }
  const total = first.run.shard.total;
  const byIndex = new Map<number, string[]>();
  for (const s of shards) byIndex.set(s.run.shard.index, [...(byIndex.get(s.run.shard.index) ?? []), s.dir]);
  for (const [i, dirs] of byIndex) if (dirs.length > 1) return `shard ${i}/${total} is given twice: ${dirs.join(', ')}`;
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) return `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${total}`).join(', ')} missing (given: ${[...byIndex.keys()].sort((a, b) => a - b).map((i) => `${i}/${total}`).join(', ')})`;
  for (const s of shards) {
    const last = s.run.sessions.at(-1);
    if (last?.status !== 'complete') {
      return `${s.dir}: shard ${formatShard(s.run.shard)} is not finished (last session ${last?.status ?? 'never started'}); resume it with \`blindspot run <increment> --shard ${formatShard(s.run.shard)} --out ${s.dir}\``;
    }
  }
  return undefined;
}

/**
 * Whether `out` holds what a merge killed before its run.json leaves, the merged
 * ledger alone (a run writes its run.json before its ledger, so only a merge
 * leaves one without it), which is removed so the merge is made again; false
 * for an empty folder. Anything else is refused: a folder of other files, or a
 * finished merge, whose report `blindspot report` writes again.
 */
async function leftByMerge(out: string, parts: NonNullable<RunFile['merged']>): Promise<boolean> {
  const held = readdirSync(out).filter((f) => f !== LOCK_FILE && atomicLeftoverPid(f) === undefined);
  if (!held.length) return false;
  if (held.length === 1 && held[0] === 'ledger.jsonl') {
    rmSync(ledgerPath(out));
    return true;
  }
  const same = held.includes('run.json') && JSON.stringify((await readRunFile(out).catch(() => undefined))?.merged) === JSON.stringify(parts);
  throw new InputError(same ? `--out: ${out} is not empty: it holds this merge of these shards already; \`blindspot report ${out}\` writes its report again` : `--out: ${out} is not empty; merge into a new folder`);
}

export async function mergeShards(dirs: string[], out: string, mutants?: string) {
  if (!dirs.length) throw new InputError('merge: name the shard run folders to merge');
  const shards = (await Promise.all(dirs.map(readShard))).sort((a, b) => a.run.shard.index - b.run.shard.index);
  const problem = setProblem(shards);
  if (problem) throw new InputError(`merge: ${problem}`);
  const incDir = locateIncrement(shards[0].dir, shards[0].run, mutants);
  const inc = await loadIncrement(incDir);
  const manifest = await loadManifest(incDir, inc);

  const entries: LedgerEntry[] = [];
  const recordedBy = new Map<string, string>();
  const parts: NonNullable<RunFile['merged']> = [];
  for (const s of shards) {
    const mine = shardCells(manifest, s.run.shard);
    // verified against its own share: a cell of another shard's share is refused here, with its line
    const ledger = readRunLedger(s.dir, inc, mine, s.run);
    const recorded = new Set(ledger.entries.map((e) => e.cell));
    const missing = mine.filter((c) => !recorded.has(c.id));
    if (missing.length) throw new InputError(`merge: ${s.dir}: shard ${formatShard(s.run.shard)} lacks ${missing.length} of its cells (e.g. ${missing[0].id}); resume it`);
    for (const e of ledger.entries) {
      const other = recordedBy.get(e.cell);
      if (other) throw new InputError(`merge: cell ${e.cell} is recorded by both ${other} and ${s.dir}`);
      recordedBy.set(e.cell, s.dir);
      const { prev: _prev, ...entry } = e;
      entries.push(entry);
    }
    parts.push({ shard: formatShard(s.run.shard), run: relative(resolve(out), resolve(s.dir)), lines: ledger.entries.length, head: ledger.head });
  }
  const uncovered = manifest.filter((c) => !recordedBy.has(c.id));
  if (uncovered.length) throw new InputError(`merge: ${uncovered.length} cells of the manifest are in no shard (e.g. ${uncovered[0].id})`);

  makeDir(out);
  // taken before the folder is looked at: a merge or run writing it now is refused by name, not taken for an interrupted merge
  const unlock = lockRunFolder(out);
  let redone: boolean;
  try {
    redone = await leftByMerge(out, parts);
    const writer = new LedgerWriter(ledgerPath(out), ledgerGenesis(inc.hash));
    writer.append(entries);
    writer.close();
    await writeRunFile(out, {
      ...newRunFile(basename(resolve(out)), out, incDir, inc),
      sessions: shards.flatMap((s) => s.run.sessions).sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
      ledger: { lines: entries.length, head: writer.lastHash },
      merged: parts,
      ...(shards[0].run.agent ? { agent: shards[0].run.agent } : {}),
    });
  } finally {
    unlock();
  }
  return {
    out,
    redone,
    increment: { id: inc.id, hash: inc.hash },
    shards: parts.map((p, i) => ({ shard: p.shard, run: shards[i].dir, cells: p.lines })),
    cells: entries.length,
  };
}
