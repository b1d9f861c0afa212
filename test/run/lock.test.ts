import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { execa } from 'execa';
import { useTmp } from '../fixtures/tmp.ts';
import { lockRunFolder, LOCK_FILE } from '../../src/run/lock.ts';

const tmp = useTmp();

/** Writes `holder` as the run folder's lock and checks that this process takes it over, then lets it go. */
function takenOver(file: string, dir: string, holder: object) {
  writeFileSync(file, JSON.stringify(holder) + '\n');
  const release = lockRunFolder(dir, 'test');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, command: 'test' });
  release();
}

describe('a stale writer lock', () => {
  it('is taken over when it names this very process, as one left by a killed process whose pid was given again (a restarted container) does', () => {
    const dir = join(tmp(), 'run');
    mkdirSync(dir);
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'blindspot audit (killed)' }) + '\n');
    const release = lockRunFolder(dir, 'test');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, command: 'test' });
    release();
    expect(existsSync(file)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))('is taken over when its holder was killed and not yet reaped (a zombie still answers signal 0)', async () => {
    const dir = join(tmp(), 'run');
    mkdirSync(dir);
    const file = join(dir, LOCK_FILE);
    // `sleep 0` ends at once under a parent that never waits for it: a zombie for as long as the parent sleeps
    const parent = execa('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
    try {
      const pid = await new Promise<number>((ok) => parent.stdout!.once('data', (b: Buffer) => ok(Number(String(b).trim()))));
      await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0]).toBe('Z');
      takenOver(file, dir, { pid, host: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'blindspot audit (killed)' });
    } finally {
      parent.kill();
      await parent.catch(() => undefined);
    }
  });

  it.runIf(existsSync('/proc/self/stat'))('is taken over when its pid now names another process (a killed writer\'s pid given again), and not while its holder lives', async () => {
    const dir = join(tmp(), 'run');
    mkdirSync(dir);
    const file = join(dir, LOCK_FILE);
    // a live holder: another process that takes the lock and keeps running
    const holder = execa('node', ['--import', 'tsx/esm', '-e', `import('./src/run/lock.ts').then((m) => { m.lockRunFolder(${JSON.stringify(dir)}, 'holder'); console.log('locked'); setInterval(() => {}, 1000); })`]);
    try {
      await new Promise<void>((ok) => holder.stdout!.on('data', (b: Buffer) => String(b).includes('locked') && ok()));
      const held = JSON.parse(readFileSync(file, 'utf8'));
      expect(held).toMatchObject({ pid: holder.pid, identity: expect.stringMatching(/^\S+:\d+$/) });
      expect(() => lockRunFolder(dir, 'test')).toThrow(`being written by pid ${holder.pid}`);
      // the same pid, as a process that started after the lock was written would show it
      takenOver(file, dir, { ...held, identity: `${held.identity}0` });
    } finally {
      holder.kill();
      await holder.catch(() => undefined);
    }
  });
});
