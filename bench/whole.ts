// Whole-process audits as a user runs them: wall time of a fresh `blindspot audit`
// process from spawn to exit, split into the phases the CLI marks when
// BLINDSPOT_PHASES names a file (src/util/phase.ts): start-up (node and module
// loading, to main()), engine load, census (open the target, its tasks, references
// and censuses), freeze, scoring, report, and exit (the last mark to the process's
// end: handles that outlive the work show here). "first cell" is the first ledger
// line's time from spawn: refused cells are recorded before anything is scored, so
// "first scored" (the first line of a cell that ran) is given beside it. The bin
// runs dist/ when it is built and current, else the sources (the table says which).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distProblem } from '../bin/dist.mjs';
import { median, printRows, scratch } from './measure.ts';

const BIN = fileURLToPath(new URL('../bin/blindspot.mjs', import.meta.url));
const TOY = fileURLToPath(new URL('../test/fixtures/protocol/toy-target.mjs', import.meta.url));
// the apps world behind the protocol: 48 dev tasks, a fresh database, real readback and checkers per cell
const APPS_SERVER = fileURLToPath(new URL('./fixtures/apps-target.mjs', import.meta.url));
const PHASES = ['start-up', 'engine load', 'census', 'freeze', 'scoring', 'report'] as const;

/** Issue 26's goal for a protocol audit: the whole process, start-up included, within this (about 1,500 cells/s for the apps server's 432 cells). */
const PROTOCOL_GOAL_MS = 700;

const AUDITS: { name: string; args: string[]; goalMs?: number }[] = [
  { name: 'audit --target protocol -- <toy>', args: ['--target', 'protocol', '--', process.execPath, TOY] },
  { name: 'audit --target protocol -- <apps server>', args: ['--target', 'protocol', '--', process.execPath, APPS_SERVER], goalMs: PROTOCOL_GOAL_MS },
  { name: 'audit --target apps', args: ['--target', 'apps'] },
];

interface Split {
  wall: number;
  cells: number;
  firstCell: number;
  firstScored: number;
  phases: Record<string, number>;
}

export function audit(args: string[]): Split {
  const s = scratch();
  try {
    const marks = join(s.dir, 'phases.txt');
    const out = join(s.dir, 'run');
    const dirs = ['--out', out, '--mutants', join(s.dir, 'm'), '--censuses', join(s.dir, 'c'), '--no-progress'];
    const sep = args.indexOf('--');
    const argv = sep < 0 ? ['audit', ...args, ...dirs] : ['audit', ...args.slice(0, sep), ...dirs, ...args.slice(sep)];
    const spawned = Date.now();
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [BIN, ...argv], { env: { ...process.env, BLINDSPOT_PHASES: marks }, stdio: ['ignore', 'ignore', 'pipe'] });
    const wall = performance.now() - t0;
    if (r.status !== 0) throw new Error(`bench: blindspot ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
    const at = new Map(readFileSync(marks, 'utf8').trim().split('\n').map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]));
    const phases: Record<string, number> = {};
    let last = 0;
    for (const p of PHASES) {
      const t = at.get(p);
      if (t === undefined) throw new Error(`bench: the audit marked no end of ${p}`);
      phases[p] = t - last;
      last = t;
    }
    phases.exit = wall - last;
    const ledger = readFileSync(join(out, 'ledger.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { at: string; status: string });
    const sinceSpawn = (e: { at: string } | undefined) => (e ? Date.parse(e.at) - spawned : NaN);
    return { wall, cells: ledger.length, firstCell: sinceSpawn(ledger[0]), firstScored: sinceSpawn(ledger.find((e) => e.status !== 'refused')), phases };
  } finally {
    s.done();
  }
}

export async function benchWhole(rounds = 5): Promise<void> {
  const program = distProblem() ?? 'dist/';
  for (const a of AUDITS) audit(a.args);
  const runs = new Map(AUDITS.map((a) => [a.name, [] as Split[]]));
  for (let i = 0; i < rounds; i++) for (const a of AUDITS) runs.get(a.name)!.push(audit(a.args));
  printRows(`Whole-process audits, median of ${rounds} fresh processes (program: ${program}), ms`, AUDITS.map((a) => {
    const xs = runs.get(a.name)!;
    const wall = median(xs.map((x) => x.wall));
    const row: Record<string, string | number> = { command: a.name, cells: xs[0].cells, wall: wall.toFixed(0), 'cells/s': (xs[0].cells / (wall / 1000)).toFixed(0), 'first cell': median(xs.map((x) => x.firstCell)).toFixed(0), 'first scored': median(xs.map((x) => x.firstScored)).toFixed(0) };
    for (const p of [...PHASES, 'exit']) row[p] = median(xs.map((x) => x.phases[p])).toFixed(0);
    return row;
  }));
  for (const a of AUDITS.filter((x) => x.goalMs !== undefined)) {
    const wall = median(runs.get(a.name)!.map((x) => x.wall));
    console.log(`\n${a.name}: ${wall.toFixed(0)} ms whole-process (goal: at most ${a.goalMs} ms: ${wall <= a.goalMs! ? 'met' : 'NOT met'})`);
  }
}
