import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { spawnLineChild } from '../../src/util/line-process.ts';
import { alive, until } from '../fixtures/process.ts';

describe('a line child', { timeout: 30_000 }, () => {
  it('that cannot be started says so, naming the cause', async () => {
    const how = await new Promise<string>((onExit) => spawnLineChild(['./no-such-command'], { stderrLines: 1, onLine: () => undefined, onExit }));
    expect(how).toBe('could not be started (ENOENT: no such command or file)');
  });

  it('reports its exit code and its signal', async () => {
    const exit = (code: string) => new Promise<string>((onExit) => spawnLineChild([process.execPath, '-e', code], { stderrLines: 1, onLine: () => undefined, onExit }));
    expect(await exit('process.exit(3)')).toBe('exited with code 3');
    expect(await exit('process.kill(process.pid, "SIGKILL")')).toBe('exited on SIGKILL');
  });

  it('does not outlive the process that started it, even one that exits without ending it', async () => {
    const r = await execa(process.execPath, ['--import', 'tsx', 'test/fixtures/util/orphan.ts']);
    const pid = Number(r.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await until(`child ${pid} gone after its parent exited`, () => !alive(pid), 2000);
  });

  // a death by signal emits no 'exit': `timeout`, a CI runner or `kill` signal blindspot alone
  it.each(['SIGTERM', 'SIGINT'] as const)('does not outlive the process that started it when that process alone is sent %s, which still ends it', async (signal) => {
    const r = await execa(process.execPath, ['--import', 'tsx', 'test/fixtures/util/orphan.ts', signal], { reject: false });
    expect(r.signal).toBe(signal);
    const pid = Number(r.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await until(`child ${pid} gone after its parent was sent ${signal}`, () => !alive(pid), 2000);
  });
});
