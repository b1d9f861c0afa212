// The validation-schedules section: counts per family and schedule, and for each
// construction that is a false accept under some schedule, where it holds.
import { describe, expect, it } from 'vitest';
import type { ClassifiedCell } from '../../src/classify/classify.ts';
import { buildScheduleReport, scheduleFalseAcceptTable } from '../../src/report/schedules.ts';

const cell = (family: string, checker: string, verdict: 'pass' | 'fail', status: ClassifiedCell['status'] = 'confirmed'): ClassifiedCell => ({
  cell: `fault:${family}:${checker}#0`,
  arm: 'fault',
  family,
  checker,
  trajectory: checker,
  generator: checker.split('/')[0],
  status,
  verdict,
  falseAccept: status === 'confirmed' && verdict === 'pass',
  falseReject: false,
  edit: `edit of ${family}`,
});

describe('validation schedules section', () => {
  it('is absent when every fault cell was scored under one schedule', () => {
    expect(buildScheduleReport([cell('extra-field', 'a/0', 'pass'), cell('extra-field', 'a/1', 'fail')])).toBeUndefined();
  });

  it('counts each family per schedule and says under which schedules a false accept holds', () => {
    const r = buildScheduleReport([
      cell('extra-field', 'a/0', 'pass'),
      cell('extra-field', 'a/0@per-step', 'fail'),
      cell('extra-field', 'a/1', 'pass', 'degenerate'),
      cell('extra-field', 'a/1@per-step', 'fail'),
      cell('extra-field-submit', 'a/0', 'pass'),
      cell('extra-field-submit', 'a/0@per-step', 'pass'),
      { ...cell('control', 'a/0', 'pass'), arm: 'control' },
    ])!;
    expect(r.schedules).toEqual(['final', 'per-step']);
    expect(r.families.find((f) => f.family === 'extra-field')!.bySchedule).toEqual({
      final: { cells: 2, confirmed: 1, pass: 2, fa: 1 },
      'per-step': { cells: 2, confirmed: 2, pass: 0, fa: 0 },
    });
    expect(r.falseAccepts.map(({ family, task, holdsUnder, otherwise }) => ({ family, task, holdsUnder, otherwise }))).toEqual([
      { family: 'extra-field', task: 'a/0', holdsUnder: ['final'], otherwise: { 'per-step': 'fail' } },
      { family: 'extra-field-submit', task: 'a/0', holdsUnder: ['final', 'per-step'], otherwise: {} },
    ]);
    expect(scheduleFalseAcceptTable(r).rows[0]).toEqual(['extra-field', 'a/0', 'final', 'per-step: fail', 'edit of extra-field']);
  });
});
