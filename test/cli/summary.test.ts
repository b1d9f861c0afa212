import { describe, expect, it } from 'vitest';
import { findingLines } from '../../src/cli/summary.ts';
import type { Finding } from '../../src/runs/summary.ts';

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
