// A repair refused part-way, after the run loaded, must leave the run folder as it
// was. The shipped apps checkers are shared by every test file, so a checker
// "changed since freeze" is simulated by marking one as not intact where the repair
// reads them, instead of editing it on disk.
import { describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appsAudit, runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

vi.mock('../../src/target/checker-files.ts', async (original) => {
  const m = await original<typeof import('../../src/target/checker-files.ts')>();
  return { ...m, locateCheckers: (files: Parameters<typeof m.locateCheckers>[0]) => m.locateCheckers(files).map((f) => (f.path.endsWith('/messages_send_message.ts') ? { ...f, intact: false } : f)) };
});

const tmp = useTmp();

describe('a refused repair', () => {
  it('writes nothing when the checker files changed since the run was frozen', async () => {
    const run = await appsAudit(tmp());
    const r = await runCli(['repair', run, '--patch', 'cardinality']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/checker files changed or missing since increment apps-\w+ was frozen: targets\/apps\/checkers\/messages_send_message\.ts/);
    expect(existsSync(join(run, 'repair'))).toBe(false);
  }, 120_000);
});
