import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('audit and run --json', { timeout: 120_000 }, () => {
  it('name the run folder and the increment, as their lines do: a default run folder\'s name is known to no script', async () => {
    const cwd = tmp();
    const audit = await runCli(['audit', '--target', 'apps', '--families', 'omit', '--json', '--workers', '0'], {}, cwd);
    expect(audit.code, audit.stderr).toBe(0);
    const a = JSON.parse(audit.stdout);
    expect(a.runDir).toMatch(/^reports\/apps-\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(a.incrementDir).toBe(join(cwd, 'mutants', a.evidence.incrementId));
    // the rest is the report as written
    const { runDir, incrementDir, ...report } = a;
    expect(report).toEqual(JSON.parse(readFileSync(join(cwd, runDir, 'report.json'), 'utf8')));
    expect(existsSync(join(incrementDir, 'increment.json'))).toBe(true);

    const run = await runCli(['run', incrementDir, '--json', '--workers', '0'], {}, cwd);
    expect(run.code, run.stderr).toBe(0);
    const r = JSON.parse(run.stdout);
    expect(r.runDir).toMatch(/^reports\/apps-[0-9a-f]{12}-\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(r.runDir).not.toBe(runDir);
    expect(existsSync(join(cwd, r.runDir, 'report.json'))).toBe(true);
    expect(r.incrementDir).toBe(incrementDir);
  });
});
