import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { glance } from '../../src/report/sections.ts';
import type { Report } from '../../src/report/build.ts';

const EXAMPLE = JSON.parse(readFileSync('reports/example/report.json', 'utf8')) as Report;

describe('the glance', () => {
  it('dates a stopped session by when it stopped, and a killed one, which recorded no end, by when it started', () => {
    const session = { alreadyScored: 0, scored: 1, droppedTornLine: false, workers: 2 };
    const sessions = [
      { ...session, startedAt: '2026-12-01T05:00:00.000Z', endedAt: '2026-12-01T05:09:00.000Z', status: 'interrupted', signal: 'SIGINT' },
      { ...session, startedAt: '2026-12-01T06:00:00.000Z', status: 'killed' },
      { ...session, startedAt: '2026-12-01T07:00:00.000Z', endedAt: '2026-12-01T07:01:00.000Z', status: 'complete' },
    ] as Report['run']['sessions'];
    const line = glance({ ...EXAMPLE, run: { ...EXAMPLE.run, sessions } }).find((l) => l.startsWith('Sessions:'));
    expect(line).toBe('Sessions: 3; interrupted by SIGINT at 2026-12-01T05:09:00.000Z, killed (the session started at 2026-12-01T06:00:00.000Z); each later session resumed from the ledger.');
  });
});
