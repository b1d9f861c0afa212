// The generic protocol target's command, from its `command` option: light (no
// client, no schema library), so that its process can be started ahead of the
// engine's load (TargetFactory.prestart) and still be the one the open adopts.
import type { OpenOptions } from '../../contract/target.ts';
import { InputError } from '../../util/errors.ts';
import { spawnLineChildAhead } from '../../util/line-process.ts';
import { splitCommand } from '../../util/command-words.ts';
import { MAX_TIMER_MS } from '../../util/timer.ts';

export function commandFrom(options: OpenOptions): string[] {
  const raw = options.targetOptions?.command;
  if (!raw?.trim()) {
    throw new InputError('protocol target: name its command after `--` (e.g. `-- python3 my_target.py`) or with `--target-option command="python3 my_target.py"`');
  }
  return splitCommand(raw);
}

/** The per-request time limit of `--target-option timeout=<ms>`, checked; undefined when not given. */
export function timeoutFrom(options: OpenOptions): number | undefined {
  const raw = options.targetOptions?.timeout;
  if (raw !== undefined && !(/^[1-9]\d*$/.test(raw) && Number(raw) <= MAX_TIMER_MS)) {
    const bound = /^[1-9]\d*$/.test(raw) ? `<= ${MAX_TIMER_MS}` : '> 0';
    throw new InputError(`--target-option timeout: expected a whole number of milliseconds ${bound}, got '${raw}'`);
  }
  return raw === undefined ? undefined : Number(raw);
}

/** Starts the command's process ahead of openCommandTarget, which adopts it (TargetFactory.prestart). */
export function prestartCommandTarget(options: OpenOptions): void {
  spawnLineChildAhead(commandFrom(options));
}
