// Validation schedules side by side: when an increment scores the same tasks
// under more than one schedule (servicedesk's validate=final,per-step), each GUI
// family's Pass and false-accept counts per schedule, and for every construction
// that is a false accept under some schedule, the schedules it holds under.
// Counts are per family and schedule, never pooled.
import type { ClassifiedCell } from '../classify/classify.ts';
import { SCHEDULES, scheduleOfTask, type Schedule } from '../target/schedule.ts';
import { groupBy } from '../util/group.ts';
import type { Table } from './section.ts';

export interface ScheduleCounts {
  cells: number;
  /** confirmed: readback proved the effect wrong (or no write) */
  confirmed: number;
  pass: number;
  fa: number;
}

export interface ScheduleReport {
  schedules: Schedule[];
  families: { family: string; bySchedule: Partial<Record<Schedule, ScheduleCounts>> }[];
  /** per (family, task): under which schedules the construction is a false accept, and what it got under the others */
  falseAccepts: { family: string; task: string; edit?: string; holdsUnder: Schedule[]; otherwise: Partial<Record<Schedule, string>> }[];
  note: string;
}

const NOTE =
  'final: the checker runs once, after the whole trajectory (the paper\'s protocol). per-step: it runs after every step, as BrowserGym\'s task loop does, and the first validation that says done ends the episode (a step is one agent action: one fill, one select, one click; a multi-action step fills and submits at once).';

/** What a cell came to, in a word, for a construction that is no false accept under this schedule. */
const outcome = (c: ClassifiedCell) => (c.status === 'confirmed' ? (c.verdict ?? 'unscored') : `${c.status ?? 'unscored'}${c.verdict === 'pass' ? ' (pass)' : ''}`);

/** Present only when the fault cells were scored under more than one schedule. */
export function buildScheduleReport(cells: ClassifiedCell[]): ScheduleReport | undefined {
  const faults = cells.filter((c) => c.arm === 'fault');
  const scheduleOf = (c: ClassifiedCell) => scheduleOfTask(c.checker).schedule;
  const schedules = SCHEDULES.filter((s) => faults.some((c) => scheduleOf(c) === s));
  if (schedules.length < 2) return undefined;
  const families = [...groupBy(faults, (c) => c.family)].map(([family, xs]) => ({
    family,
    bySchedule: Object.fromEntries(
      schedules.map((s) => {
        const ys = xs.filter((c) => scheduleOf(c) === s);
        const counts: ScheduleCounts = {
          cells: ys.length,
          confirmed: ys.filter((c) => c.status === 'confirmed').length,
          pass: ys.filter((c) => c.verdict === 'pass').length,
          fa: ys.filter((c) => c.falseAccept).length,
        };
        return [s, counts];
      }),
    ),
  }));
  const falseAccepts: ScheduleReport['falseAccepts'] = [];
  for (const [key, xs] of groupBy(faults, (c) => `${c.family}\u0000${scheduleOfTask(c.checker).task}`)) {
    if (!xs.some((c) => c.falseAccept)) continue;
    const [family, task] = key.split('\u0000');
    falseAccepts.push({
      family,
      task,
      edit: xs[0].edit,
      holdsUnder: schedules.filter((s) => xs.some((c) => scheduleOf(c) === s && c.falseAccept)),
      otherwise: Object.fromEntries(xs.filter((c) => !c.falseAccept).map((c) => [scheduleOf(c), outcome(c)])),
    });
  }
  falseAccepts.sort((a, b) => a.family.localeCompare(b.family) || a.task.localeCompare(b.task));
  return { schedules, families, falseAccepts, note: NOTE };
}

export const scheduleFamilyTable = (r: ScheduleReport): Table => ({
  head: ['family', ...r.schedules.flatMap((s) => [`${s} confirmed`, `${s} Pass`, `${s} FA`])],
  rows: r.families.map((f) => [f.family, ...r.schedules.flatMap((s) => [f.bySchedule[s]?.confirmed ?? 0, f.bySchedule[s]?.pass ?? 0, f.bySchedule[s]?.fa ?? 0])]),
});

export const scheduleFalseAcceptTable = (r: ScheduleReport): Table => ({
  head: ['family', 'task', 'false accept under', 'otherwise', 'edit'],
  rows: r.falseAccepts.map((x) => [
    x.family,
    x.task,
    x.holdsUnder.join(', '),
    Object.entries(x.otherwise).map(([s, o]) => `${s}: ${o}`).join('; ') || '-',
    x.edit ?? '',
  ]),
});
