import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { execa } from 'execa';
import { BIN, cli, ledgerLines } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';
import { lockRunFolder, LOCK_FILE } from '../../src/run/lock.ts';

const tmp = useTmp();

describe('one writer per run folder', () => {
  it('refuses a second audit into a live run folder, naming the holder, and the first finishes with each cell once', async () => {
    const root = tmp();
    const out = join(root, 'run');
    const common = ['audit', '--target', 'apps', '--arms', 'swap', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1', '--no-progress', '--out', out];
    const first = execa('node', [BIN, ...common], { reject: false });
    while (ledgerLines(out) < 50) {
      if (first.exitCode !== null) throw new Error(`the first audit ended before the second started:\n${(await first).stderr}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    // The first is held still while the second tries: an apps audit is fast enough to finish
    // before a second process has started, and a stopped process still holds its lock.
    first.kill('SIGSTOP');
    const second = await cli(common).finally(() => first.kill('SIGCONT'));
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`being written by pid ${first.pid} on ${hostname()}`);
    const done = await first;
    expect(done.exitCode, done.stderr).toBe(0);
    const ids = readLedger(ledgerPath(out)).entries.map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose holder is gone, and refuses one held by a live process', async () => {
    const dir = join(tmp(), 'run');
    mkdirSync(dir);
    const dead = execa('node', ['-e', '0']);
    await dead;
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: dead.pid, host: hostname(), startedAt: 'then', command: 'gone' }));
    const release = lockRunFolder(dir, 'test');
    const probe = await lockFromAnotherProcess(dir);
    expect(probe.exitCode).not.toBe(0);
    expect(probe.stderr).toMatch(new RegExp(`being written by pid ${process.pid} on ${hostname()}`));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it.each(['{}', 'null', '[1]', '{"pid": "1"}'])('takes over an old lock file whose text %s names no holder, as it does a torn one', (text) => {
    const dir = join(tmp(), 'run');
    mkdirSync(dir);
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, text);
    // past the moment a lock being written could still be this young
    const then = new Date(Date.now() - 10_000);
    utimesSync(file, then, then);
    const release = lockRunFolder(dir, 'test');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname(), command: 'test' });
    release();
    expect(existsSync(file)).toBe(false);
  });
});

/** Another process trying the same lock. */
const lockFromAnotherProcess = (dir: string) =>
  execa('node', ['--import', 'tsx/esm', '-e', `import('./src/run/lock.ts').then((m) => m.lockRunFolder(${JSON.stringify(dir)}, 'probe'))`], { reject: false });

describe('default run folders', () => {
  it('never collide, even when made in the same second', async () => {
    const { defaultRunDir } = await import('../../src/cli/run-report.ts');
    const cwd = process.cwd();
    process.chdir(tmp());
    try {
      const dirs = Array.from({ length: 20 }, () => defaultRunDir('apps'));
      expect(new Set(dirs).size).toBe(20);
      for (const d of dirs) expect(existsSync(d)).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });
});
