// The world clock is frozen: every write stamps the same instant, so two fresh
// deliveries of the same steps leave byte-identical rows.
export const WORLD_NOW = '2024-05-15T12:00:00Z';
export const WORLD_TODAY = '2024-05-15';

// seeding asks for the same few hundred days thousands of times
const days = new Map<number, string>();

/** `days` after the world's today, as YYYY-MM-DD */
export function dayOffset(offset: number): string {
  let day = days.get(offset);
  if (day === undefined) {
    const d = new Date(`${WORLD_TODAY}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    days.set(offset, (day = d.toISOString().slice(0, 10)));
  }
  return day;
}
