import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { findingLines, summaryLines } from '../../src/cli/summary.ts';
import type { Finding } from '../../src/runs/summary.ts';
import type { Report } from '../../src/report/build.ts';

const finding = (pipeline: string, evidence: string[], dismissed = false) =>
  ({ pipeline, task: 'workspace/user_task_4', evidence, key: pipeline, ...(dismissed ? { triage: { status: 'dismissed', reason: 'why' } } : {}) }) as unknown as Finding;

describe('the recorded-run findings printed after an audit', () => {
  it('lists the findings no triage dismissed first, in their order, then the dismissed ones', () => {
    const lines = findingLines([finding('a', ['x'], true), finding('b', ['y']), finding('c', ['z'], true), finding('d', ['w'])]);
    expect(lines).toEqual(['  b workspace/user_task_4: y', '  d workspace/user_task_4: w', '  a workspace/user_task_4: x [dismissed]', '  c workspace/user_task_4: z [dismissed]']);
  });

  it('keeps each to one line of readable length, and counts those left to report.md', () => {
    const long = 'calendar.events.participants: stored ' + 'x'.repeat(500);
    const lines = findingLines(Array.from({ length: 12 }, (_, i) => finding(`p${i}`, [long, 'second'])));
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe(`  p0 workspace/user_task_4: ${long.slice(0, 160)}...`);
    expect(lines[10]).toBe('  ... 2 more in report.md');
  });
});

describe('the summary printed after an audit', () => {
  it('breaks the count of confirmed false accepts down by family right under it', () => {
    const report = JSON.parse(readFileSync('reports/example/report.json', 'utf8')) as Report;
    const lines = summaryLines(report, 'reports/example');
    const counted = lines.findIndex((l) => l.startsWith('Confirmed false accepts (fault arm): '));
    const families = [...new Set(report.falseAccepts.map((f) => f.family))];
    expect(families.length).toBeGreaterThan(0);
    expect(lines.slice(counted + 1, counted + 1 + families.length).map((l) => l.split(':')[0])).toEqual(families.map((f) => `  ${f}`));
  });

  it('names report.md in the run folder as typed, a trailing slash included (--out r/ printed r//report.md)', () => {
    const report = JSON.parse(readFileSync('reports/example/report.json', 'utf8')) as Report;
    expect(summaryLines(report, 'r/').find((l) => l.startsWith('Report: '))).toMatch(/^Report: r\/report\.md \(/);
  });
});
