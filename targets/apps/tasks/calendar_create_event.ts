import { dayOffset } from '../world/clock.ts';
import { VISIBILITIES } from '../world/schema.ts';
import { claim, others, read, write, type Generator } from './types.ts';

const TITLES = ['Coffee with Dana', 'Quarterly planning', 'Haircut', 'Flight to Denver', 'Guitar practice'];
const PLACES = ['Cafe Luna', 'Room 4B', 'Main Street Salon', 'Airport', 'Home'];
const at = (day: string, h: number) => `${day}T${String(h).padStart(2, '0')}:00:00Z`;

export const calendar_create_event: Generator = {
  name: 'calendar_create_event',
  split: 'dev',
  make(ctx) {
    const title = ctx.choose(TITLES);
    const location = ctx.choose(PLACES);
    const day = dayOffset(ctx.rng.int(3, 30));
    const h = ctx.rng.int(9, 16);
    const start = at(day, h);
    const end = at(day, h + 1);
    return {
      instruction: `Put "${title}" on my calendar on ${day} from ${h}:00 to ${h + 1}:00 at ${location}.`,
      params: { title, start_at: start, end_at: end, location },
      steps: [
        read('calendar.list_events', { date: day }),
        write('calendar.create_event', { title, start_at: start, end_at: end, location, visibility: 'private' }, {
          title: others(TITLES, [title], 1),
          start_at: [at(day, h - 1)],
          end_at: [at(day, h + 2)],
          location: others(PLACES, [location], 2),
          visibility: [...VISIBILITIES],
        }),
        claim(),
      ],
    };
  },
};
