// Where a command writes: `log` for its results, `err` for progress and problems.
// In its own module so that every command and main.ts, which loads them all, share it without importing each other.
export type Out = { log: (s: string) => void; err: (s: string) => void };
