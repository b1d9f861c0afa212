// Which of a target's tasks a command works on: the splits (a sealed one only
// unsealed) and --tasks, by task id or generator name. Freeze, resume and target
// check select alike, so a name refused by one is refused by all.
import type { Split, TaskInfo } from '../contract/target.ts';
import { InputError } from '../util/errors.ts';
import { quotedWithGuesses } from '../util/suggest.ts';
import { scheduleOfTask } from './schedule.ts';

/** What --tasks may name: task ids and generator names. */
const namesOf = (tasks: TaskInfo[]) => [...new Set(tasks.flatMap((t) => [t.id, t.generator]))];

/** A task id names its copies under every schedule too: `create_incident/0` selects `create_incident/0@per-step`. */
const named = (t: TaskInfo, n: string) => t.id === n || t.generator === n || scheduleOfTask(t.id).task === n;

/** Task ids or generator names within the selection; names nothing outside it. */
export function subset(tasks: TaskInfo[], names: string[] | undefined, flag: string): string[] {
  if (!names?.length) return tasks.map((t) => t.id);
  const unknown = names.filter((n) => !tasks.some((t) => named(t, n)));
  if (unknown.length) throw new InputError(`${flag}: no selected task or generator named ${quotedWithGuesses(unknown, namesOf(tasks))}`);
  return tasks.filter((t) => names.some((n) => named(t, n))).map((t) => t.id);
}

/**
 * Refuses a sealed split asked for without --unseal, and a split unsealed but not
 * asked for (`--unseal holdout` alone audited dev, the default split, with the
 * unsealing recorded): every command that selects by split says it alike.
 */
export function refuseSealed(splits: Split[], unseal: { split: Split } | undefined): void {
  const sealed = splits.find((s) => s === 'holdout' && unseal?.split !== s);
  if (sealed) throw new InputError(`--split: ${sealed} is sealed; add --unseal ${sealed} --reason "<why>" (the reason is recorded in the evidence)`);
  if (unseal && !splits.includes(unseal.split)) {
    throw new InputError(`--unseal: ${unseal.split} is opened but not selected (--split ${splits.join(',')}); add it: --split ${[...splits, unseal.split].join(',')}`);
  }
}

export function selectTasks(all: TaskInfo[], opts: { splits: Split[]; tasks?: string[]; unseal?: { split: Split } }): TaskInfo[] {
  refuseSealed(opts.splits, opts.unseal);
  let tasks = all.filter((t) => opts.splits.includes(t.split));
  if (opts.tasks?.length) {
    const wanted = opts.tasks;
    const unknown = wanted.filter((w) => !all.some((t) => named(t, w)));
    if (unknown.length) throw new InputError(`--tasks: no task or generator named ${quotedWithGuesses(unknown, namesOf(all))}`);
    tasks = tasks.filter((t) => wanted.some((w) => named(t, w)));
  }
  if (!tasks.length) throw new InputError(`--split/--tasks: the selection is empty`);
  return tasks.sort((a, b) => a.id.localeCompare(b.id));
}
