import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { runCli } from '../fixtures/cli.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';

const tmp = useTmp();
const dirs = (root: string) => ['--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses')];

describe('malformed input gives one line naming file and field, and exit code 2', () => {
  it('unknown family', async () => {
    const root = tmp();
    const r = await runCli(['freeze', '--target', TOY, '--families', 'omit,explode', ...dirs(root)]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--families: unknown family 'explode'/);
  });

  it('missing target', async () => {
    const r = await runCli(['audit', '--target', 'nosuchbench']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^blindspot: --target: unknown target 'nosuchbench' \(known: apps/);
  });

  it.each([
    ['blindspot-no-such-command', /^blindspot: the target's command after `--`: blindspot-no-such-command: no such command on PATH$/],
    ['test/fixtures/tmp.ts', /^blindspot: the target's command after `--`: test\/fixtures\/tmp\.ts: not executable \(chmod \+x it, or name its interpreter first, e\.g\. python3 test\/fixtures\/tmp\.ts\)$/],
  ])('a protocol command that cannot start: %s, refused before anything starts, by audit and by target check alike', async (command, message) => {
    const root = tmp();
    const r = await runCli(['audit', '--target', 'protocol', '--out', join(root, 'run'), ...dirs(root), '--', command]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(readdirSync(root)).toEqual([]);
    // a typo, not a target failing its check (exit 1)
    const check = await runCli(['target', 'check', '--', command]);
    expect(check.code).toBe(2);
    expect(check.stderr.trim()).toMatch(message);
  });

  it('sealed split without a reason', async () => {
    const root = tmp();
    const r = await runCli(['freeze', '--target', TOY, '--split', 'holdout', ...dirs(root)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--split: holdout is sealed/);
    const r2 = await runCli(['freeze', '--target', TOY, '--split', 'holdout', '--unseal', 'holdout', ...dirs(root)]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/--reason/);
  });

  it('a broken manifest line', async () => {
    const root = tmp();
    const f = await runCli(['freeze', '--target', TOY, '--families', 'omit', '--json', ...dirs(root)]);
    expect(f.code).toBe(0);
    const inc = JSON.parse(f.stdout).dir as string;
    const manifest = join(inc, 'manifest.jsonl');
    const lines = readFileSync(manifest, 'utf8').split('\n');
    lines[2] = lines[2].replace('"checker":', '"checkr":');
    writeFileSync(manifest, lines.join('\n'));
    const r = await runCli(['run', inc, '--out', join(root, 'run')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`blindspot: ${manifest}:3: field checker: Invalid input: expected string, received undefined`);
  });

  it('an edited manifest line that still parses is refused as a change since freeze', async () => {
    const root = tmp();
    const f = await runCli(['freeze', '--target', TOY, '--families', 'omit', '--json', ...dirs(root)]);
    const inc = JSON.parse(f.stdout).dir as string;
    const manifest = join(inc, 'manifest.jsonl');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"hello"', '"HELLO"'));
    const r = await runCli(['run', inc, '--out', join(root, 'run')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/manifest changed since freeze/);
    expect(readdirSync(root)).not.toContain('run');
  });

  it('an edited census is refused as a change since freeze, naming the file', async () => {
    const root = tmp();
    const f = await runCli(['freeze', '--target', TOY, '--families', 'extra-ni', '--json', ...dirs(root)]);
    const inc = JSON.parse(f.stdout).dir as string;
    const censusDir = join(root, 'censuses', 'toy');
    const census = join(censusDir, readdirSync(censusDir)[0]);
    writeFileSync(census, readFileSync(census, 'utf8').replace('"non-idempotent"', '"idempotent"'));
    const r = await runCli(['run', inc, '--out', join(root, 'run')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${census}: idempotence census changed since increment`);
  });

  it('a missing increment folder', async () => {
    const root = tmp();
    const r = await runCli(['run', join(root, 'nope')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nope\/increment\.json: cannot read file/);
  });

  it('report on a folder that is not a run', async () => {
    const root = tmp();
    const r = await runCli(['report', root]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/run\.json: not found/);
  });
});
