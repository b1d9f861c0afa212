// Start-up of the CLI as a user meets it: wall time of `blindspot --help` and
// `blindspot targets` (each a fresh `node bin/blindspot.mjs` process) against
// `node -e 0`, the floor any Node CLI pays, measured in the same run. Rounds
// interleave the commands so that each round shares the machine's state;
// one warm-up round first fills the tsx transform cache, as any earlier command
// of the user would have. Goal (issue 26): both within 100 ms of `node -e 0`.
// The bin runs dist/ when it is built and current; the "sources" rows run the same
// commands through tsx (BLINDSPOT_SOURCES=1), as every command did before dist/.
// BLINDSPOT_BENCH_BASELINE=<other checkout>/bin/blindspot.mjs adds that bin's
// rows to the same rounds, to compare a change against its parent under one load.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { distProblem } from '../bin/dist.mjs';
import { median, printRows } from './measure.ts';

const BIN = fileURLToPath(new URL('../bin/blindspot.mjs', import.meta.url));
/** Issue 26: within this much of `node -e 0`. */
const GOAL_OVER_FLOOR_MS = 100;

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

export async function benchStartup(rounds = 15): Promise<void> {
  for (const c of COMMANDS) wall(c.args, c.env);
  const times = new Map(COMMANDS.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < rounds; i++) for (const c of COMMANDS) times.get(c.name)!.push(wall(c.args, c.env));
  const floor = median(times.get('node -e 0')!);
  printRows(`CLI start-up, median of ${rounds} rounds (fresh process each; bin runs ${distProblem() ?? 'dist/'})`, [
    ...COMMANDS.map((c) => {
      const xs = times.get(c.name)!;
      const m = median(xs);
      const isFloor = c.name === 'node -e 0';
      return {
        command: c.name,
        'median ms': m.toFixed(0),
        'min ms': Math.min(...xs).toFixed(0),
        'max ms': Math.max(...xs).toFixed(0),
        'over node -e 0': isFloor ? '' : `+${(m - floor).toFixed(0)} ms`,
        goal: isFloor ? '' : `<= +${GOAL_OVER_FLOOR_MS} ms`,
        met: isFloor ? '' : m - floor <= GOAL_OVER_FLOOR_MS ? 'yes' : 'NO',
      };
    }),
  ]);
}
