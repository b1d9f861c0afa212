// A folder that cannot be written and a full disk are the machine's state, not
// bugs: one line naming the path and what went wrong, exit 2, no stack trace
// (BLINDSPOT_DEBUG=1 adds it). Root ignores permission bits, so a read-only and a
// full file system are made with tmpfs; where mounting is not allowed the test
// says so and is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();
const root = mkdtempSync(join(tmpdir(), 'blindspot-disk-'));
const readOnly = join(root, 'ro');
const full = join(root, 'full');
let mounted: string[] = [];
let why = '';

async function mountTmpfs(dir: string, options: string): Promise<boolean> {
  const r = await execa('sh', ['-c', `mkdir -p '${dir}' && mount -t tmpfs -o ${options} tmpfs '${dir}'`], { reject: false });
  if (r.exitCode !== 0) why ||= r.stderr.trim() || `mount exited ${r.exitCode}`;
  else mounted.push(dir);
  return r.exitCode === 0;
}

beforeAll(async () => {
  if ((await mountTmpfs(readOnly, 'ro,size=64k')) && (await mountTmpfs(full, 'size=64k'))) {
    // fill it: every later write fails with ENOSPC
    try {
      writeFileSync(join(full, 'fill'), Buffer.alloc(1 << 20));
    } catch {
      // ENOSPC once it is full, which is the point
    }
  }
  if (why) console.warn(`disk-errors: skipped, cannot mount a tmpfs here (${why})`);
});
afterAll(async () => {
  for (const d of mounted.reverse()) await execa('umount', [d], { reject: false });
  mounted = [];
  rmSync(root, { recursive: true, force: true });
});

describe('an unwritable folder or a full disk is one line naming the path, exit 2', () => {
  it.for([
    ['--out in a read-only folder', () => ['audit', '--out', join(readOnly, 'run')], () => new RegExp(`^blindspot: --out: cannot create the folder ${readOnly}/run: ${readOnly}: it is on a read-only file system$`)],
    ['--mutants a read-only folder', () => ['freeze', '--mutants', readOnly], () => new RegExp(`^blindspot: --mutants: ${readOnly}: it is on a read-only file system$`)],
    [
      '--mutants on a full disk',
      () => ['freeze', '--families', 'omit', '--mutants', join(full, 'm')],
      () => new RegExp(`^blindspot: ${full}/m/apps-[0-9a-f]{12}/manifest\\.jsonl: no space left on the device \\(write: ENOSPC\\)$`),
    ],
  ] as const)('%s', async ([, args, line], { skip }) => {
    if (why) skip();
    const cwd = tmp();
    const r = await runCli(args(), {}, cwd);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(line());
    expect(readdirSync(cwd)).toEqual([]);
    // nothing left half-made on the full disk either
    expect(readdirSync(full)).toEqual(['fill']);
  });

  it('BLINDSPOT_DEBUG=1 adds the stack after the line', async ({ skip }) => {
    if (why) skip();
    const r = await runCli(['freeze', '--families', 'omit', '--mutants', join(full, 'm')], { BLINDSPOT_DEBUG: '1' }, tmp());
    expect(r.code).toBe(2);
    const [first, ...rest] = r.stderr.split('\n');
    expect(first).toMatch(/no space left on the device/);
    expect(rest.join('\n')).toMatch(/at writeFileAtomic/);
  });
});

describe('a folder the system creates nothing in', () => {
  // permission bits pass under /proc, whose every mkdir fails: found before anything is made, not after the freeze
  it.skipIf(!existsSync('/proc/self'))('--out under /proc is refused before the census and the freeze', async () => {
    const cwd = tmp();
    const r = await runCli(['audit', '--out', '/proc/no-such-folder/run', '--no-progress'], {}, cwd);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe('blindspot: --out: cannot create the folder /proc/no-such-folder/run: /proc: the system creates no folders there (ENOENT)');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it.skipIf(!existsSync('/proc/self'))('init --python under /proc is refused, not a hang', async () => {
    const r = await runCli(['init', '--python', '/proc/no-such-folder'], {}, tmp());
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe('blindspot: --python: cannot create the folder /proc/no-such-folder: /proc: the system creates no folders there (ENOENT)');
  });
});
