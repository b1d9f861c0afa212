// Where a command's wall time goes, for `npm run bench -- whole`: with
// BLINDSPOT_PHASES=<file>, each phase appends its name and the milliseconds since
// the process started (performance.now()) as it ends. Off, it costs one check.
import { appendFileSync } from 'node:fs';

const FILE = process.env.BLINDSPOT_PHASES;

export function phaseEnded(name: string): void {
  if (FILE) appendFileSync(FILE, `${name} ${performance.now().toFixed(1)}\n`);
}
