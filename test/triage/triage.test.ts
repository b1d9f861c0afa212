import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import type { Baseline } from '../../src/guard/baseline.ts';
import { loadTriage, recordTriage } from '../../src/triage/triage.ts';

const tmp = useTmp();

describe('triage', () => {
  it('a new mark leaves the other entries as they were written: their key order and a note of the user\'s', () => {
    const file = join(tmp(), 'triage.json');
    const mine = { key: 'aaaaaaaaaaaaaaaa', target: 'apps', task: 't/1', construction: 'by hand', status: 'dismissed', reason: 'mine', at: '2026-01-01T00:00:00Z', note: 'see the issue tracker' };
    writeFileSync(file, JSON.stringify({ schema: 'blindspot.triage/1', entries: [mine] }, null, 2) + '\n');
    recordTriage(file, { key: 'bbbbbbbbbbbbbbbb', task: 't/2', construction: 'marked', target: 'apps', status: 'accepted', reason: 'a weakness', at: '2026-01-02T00:00:00Z' });
    const entries = JSON.parse(readFileSync(file, 'utf8')).entries as Record<string, unknown>[];
    expect(entries.map((e) => e.key)).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
    expect(Object.keys(entries[0])).toEqual(Object.keys(mine));
    expect(entries[0]).toEqual(mine);
    expect(loadTriage(file)!.byKey.get('bbbbbbbbbbbbbbbb')).toMatchObject({ status: 'accepted', reason: 'a weakness' });
  });


  it('marks a finding by construction: the mark holds in another run of the same mutant, and in its report', async () => {
    const root = tmp();
    const common = ['--target', 'test/fixtures/search-toy.ts', '--arms', 'search', '--budget', '32', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1', '--no-progress'];
    for (const name of ['r1', 'r2']) expect((await runCli(['audit', ...common, '--out', join(root, name)])).code).toBe(0);
    const file = join(root, 'triage.json');
    const listed = JSON.parse((await runCli(['triage', join(root, 'r1'), '--json', '--triage', file])).stdout) as { cell: string; key: string; task: string }[];
    // listed before the file exists, the summary names where marks will go
    expect((await runCli(['triage', join(root, 'r1'), '--triage', file])).stdout).toContain(`finding(s); 0 triaged in (no triage file at ${file})`);
    const scope = listed.find((f) => f.task === 'scope/0')!;
    expect(scope.key).toMatch(/^[0-9a-f]{16}$/);
    const marked = await runCli(['triage', join(root, 'r1'), '--cell', scope.cell, '--dismiss', 'settings are checked by another task', '--triage', file]);
    expect(marked.code, marked.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).entries).toMatchObject([{ key: scope.key, status: 'dismissed', reason: 'settings are checked by another task', task: 'scope/0' }]);
    // a reason is required, and an unknown cell is refused
    expect((await runCli(['triage', join(root, 'r1'), '--cell', scope.cell, '--accept', ' ', '--triage', file])).code).toBe(2);
    expect((await runCli(['triage', join(root, 'r1'), '--cell', 'search:nope#0', '--dismiss', 'x', '--triage', file])).code).toBe(2);
    // a key cut short is answered with the finding it most likely meant
    const cut = await runCli(['triage', join(root, 'r1'), '--cell', scope.key.slice(0, -1), '--dismiss', 'x', '--triage', file]);
    expect(cut.code).toBe(2);
    expect(cut.stderr.trim()).toMatch(new RegExp(`^blindspot: --cell: ${scope.key.slice(0, -1)} is not a finding of run .*; did you mean ${scope.key}\\?$`));
    // the other run of the same increment: same construction, same key, marked in its report
    const report = await runCli(['report', join(root, 'r2'), '--json', '--triage', file]);
    const r = JSON.parse(report.stdout);
    const f = r.search.findings.find((x: { task: string }) => x.task === 'scope/0');
    expect(f).toMatchObject({ key: scope.key, triage: { status: 'dismissed', reason: 'settings are checked by another task' } });
    expect(r.triage).toMatchObject({ dismissed: 1, accepted: 0 });
    expect(r.search.findings.filter((x: { triage?: unknown }) => x.triage)).toHaveLength(1);
    expect(readFileSync(join(root, 'r2', 'report.md'), 'utf8')).toContain('[dismissed: settings are checked by another task]');
  });

  it('guard names dismissed regressions and does not fail on them', async () => {
    const root = tmp();
    const frozen = await runCli(['freeze', '--target', 'apps', '--arms', 'faults', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--json']);
    const incDir = JSON.parse(frozen.stdout).dir as string;
    const baseline = join(root, 'baseline.json');
    expect((await runCli(['guard', '--baseline', baseline, '--increment', incDir, '--update-baseline', '--workers', '2', '--no-progress'])).code).toBe(0);
    const b = JSON.parse(readFileSync(baseline, 'utf8')) as Baseline;
    const rejected = Object.entries(b.cells).find(([, o]) => o === 'rejected')![0];
    const generator = rejected.replace(/^fault:[^:]+:/, '').replace(/\/\d+#\d+$/, '');
    const dir = join(root, 'checkers');
    cpSync('targets/apps/checkers', dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
    const file = join(dir, `${generator}.ts`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/t\.case\(('[^']*'),/g, 't.case($1, true ||'));
    const out = join(root, 'weak');
    const weak = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0', '--out', out]);
    expect(weak.code).toBe(1);
    const regressed = weak.stdout.split('\n').filter((l) => l.startsWith('REGRESSION')).map((l) => l.match(/ (fault:\S+):/)![1]);
    expect(regressed.length).toBeGreaterThan(0);
    const triage = join(root, 'triage.json');
    for (const cell of regressed) {
      expect((await runCli(['triage', join(out, 'run'), '--cell', cell, '--dismiss', 'weakened on purpose in this test', '--triage', triage])).code).toBe(0);
    }
    const again = await runCli(['guard', '--baseline', baseline, '--checker-dir', dir, '--workers', '0', '--triage', triage]);
    expect(again.code, again.stdout).toBe(0);
    const dismissed = again.stdout.split('\n').filter((l) => l.startsWith('dismissed'));
    expect(dismissed).toHaveLength(regressed.length);
    for (const l of dismissed) expect(l).toContain('[dismissed by triage: weakened on purpose in this test]');
  });
});
