// A target's process started ahead (TargetFactory.prestart) boots while the
// engine loads: the open that follows adopts it instead of starting a second
// one, and a command that ends without opening it kills it at once. The toy
// target's --log lines (`start|exit <ms> <pid>`) say which processes ran and
// whether each ended on its own (an exit line) or was killed (none).
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openProtocolTarget } from '../../src/target/protocol/target.ts';
import { spawnLineChildAhead } from '../../src/util/line-process.ts';
import { discardAhead } from '../../src/util/ahead.ts';
import { runCli } from '../fixtures/cli.ts';
import { PROTOCOL_TOY, useTmp } from '../fixtures/tmp.ts';
import { alive, until } from '../fixtures/process.ts';

const tmp = useTmp();

function lines(log: string): { kind: string; pid: number }[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' '))
    .map(([kind, , pid]) => ({ kind, pid: Number(pid) }));
}

describe('a target process started ahead', { timeout: 30_000 }, () => {
  it('is adopted by the open of the same command: one process serves the target', async () => {
    const log = join(tmp(), 'toy.log');
    const command = ['node', PROTOCOL_TOY, '--log', log];
    spawnLineChildAhead(command);
    // booted before the open asks for it: a second process would log a second start
    await until('the process started ahead is up', () => lines(log).length === 1);
    const target = await openProtocolTarget(command, {});
    try {
      expect((await target.tasks()).map((t) => t.id)).toEqual(['notes/0', 'notes/1']);
    } finally {
      await target.close();
    }
    const seen = lines(log);
    expect(seen.map((l) => l.kind)).toEqual(['start', 'exit']);
    expect(seen[1].pid).toBe(seen[0].pid);
  });

  it('is not adopted by another command, and is killed when nothing opened it', async () => {
    const log = join(tmp(), 'toy.log');
    const other = join(tmp(), 'other.log');
    spawnLineChildAhead(['node', PROTOCOL_TOY, '--log', log]);
    const target = await openProtocolTarget(['node', PROTOCOL_TOY, '--log', other], {});
    await target.close();
    expect(lines(other).map((l) => l.kind)).toEqual(['start', 'exit']);
    await until('the process started ahead is up', () => lines(log).length === 1);
    discardAhead();
    const [{ pid }] = lines(log);
    await until('the unadopted process is gone', () => !alive(pid));
    expect(lines(log).map((l) => l.kind), 'killed, not shut down').toEqual(['start']);
  });

  it('is killed when the command refuses its input before opening the target', async () => {
    const root = tmp();
    const log = join(root, 'toy.log');
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    // a shell logs the start at once (node would take tens of ms, and could be killed first), then becomes the toy target
    const script = join(root, 'start.sh');
    writeFileSync(script, `echo "start 0 $$" >> '${log}'\nexec node '${resolve(PROTOCOL_TOY)}'\n`);
    const r = await runCli(['audit', '--target', 'protocol', '--out', file, '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--no-progress', '--', 'sh', script]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out');
    // the audit started the target as it read its flags, and ended it with its refusal
    await until('the target was started ahead', () => lines(log).length > 0);
    const [{ pid }] = lines(log);
    await until('the target process is gone', () => !alive(pid));
    expect(lines(log).map((l) => l.kind)).toEqual(['start']);
    expect(existsSync(join(root, 'm')) || existsSync(join(root, 'c')), 'nothing left behind').toBe(false);
  });
});
