/**
 * Node's longest timer: a longer delay fires after 1 ms (with a warning), so a
 * time limit past it (`--time-limit 3000000000`, a zero too many) timed every
 * cell out at once. Every time limit a user gives is held to it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
