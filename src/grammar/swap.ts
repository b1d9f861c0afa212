// The intent-swap grid: every ordered (checker i, trajectory j) pair. The
// diagonal is the control cells; off-diagonal cells deliver j's reference and
// ask i's checker.
import type { TaskInfo, Trajectory } from '../contract/target.ts';
import { cellId } from '../protocol/cell.ts';
import type { Cell } from '../contract/cell.ts';
import { rungOf, type RungTask } from './rungs.ts';
import type { EffectCensus } from '../census/effects.ts';

export interface SwapSelection {
  checkers: string[];
  trajectories: string[];
  pilot?: { n: number; seed: number };
}

/** Deterministic sample, so a pilot is as frozen as the full grid. */
function sample<T>(xs: T[], n: number, seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const idx = xs.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const k = Math.floor(rand() * (i + 1));
    [idx[i], idx[k]] = [idx[k], idx[i]];
  }
  return idx.slice(0, n).sort((p, q) => p - q).map((i) => xs[i]);
}

export function swapCells(
  tasks: TaskInfo[],
  refs: Map<string, Trajectory>,
  effects: EffectCensus,
  sel: SwapSelection,
  override?: (i: TaskInfo, j: TaskInfo) => { rung: string; reason: string } | undefined,
): Cell[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const tables = new Map(effects.entries.map((e) => [e.task, e.tables]));
  const rungTask = (t: TaskInfo): RungTask => ({
    id: t.id,
    generator: t.generator,
    scenario: t.scenario,
    steps: refs.get(t.id)!.steps,
    tables: tables.get(t.id) ?? [],
  });
  let pairs: [TaskInfo, TaskInfo][] = [];
  for (const i of sel.checkers) for (const j of sel.trajectories) if (i !== j) pairs.push([byId.get(i)!, byId.get(j)!]);
  if (sel.pilot) pairs = sample(pairs, sel.pilot.n, sel.pilot.seed);
  const cells: Cell[] = pairs.map(([i, j]) => {
    const forced = override?.(i, j);
    return {
      id: cellId('swap', 'swap', i.id, j.id),
      arm: 'swap',
      family: 'swap',
      index: 0,
      checker: i.id,
      trajectory: j.id,
      generator: i.generator,
      trajectoryGenerator: j.generator,
      rung: forced?.rung ?? rungOf(rungTask(i), rungTask(j)),
      ...(forced ? { rungReason: forced.reason } : {}),
      ...(i.world && j.world && i.world !== j.world ? { worlds: { checker: i.world, trajectory: j.world } } : {}),
      construction: { ok: true, steps: refs.get(j.id)!.steps, edit: `reference of ${j.id}` },
    };
  });
  return [...cells, ...worldReferenceCells(pairs, refs, tasks)];
}

export const WORLD_REFERENCE = 'world-reference';

/**
 * Whether a cell's checker is asked at all: a world-reference cell only yields
 * the effect an off-diagonal Pass is compared with, and its verdict would be
 * used nowhere, so it is delivered and read back, never graded.
 */
export const graded = (cell: Pick<Cell, 'family'>) => cell.family !== WORLD_REFERENCE;

/** The cell delivering task i's reference in world w, for its checker: what i's intent looks like where j's work was done. */
export const worldReferenceId = (checker: string, world: string) => `swap:${checker}@world:${world}`;

/**
 * Where i and j start from different worlds, j's effect cannot be compared with
 * i's reference effect read back in i's world. One more cell per (i, j's world)
 * delivers i's reference in j's world (through a task that starts there), so the
 * report compares like with like, or says i's reference does not run there.
 */
function worldReferenceCells(pairs: [TaskInfo, TaskInfo][], refs: Map<string, Trajectory>, tasks: TaskInfo[]): Cell[] {
  const out = new Map<string, Cell>();
  for (const [i, j] of pairs) {
    if (!i.world || !j.world || i.world === j.world) continue;
    const id = worldReferenceId(i.id, j.world);
    if (out.has(id)) continue;
    const carrier = tasks.find((t) => t.world === j.world)!;
    out.set(id, {
      id,
      arm: 'swap',
      family: WORLD_REFERENCE,
      index: 0,
      checker: i.id,
      trajectory: i.id,
      generator: i.generator,
      trajectoryGenerator: i.generator,
      rung: WORLD_REFERENCE,
      world: carrier.id,
      construction: { ok: true, steps: refs.get(i.id)!.steps, edit: `reference of ${i.id}, delivered in the world of ${carrier.id}` },
    });
  }
  return [...out.values()];
}
