import { openTarget } from '../src/target/registry.ts';
import type { Cell } from '../src/contract/cell.ts';
import type { Target } from '../src/contract/target.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function scratch(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'blindspot-bench-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function printRows(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n## ${title}\n`);
  const head = Object.keys(rows[0]);
  console.log(`| ${head.join(' | ')} |\n| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${head.map((h) => r[h]).join(' | ')} |`);
}

/** One cell, bare: fresh episode, deliver, read back, check; nothing else. */
export async function bareCell(target: Target, cell: Cell): Promise<void> {
  if (!cell.construction.ok) return;
  const ep = await target.episode();
  await ep.deliver({ task: cell.trajectory, steps: cell.construction.steps, ...cell.delivery });
  await ep.readback();
  await ep.check(cell.checker);
  await ep.close();
}

/** The physical limit of scoring: every cell bare, on one target in this thread. */
export async function bareLoop(spec: string, cells: Cell[]): Promise<number> {
  const target = await openTarget(spec);
  try {
    const { ms } = await timed(async () => {
      for (const cell of cells) await bareCell(target, cell);
    });
    return ms;
  } finally {
    await target.close();
  }
}
