// A command that talks to a protocol target must end when its work ends. A timer
// left armed after the target exited (a shutdown race never cleared) held every
// such command open for 3 s more. Wall time is compared with the same command on
// an in-process target measured here, not with a fixed bound, so that a loaded
// machine slows both alike.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../fixtures/cli.ts';
import { PROTOCOL_TOY, TOY, useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

/** Milliseconds during which at least one toy target process was alive (its --log file). */
function talking(log: string, end: number): number {
  if (!existsSync(log)) return 0;
  const events = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' '))
    .map(([kind, at]) => ({ at: Number(at), delta: kind === 'start' ? 1 : -1 }))
    .sort((a, b) => a.at - b.at || b.delta - a.delta);
  let alive = 0;
  let since = 0;
  let total = 0;
  for (const e of events) {
    if (alive === 0 && e.delta > 0) since = e.at;
    alive += e.delta;
    if (alive === 0 && e.delta < 0) total += e.at - since;
  }
  // a process killed without its exit line counts as alive to the end
  return alive > 0 ? total + end - since : total;
}

async function timed(args: string[]) {
  const started = Date.now();
  const r = await cli(args);
  const ended = Date.now();
  expect(r.code, r.stderr).toBe(0);
  return { ms: ended - started, ended };
}

describe('commands on a protocol target end with their work', () => {
  const cases: [string, (root: string) => string[]][] = [
    ['census', (root) => ['census', '--censuses', join(root, 'c')]],
    ['audit', (root) => ['audit', '--workers', '1', '--no-progress', '--out', join(root, 'run'), '--censuses', join(root, 'c'), '--mutants', join(root, 'm')]],
  ];
  it.each(cases)('%s', async (_name, argsIn) => {
    const base = await timed([...argsIn(tmp()), '--target', TOY]);
    const log = join(tmp(), 'toy.log');
    const proto = await timed([...argsIn(tmp()), '--target', 'protocol', '--', 'node', PROTOCOL_TOY, '--log', log]);
    const talk = talking(log, proto.ended);
    expect(talk, 'the toy target logged its lifetime').toBeGreaterThan(0);
    // Outside its conversation with the target the command does no more than the
    // in-process one does in all; a second of slack for a loaded machine.
    expect(proto.ms - talk).toBeLessThan(base.ms + 1000);
  });
});
