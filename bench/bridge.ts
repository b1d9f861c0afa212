// The AgentDojo bridge kept alive across cells (what each worker does) against a
// process per cell (spawn, import AgentDojo, shake hands, score one cell, exit),
// on the same banking control cells in the same run. Goal: >= 50 cells/s and
// >= 10x the baseline.
import { existsSync } from 'node:fs';
import { openTarget } from '../src/target/registry.ts';
import { controlCell } from '../src/grammar/enumerate.ts';
import { scoreCell } from '../src/run/score.ts';
import type { Cell } from '../src/protocol/cell.ts';
import { python, SETUP } from '../targets/agentdojo/index.ts';
import { printRows, timed } from './measure.ts';

const SPEC = 'agentdojo?suite=banking';
const LIMIT_MS = 30_000;

async function bankingCells(n: number): Promise<Cell[]> {
  const target = await openTarget(SPEC);
  try {
    const tasks = await target.tasks();
    const controls: Cell[] = [];
    for (const t of tasks) controls.push(controlCell(t, await target.reference(t.id)));
    return Array.from({ length: n }, (_, i) => controls[i % controls.length]);
  } finally {
    await target.close();
  }
}

/** Cells per second; every cell must pass its own checker or the number means nothing. */
function rate(cells: number, ms: number, passed: number): number {
  if (passed !== cells) throw new Error(`bench: ${cells - passed} of ${cells} control cells did not pass`);
  return (cells * 1000) / ms;
}

async function persistent(cells: Cell[]): Promise<number> {
  const target = await openTarget(SPEC);
  try {
    let passed = 0;
    const { ms } = await timed(async () => {
      for (const cell of cells) passed += Number((await scoreCell(target, cell, LIMIT_MS)).verdict?.verdict === 'pass');
    });
    return rate(cells.length, ms, passed);
  } finally {
    await target.close();
  }
}

async function processPerCell(cells: Cell[]): Promise<number> {
  let passed = 0;
  const { ms } = await timed(async () => {
    for (const cell of cells) {
      const target = await openTarget(SPEC);
      try {
        passed += Number((await scoreCell(target, cell, LIMIT_MS)).verdict?.verdict === 'pass');
      } finally {
        await target.close();
      }
    }
  });
  return rate(cells.length, ms, passed);
}

export async function benchBridge(persistentCells = 1000, baselineCells = 4): Promise<void> {
  if (!existsSync(python())) {
    console.log(`\n## AgentDojo bridge\n\nskipped: no venv at ${python()}; run \`${SETUP}\``);
    return;
  }
  const cells = await bankingCells(persistentCells);
  const kept = await persistent(cells);
  const spawned = await processPerCell(cells.slice(0, baselineCells));
  const ratio = kept / spawned;
  printRows('AgentDojo bridge: persistent process vs process per cell (banking controls, one worker)', [
    { mode: 'persistent bridge', cells: persistentCells, 'cells/s': kept.toFixed(1), goal: '>= 50', met: kept >= 50 ? 'yes' : 'NO' },
    { mode: 'process per cell', cells: baselineCells, 'cells/s': spawned.toFixed(2), goal: '', met: '' },
    { mode: 'ratio', cells: '', 'cells/s': `${ratio.toFixed(0)}x`, goal: '>= 10x', met: ratio >= 10 ? 'yes' : 'NO' },
  ]);
}
