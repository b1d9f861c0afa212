// The world clock is frozen: every write stamps the same instant, so two fresh
// deliveries of the same steps leave byte-identical rows.
export const WORLD_NOW = '2024-05-15T12:00:00Z';
export const WORLD_TODAY = '2024-05-15';

/** `days` after the world's today, as YYYY-MM-DD */
export function dayOffset(days: number): string {
  const d = new Date(`${WORLD_TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
