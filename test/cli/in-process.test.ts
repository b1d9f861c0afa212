// runCli stands in for cli() wherever a test is about what a command does rather
// than about the process; this proves the two give the same exit code, stdout and
// stderr for each way a command ends and each channel it writes through.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cli, comparable, runCli } from '../fixtures/cli.ts';
import { main } from '../../src/cli/main.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';

const tmp = useTmp();

/** Both runners, each in its own copy of the same relative layout, so that equal commands print equal text. */
async function both(args: string[], env: Record<string, string> = {}) {
  const [a, b] = [tmp(), tmp()];
  const spawned = await cli(args, env, a);
  const inProcess = await runCli(args, env, b);
  return { spawned, inProcess, dirs: [a, b] };
}

const toy = join(process.cwd(), TOY);
const dirs = ['--mutants', 'mutants', '--censuses', 'censuses'];

describe('runCli gives what the spawned CLI gives', () => {
  it.each([
    ['a listing on stdout (exit 0)', ['targets']],
    ['the version, which yargs prints through console', ['--version']],
    ['a command\'s help, which yargs prints through console too', ['consequence', '--help']],
    ['bad input: one line on stderr, exit 2', ['audit', '--target', 'nosuchbench']],
    ['an unknown flag found by yargs', ['report', '--no-such-flag']],
    ['a command whose coerce refuses a value', ['freeze', '--target', toy, '--families', 'omit,explode', ...dirs]],
  ])('%s', async (_, args) => {
    const { spawned, inProcess } = await both(args);
    expect(inProcess).toEqual(spawned);
  });

  it('a whole audit with progress lines on process.stderr, its files in the cwd, and its env overlay', async () => {
    const args = ['audit', '--target', toy, '--out', 'run', ...dirs, '--workers', '0'];
    const { spawned, inProcess, dirs: [a, b] } = await both(args, { BLINDSPOT_PROGRESS_SECONDS: '1000' });
    expect(spawned.code).toBe(0);
    expect(inProcess.stderr).toMatch(/^scoring .* cells/m);
    // the same text but for timings and the working folder's own name
    const plain = (r: typeof spawned, cwd: string) => ({
      code: r.code,
      stdout: r.stdout.replaceAll(cwd, '<cwd>').replace(/\d+(\.\d+)?\s?(ms|s)\b/g, 'T'),
      stderr: r.stderr.replace(/\d+(\.\d+)?\s?(ms|s)\b/g, 'T'),
    });
    expect(plain(inProcess, b)).toEqual(plain(spawned, a));
    for (const d of [a, b]) expect(existsSync(join(d, 'run', 'report.json'))).toBe(true);
    expect(comparable(join(b, 'run'))).toEqual(comparable(join(a, 'run')));
  });

  it('main() run many times in one process listens once for a closed stdout, not once per command', async () => {
    const before = process.stdout.listenerCount('error');
    for (let i = 0; i < 12; i++) expect(await main(['targets'], { log: () => {}, err: () => {} })).toBe(0);
    expect(process.stdout.listenerCount('error')).toBeLessThanOrEqual(before + 1);
  });

  it('leaves the process as it found it: exit code, env, cwd, stdout listeners', async () => {
    const before = { cwd: process.cwd(), env: { ...process.env }, exitCode: process.exitCode, listeners: process.stdout.listenerCount('error') };
    // a break threshold no run meets sets process.exitCode; --browser sets a variable
    const strict = ['--threshold-high', '100', '--threshold-low', '100', '--threshold-break', '100'];
    const r = await runCli(['audit', '--target', toy, '--out', 'run', ...dirs, '--workers', '0', '--no-progress', '--browser', '/nowhere/chromium', ...strict], { EXTRA: '1' }, tmp());
    expect(r.code, r.stderr).toBe(1);
    expect({ cwd: process.cwd(), env: { ...process.env }, exitCode: process.exitCode, listeners: process.stdout.listenerCount('error') }).toEqual(before);
  });
});
