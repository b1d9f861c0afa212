// Start-up of the CLI as a user meets it: wall time of `blindspot --help` and
// `blindspot targets` (each a fresh `node bin/blindspot.mjs` process) against
// `node -e 0`, the floor any Node CLI pays, measured in the same run. Rounds
// interleave the three commands so that each round shares the machine's state;
// one warm-up round first fills the tsx transform cache, as any earlier command
// of the user would have. Goal: both well under a second.
// BLINDSPOT_BENCH_BASELINE=<other checkout>/bin/blindspot.mjs adds that bin's
// rows to the same rounds, to compare a change against its parent under one load.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, printRows } from './measure.ts';

const BIN = fileURLToPath(new URL('../bin/blindspot.mjs', import.meta.url));
const GOAL_MS = 1000;

const BASELINE = process.env.BLINDSPOT_BENCH_BASELINE;

const COMMANDS: { name: string; args: string[] }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'blindspot --help', args: [BIN, '--help'] },
  { name: 'blindspot targets', args: [BIN, 'targets'] },
  ...(BASELINE
    ? [
        { name: 'baseline --help', args: [BASELINE, '--help'] },
        { name: 'baseline targets', args: [BASELINE, 'targets'] },
      ]
    : []),
];

function wall(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`bench: node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

export async function benchStartup(rounds = 15): Promise<void> {
  for (const c of COMMANDS) wall(c.args);
  const times = new Map(COMMANDS.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < rounds; i++) for (const c of COMMANDS) times.get(c.name)!.push(wall(c.args));
  const floor = median(times.get('node -e 0')!);
  printRows(`CLI start-up, median of ${rounds} rounds (fresh process each)`, [
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
        goal: isFloor ? '' : `< ${GOAL_MS} ms`,
        met: isFloor ? '' : m < GOAL_MS ? 'yes' : 'NO',
      };
    }),
  ]);
}
