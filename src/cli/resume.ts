// `audit --out <existing run folder>` resumes that run. The flags that choose what
// to audit must then name what the folder already holds: a resume with another
// --target or --arms would otherwise say "Resuming run", score the old selection
// (or nothing) and exit 0. Only the flags the user gave are compared, so a resume
// with just --out works; the intent options have no yargs default for this reason.
import { resolve } from 'node:path';
import type { Increment } from '../protocol/increment.ts';
import { ARM_NAMES, MANIFEST_ARM, parseArms } from '../protocol/arms.ts';
import { selectTasks, subset } from '../target/select.ts';
import { parseTargetSpec, withTarget } from '../target/registry.ts';
import { isModulePath } from '../util/user-module.ts';
import { InputError } from '../util/errors.ts';
import { sameMembers } from '../util/group.ts';
import { parseSplits, parseUnseal, targetSpec } from './options.ts';

type Args = Record<string, any>;

interface Difference {
  flag: string;
  /** e.g. "arms faults", "48 tasks (a, b, c, ...)" */
  held: string;
  given: string;
}

/** `arms faults,swap`, or `48 tasks (a, b, c, ...)` when long; `(none)` when empty. */
function show(noun: string, xs: readonly string[]): string {
  if (!xs.length) return noun ? `no ${noun}` : '(none)';
  if (xs.length <= 6) return `${noun ? `${noun} ` : ''}${xs.join(',')}`;
  return `${xs.length}${noun ? ` ${noun}` : ''} (${xs.slice(0, 3).join(', ')}, ...)`;
}

const showOptions = (o: Record<string, string>) => show('', Object.keys(o).sort().map((k) => `${k}=${o[k]}`));

/** A set-valued flag (--arms, --tasks...) whose set differs from the one held; `note` follows what was given. */
function compareSet(out: Difference[], flag: string, noun: string, held: readonly string[], given: readonly string[], note = ''): void {
  if (!sameMembers(held, given)) out.push({ flag: `--${flag}`, held: show(noun, held), given: show('', given) + note });
}

/** Built-in names compare as written; module paths compare as the files they name. */
const sameTargetName = (a: string, b: string) => a === b || (isModulePath(a) && isModulePath(b) && resolve(a) === resolve(b));

function compareTarget(a: Args, inc: Increment, out: Difference[]): void {
  const held = parseTargetSpec(inc.target.spec);
  // the flags that carry target options, as the user gave them
  const optionFlags = [
    a['target-option'] !== undefined && '--target-option',
    a.suite !== undefined && '--suite',
    (a['--'] ?? []).length > 0 && 'the command after --',
    String(a.target ?? '').includes('?') && '--target',
  ].filter((f): f is string => !!f);
  if (a.target === undefined && !optionFlags.length) return;
  // The name falls back to the held one, so options alone compare against the same target.
  const given = parseTargetSpec(targetSpec({ ...a, target: a.target ?? inc.target.spec.split('?')[0] }));
  if (a.target !== undefined && !sameTargetName(held.name, given.name)) {
    out.push({ flag: '--target', held: `target ${held.name}`, given: given.name });
  } else if (optionFlags.length && showOptions(held.options) !== showOptions(given.options)) {
    out.push({ flag: optionFlags.join(', '), held: `target options ${showOptions(held.options)}`, given: showOptions(given.options) });
  }
}

/** The recorded swap selection (absent when the increment has no intent-swap arm). */
const swapOf = (inc: Increment) => inc.extras.swap as { checkers: string[]; trajectories: string[]; pilot?: { n: number; seed: number } } | undefined;
/** The recorded search spec (absent when the increment has no search arm). */
const searchOf = (inc: Increment) => inc.extras.search as { seed: number; budget: number; operators: { name: string; module?: string }[] } | undefined;
/** Operator words as --operators takes them: built-in names, plugin modules as the files they name. */
const operatorWords = (words: string[]) => [...new Set(words.map((w) => (isModulePath(w) ? resolve(w) : w)))];

/**
 * Task names (ids or generator names) expand to task ids against the target's
 * own tasks, exactly as freeze expanded them; the target is opened only when a
 * flag that needs it was given.
 */
