import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { API_FAMILIES } from '../grammar/api.ts';
import { knownTargets } from '../target/registry.ts';
import type { Split } from '../target/types.ts';
import { InputError } from '../util/errors.ts';

export const targetOption = <T>(y: Argv<T>) =>
  y.option('target', { type: 'string', default: 'apps', describe: `target to audit (${knownTargets().join(', ')})` });

export const selectionOptions = <T>(y: Argv<T>) =>
  y
    .option('families', {
      type: 'string',
      array: true,
      default: [...API_FAMILIES],
      describe: 'fault families to enumerate (space or comma separated)',
      coerce: (xs: string[]) => xs.flatMap((x) => x.split(',')).filter(Boolean),
    })
    .option('split', {
      type: 'string',
      array: true,
      default: ['dev'],
      describe: 'task splits to include (dev, test, holdout)',
      coerce: (xs: string[]) => xs.flatMap((x) => x.split(',')).filter(Boolean),
    })
    .option('tasks', { type: 'string', array: true, describe: 'restrict to these task ids or generator names' })
    .option('unseal', { type: 'string', describe: 'open a sealed split (needs --reason, recorded in the evidence)' })
    .option('reason', { type: 'string', describe: 'why a sealed split is opened' })
    .option('mutants', { type: 'string', default: 'mutants', describe: 'folder of frozen increments' })
    .option('censuses', { type: 'string', default: 'censuses', describe: 'folder of frozen censuses' });

export const runOptions = <T>(y: Argv<T>) =>
  y
    .option('workers', { type: 'number', default: availableParallelism(), describe: 'parallel workers (0 scores in the main thread)' })
    .option('time-limit', { type: 'number', default: 10_000, describe: 'per-cell time limit in ms; past it the cell is a checker Error' })
    .option('progress', { type: 'boolean', default: true, describe: 'show a progress bar on a TTY' });

export const jsonOption = <T>(y: Argv<T>) => y.option('json', { type: 'boolean', default: false, describe: 'print JSON for machines' });

const SPLITS: Split[] = ['dev', 'test', 'holdout'];

export function parseSplits(xs: string[]): Split[] {
  for (const s of xs) if (!SPLITS.includes(s as Split)) throw new InputError(`--split: unknown split '${s}' (known: ${SPLITS.join(', ')})`);
  return xs as Split[];
}

export function parseUnseal(unseal?: string, reason?: string): { split: Split; reason: string } | undefined {
  if (unseal === undefined) return undefined;
  const [split] = parseSplits([unseal]);
  if (!reason?.trim()) throw new InputError('--reason: opening a sealed split needs a reason, which is recorded in the evidence');
  return { split, reason };
}

export function checkWorkers(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new InputError(`--workers: expected a whole number >= 0, got ${n}`);
  return n;
}
