import { dayOffset, WORLD_TODAY } from '../world/clock.ts';
import { claim, others, read, write, type Generator } from './types.ts';

export const calendar_reschedule_event: Generator = {
  name: 'calendar_reschedule_event',
  split: 'holdout',
  make(ctx) {
    const events = ctx.all<{ id: number; title: string; start_at: string; end_at: string }>(
      'SELECT id, title, start_at, end_at FROM events WHERE owner_id = 1 AND start_at > ? ORDER BY start_at, id', `${WORLD_TODAY}T23:59:59Z`);
    const e = ctx.choose(events);
    const day = e.start_at.slice(0, 10);
    const newDay = dayOffset(Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${WORLD_TODAY}T00:00:00Z`)) / 86400000) + 7);
    const start = `${newDay}${e.start_at.slice(10)}`;
    const end = `${newDay}${e.end_at.slice(10)}`;
    return {
      instruction: `Move my "${e.title}" event on ${day} one week later, same time.`,
      params: { event_id: e.id, start_at: start, end_at: end },
      steps: [
        read('calendar.list_events', { date: day }),
        write('calendar.update_event', { event_id: e.id, start_at: start, end_at: end }, { event_id: others(events.map((x) => x.id), [e.id]) }),
        claim(),
      ],
    };
  },
};