async function compareTasks(a: Args, inc: Increment, out: Difference[]): Promise<void> {
  const wanted = (['tasks', 'checkers', 'trajectories'] as const).filter((f) => a[f] !== undefined);
  if (!wanted.length) return;
  const splits = a.split === undefined ? inc.selection.splits : parseSplits(a.split);
  const unseal = a.unseal === undefined ? inc.selection.unseal : parseUnseal(a.unseal, a.reason);
  const all = await withTarget(inc.target.spec, { unseal }, (target) => target.tasks());
  const expanded = (names: string[]) => (names.every((n) => all.some((t) => t.id === n)) ? '' : ' (generator names expanded to task ids)');
  const selected = a.tasks === undefined ? all.filter((t) => inc.selection.tasks.includes(t.id)) : selectTasks(all, { splits, tasks: a.tasks, unseal });
  if (a.tasks !== undefined) compareSet(out, 'tasks', 'tasks', inc.selection.tasks, selected.map((t) => t.id), expanded(a.tasks));
  const swap = swapOf(inc);
  for (const flag of ['checkers', 'trajectories'] as const) {
    if (a[flag] !== undefined) compareSet(out, flag, `swap ${flag}`, swap?.[flag] ?? [], subset(selected, a[flag], `--${flag}`), expanded(a[flag]));
  }
}

function compareSelection(a: Args, inc: Increment, out: Difference[]): void {
  if (a.arms !== undefined) compareSet(out, 'arms', 'arms', ARM_NAMES.filter((x) => inc.arms.includes(MANIFEST_ARM[x])), parseArms(a.arms));
  if (a.families !== undefined) compareSet(out, 'families', 'families', inc.families, a.families);
  if (a.split !== undefined) compareSet(out, 'split', 'splits', inc.selection.splits, parseSplits(a.split));
  if (a.unseal !== undefined) {
    const given = parseUnseal(a.unseal, a.reason)!;
    const held = inc.selection.unseal;
    if (held?.split !== given.split) out.push({ flag: '--unseal', held: held ? `unsealed ${held.split}` : 'no unsealed split', given: given.split });
    else if (held.reason !== given.reason) out.push({ flag: '--reason', held: `the reason '${held.reason}'`, given: `'${given.reason}'` });
  }
  const pilot = swapOf(inc)?.pilot;
  if (a.pilot !== undefined && a.pilot !== pilot?.n) {
    out.push({ flag: '--pilot', held: pilot ? `a pilot of ${pilot.n} off-diagonal cells` : 'the full grid', given: `a pilot of ${a.pilot}` });
  }
  const search = searchOf(inc);
  // one --seed drives both the pilot sample and the search arm; it matters only where one of them was frozen
  const seed = search?.seed ?? pilot?.seed;
  if (a.seed !== undefined && seed !== undefined && a.seed !== seed) out.push({ flag: '--seed', held: `seed ${seed}`, given: String(a.seed) });
  if (a.budget !== undefined && a.budget !== search?.budget) {
    out.push({ flag: '--budget', held: search ? `a search budget of ${search.budget}` : 'no search arm', given: `a budget of ${a.budget}` });
  }
  if (a.operators !== undefined) {
    const held = operatorWords((search?.operators ?? []).map((o) => o.module ?? o.name));
    const given = operatorWords(a.operators);
    if (!search || !sameMembers(held, given)) out.push({ flag: '--operators', held: search ? show('search operators', held) : 'no search arm', given: show('', given) });
  }
}

/** Throws one line naming every difference between the flags given and the run being resumed (exit 2). */
export async function refuseChangedIntent(a: Args, inc: Increment): Promise<void> {
  const out: Difference[] = [];
  compareTarget(a, inc, out);
  // A different target's task names mean nothing against this one: say that first.
  if (!out.length) {
    compareSelection(a, inc, out);
    await compareTasks(a, inc, out);
  }
  if (!out.length) return;
  const flags = [...new Set(out.map((d) => d.flag))];
  throw new InputError(
    `${out.map((d) => `${d.flag}: this run folder holds ${d.held}, not ${d.given}`).join('; ')}; ` +
      `resume without ${flags.join(', ')} or choose another --out`,
  );
}
