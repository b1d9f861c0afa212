// Sharding: `run --shard i/n` scores a deterministic share of an increment's cells
// into its own run folder, and `merge` puts the shards back together. Cells are
// assigned by checker task, never split within one: a task's control decides how
// its fault cells read, and a search cell's shrinking derives cells of the same
// task. Tasks go to the least-loaded shard, largest first, so shards stay even
// when tasks have very different numbers of cells; the assignment depends only on
// the manifest, so every machine computes the same one.
import type { Cell } from '../contract/cell.ts';
import { InputError } from '../util/errors.ts';
import { groupBy } from '../util/group.ts';

export interface Shard {
  /** 1-based */
  index: number;
  total: number;
}

export const formatShard = (s: Shard) => `${s.index}/${s.total}`;

/**
 * More shards than this is a typo (`1/100000000` for `1/10`): every shard past the
 * increment's task count scores nothing, and the assignment of 1e8 shards overflowed
 * the stack (an internal error) before a cell was scored.
 */
export const MAX_SHARDS = 10_000;

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(String(text).trim());
  const [index, total] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!m || total < 1 || index < 1 || index > total) {
    throw new InputError(`--shard: expected i/n with 1 <= i <= n (e.g. 2/3), got '${text}'`);
  }
  if (total > MAX_SHARDS) throw new InputError(`--shard: expected at most ${MAX_SHARDS} shards, got '${text}'`);
  return { index, total };
}

/** Shard index (1-based) of every checker task of the manifest. */
export function shardAssignment(cells: Cell[], total: number): Map<string, number> {
  const tasks = [...groupBy(cells, (c) => c.checker)].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : a > b ? 1 : 0));
  const load = new Array<number>(total).fill(0);
  const out = new Map<string, number>();
  for (const [task, { length: size }] of tasks) {
    const least = load.indexOf(Math.min(...load));
    load[least] += size;
    out.set(task, least + 1);
  }
  return out;
}

/** The cells of the manifest that belong to `shard`. */
export function shardCells(cells: Cell[], shard: Shard): Cell[] {
  const of = shardAssignment(cells, shard.total);
  return cells.filter((c) => of.get(c.checker) === shard.index);
}
