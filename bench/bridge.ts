// A Python bridge kept alive across cells (what each worker does) against a
// process per cell (spawn, import the benchmark, shake hands, score one cell,
// exit), on the same control cells in the same run: AgentDojo's banking suite,
// and BFCL's base multi-turn entries. Goal: >= 50 cells/s and >= 10x the baseline.
import { existsSync } from 'node:fs';
import { openTarget } from '../src/target/registry.ts';
import { controlCell } from '../src/grammar/enumerate.ts';
import { scoreCell } from '../src/run/score.ts';
import type { Cell } from '../src/contract/cell.ts';
import * as agentdojo from '../targets/agentdojo/index.ts';
import * as bfcl from '../targets/bfcl/index.ts';
import { printRows, timed } from './measure.ts';

const LIMIT_MS = 30_000;

interface Bridge {
  title: string;
  spec: string;
  python: () => string;
  setup: string;
}

async function controlCells(spec: string, n: number): Promise<Cell[]> {
  const target = await openTarget(spec);
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

async function persistent(spec: string, cells: Cell[]): Promise<number> {
  const target = await openTarget(spec);
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

async function processPerCell(spec: string, cells: Cell[]): Promise<number> {
  let passed = 0;
  const { ms } = await timed(async () => {
    for (const cell of cells) {
      const target = await openTarget(spec);
      try {
        passed += Number((await scoreCell(target, cell, LIMIT_MS)).verdict?.verdict === 'pass');
      } finally {
        await target.close();
      }
    }
  });
  return rate(cells.length, ms, passed);
}

async function benchPythonBridge(b: Bridge, persistentCells: number, baselineCells: number): Promise<void> {
  if (!existsSync(b.python())) {
    console.log(`\n## ${b.title}\n\nskipped: no venv at ${b.python()}; run \`${b.setup}\``);
    return;
  }
  const cells = await controlCells(b.spec, persistentCells);
  const kept = await persistent(b.spec, cells);
  const spawned = await processPerCell(b.spec, cells.slice(0, baselineCells));
  const ratio = kept / spawned;
  printRows(`${b.title}: persistent process vs process per cell (controls, one worker)`, [
    { mode: 'persistent bridge', cells: persistentCells, 'cells/s': kept.toFixed(1), goal: '>= 50', met: kept >= 50 ? 'yes' : 'NO' },
    { mode: 'process per cell', cells: baselineCells, 'cells/s': spawned.toFixed(2), goal: '', met: '' },
    { mode: 'ratio', cells: '', 'cells/s': `${ratio.toFixed(0)}x`, goal: '>= 10x', met: ratio >= 10 ? 'yes' : 'NO' },
  ]);
}

export const benchBridge = (persistentCells = 1000, baselineCells = 4) =>
  benchPythonBridge({ title: 'AgentDojo bridge (banking)', spec: 'agentdojo?suite=banking', python: agentdojo.python, setup: agentdojo.SETUP }, persistentCells, baselineCells);

export const benchBfcl = (persistentCells = 1000, baselineCells = 4) =>
  benchPythonBridge({ title: 'BFCL bridge (multi-turn base)', spec: 'bfcl?suite=base', python: bfcl.python, setup: bfcl.SETUP }, persistentCells, baselineCells);
