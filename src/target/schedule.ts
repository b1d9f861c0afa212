// Validation schedules: when a target's checker runs. `final` validates once,
// after the whole trajectory (the paper's protocol); `per-step` validates after
// every step, as BrowserGym's task loop does, and the first validation that says
// the episode is done ends it. A target scoring its tasks under several schedules
// in one increment names a task's copy under a schedule other than `final`
// `<task id>@<schedule>`, so cells, ledgers and reports keep them apart.
export const SCHEDULES = ['final', 'per-step'] as const;
export type Schedule = (typeof SCHEDULES)[number];

const SEP = '@';

export const scheduledTaskId = (id: string, s: Schedule) => (s === 'final' ? id : `${id}${SEP}${s}`);

/** The schedule a task id is scored under, and the id of the task it is a copy of. */
export function scheduleOfTask(id: string): { task: string; schedule: Schedule } {
  const at = id.lastIndexOf(SEP);
  const s = at < 0 ? '' : id.slice(at + 1);
  return (SCHEDULES as readonly string[]).includes(s) ? { task: id.slice(0, at), schedule: s as Schedule } : { task: id, schedule: 'final' };
}
