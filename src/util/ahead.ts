// Child processes started ahead of the code that will speak to them: a target's
// process boots (an interpreter, a benchmark's imports) on another core while the
// engine loads, and the first open of the same command adopts it. This module
// holds them and nothing else, so main() can end them without loading execa.

/** What is kept of a started child: enough to end it. */
interface Started {
  kill(signal: NodeJS.Signals): boolean;
}

const ahead = new Map<string, Started>();
/** keys already opened in this command: a start ahead that comes too late would only compete with it */
const opened = new Set<string>();

/** The key of a start: the same command in the same folder and nothing else is the same process. */
export const aheadKey = (parts: unknown[]) => JSON.stringify(parts);

/** Starts a child to keep under this key, unless one is kept or was opened already. */
export function startAhead(key: string, start: () => Started): void {
  if (!ahead.has(key) && !opened.has(key)) ahead.set(key, start());
}

/** The child started ahead under this key, handed over once; the key counts as opened from now on. */
export function takeAhead<T extends Started>(key: string): T | undefined {
  opened.add(key);
  const child = ahead.get(key);
  ahead.delete(key);
  return child as T | undefined;
}

/**
 * Ends every child started ahead that nothing adopted (the command refused its
 * input, or opened another target): at once, without waiting for it to boot, so
 * a refused flag costs no interpreter start.
 */
export function discardAhead(): void {
  for (const child of ahead.values()) child.kill('SIGKILL');
  ahead.clear();
  opened.clear();
}
