// Start-up of the CLI as a user meets it: wall time of `blindspot --help` and
// `blindspot targets` (each a fresh `node bin/blindspot.mjs` process) against
// `node -e 0`, the floor any Node CLI pays, measured in the same run. Rounds
// interleave the commands so that each round shares the machine's state;
// one warm-up round first fills the tsx transform cache, as any earlier command
// of the user would have. Issue 26's goals: both within 100 ms of `node -e 0`,
// and an engine command's fixed cost, from spawn to its first scored cell, at
// most 250 ms for `audit --target apps` (the whole bench's audit, its first cell).
// The bin runs dist/ when it is built and current, so the goals are judged on the
// rows of a built bin; the "sources" rows run the same commands through tsx
// (BLINDSPOT_SOURCES=1), as every command did before dist/, and carry no goal.
// BLINDSPOT_BENCH_BASELINE=<other checkout>/bin/blindspot.mjs adds that bin's
// rows to the same rounds, to compare a change against its parent under one load.
// The load average is printed with the table: on a shared machine it moves the
// numbers more than most changes do.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { distProblem } from '../bin/dist.mjs';
import { median, printRows } from './measure.ts';
import { audit } from './whole.ts';

const BIN = fileURLToPath(new URL('../bin/blindspot.mjs', import.meta.url));
/** Issue 26: within this much of `node -e 0`. */
const GOAL_OVER_FLOOR_MS = 100;
/** Issue 26: an engine command's first cell at most this long after its spawn. */
const GOAL_FIRST_CELL_MS = 250;
const FIRST_CELL_ROUNDS = 5;

const BASELINE = process.env.BLINDSPOT_BENCH_BASELINE;

const COMMANDS: { name: string; args: string[]; env?: Record<string, string> }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'blindspot --help', args: [BIN, '--help'] },
  { name: 'blindspot targets', args: [BIN, 'targets'] },
  { name: 'sources --help', args: [BIN, '--help'], env: { BLINDSPOT_SOURCES: '1' } },
  { name: 'sources targets', args: [BIN, 'targets'], env: { BLINDSPOT_SOURCES: '1' } },
  ...(BASELINE
    ? [
        { name: 'baseline --help', args: [BASELINE, '--help'] },
        { name: 'baseline targets', args: [BASELINE, 'targets'] },
      ]
    : []),
];

function wall(args: string[], env: Record<string, string> = {}): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`bench: node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const verdict = (ok: boolean) => (ok ? 'yes' : 'NO');

export async function benchStartup(rounds = 15): Promise<void> {
  const loadBefore = load();
  for (const c of COMMANDS) wall(c.args, c.env);
  const times = new Map(COMMANDS.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < rounds; i++) for (const c of COMMANDS) times.get(c.name)!.push(wall(c.args, c.env));
  const floor = median(times.get('node -e 0')!);
  printRows(`CLI start-up, median of ${rounds} rounds (fresh process each; bin runs ${distProblem() ?? 'dist/'}; load average ${loadBefore} before, ${load()} after)`, [
    ...COMMANDS.map((c) => {
      const xs = times.get(c.name)!;
      const m = median(xs);
      const judged = c.name !== 'node -e 0' && !c.env?.BLINDSPOT_SOURCES;
      return {
        command: c.name,
        'median ms': m.toFixed(0),
        'min ms': Math.min(...xs).toFixed(0),
        'max ms': Math.max(...xs).toFixed(0),
        'over node -e 0': c.name === 'node -e 0' ? '' : `+${(m - floor).toFixed(0)} ms`,
        goal: judged ? `<= +${GOAL_OVER_FLOOR_MS} ms` : '',
        met: judged ? verdict(m - floor <= GOAL_OVER_FLOOR_MS) : '',
      };
    }),
  ]);
  const loadBeforeAudits = load();
  audit(['--target', 'apps']);
  const audits = Array.from({ length: FIRST_CELL_ROUNDS }, () => audit(['--target', 'apps']));
  // the goal is judged on the first cell that ran: the refused cells' lines come before any scoring
  const row = (command: string, xs: number[], judged: boolean) => {
    const m = median(xs);
    return {
      command,
      'median ms': m.toFixed(0),
      'min ms': Math.min(...xs).toFixed(0),
      'max ms': Math.max(...xs).toFixed(0),
      goal: judged ? `<= ${GOAL_FIRST_CELL_MS} ms` : '',
      met: judged ? verdict(m <= GOAL_FIRST_CELL_MS) : '',
    };
  };
  printRows(`Engine command fixed cost, median of ${FIRST_CELL_ROUNDS} fresh processes (load average ${loadBeforeAudits} before, ${load()} after)`, [
    row('audit --target apps: spawn to first ledger line (a refused cell)', audits.map((a) => a.firstCell), false),
    row('audit --target apps: spawn to first scored cell', audits.map((a) => a.firstScored), true),
  ]);
}
