// The generic protocol target's command, from its `command` option: light (no
// client, no schema library), so that its process can be started ahead of the
// engine's load (TargetFactory.prestart) and still be the one the open adopts.
import type { OpenOptions } from '../../contract/target.ts';
import { InputError } from '../../util/errors.ts';
import { spawnLineChildAhead } from '../../util/line-process.ts';

/**
 * Words split at runs of spaces; a backslash before a space keeps it inside the
 * word (`my\ dir/target.py`), as execa's parseCommandString reads a command.
 */
export function splitCommand(raw: string): string[] {
  const words: string[] = [];
  for (const piece of raw.trim().split(/ +/)) {
    const last = words.length ? words[words.length - 1] : undefined;
    if (last?.endsWith('\\')) words[words.length - 1] = `${last.slice(0, -1)} ${piece}`;
    else if (piece) words.push(piece);
  }
  return words;
}

export function commandFrom(options: OpenOptions): string[] {
  const raw = options.targetOptions?.command;
  if (!raw?.trim()) {
    throw new InputError('protocol target: name its command after `--` (e.g. `-- python3 my_target.py`) or with `--target-option command="python3 my_target.py"`');
  }
  return splitCommand(raw);
}

/** Starts the command's process ahead of openCommandTarget, which adopts it (TargetFactory.prestart). */
export function prestartCommandTarget(options: OpenOptions): void {
  spawnLineChildAhead(commandFrom(options));
}
