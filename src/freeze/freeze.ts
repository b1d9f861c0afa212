import type { Split, Target, Trajectory } from '../contract/target.ts';
import { openTarget, targetFactory } from '../target/registry.ts';
import { API_FAMILIES, API_OPERATORS, GUI_EXTRA_FAMILIES, GUI_FAMILIES, GUI_OPERATORS, CHOICE_FAMILIES, CHOICE_OPERATORS } from '../grammar/families/index.ts';
import { takeTargetCensuses } from '../census/gui.ts';
import { controlCell, faultCells } from '../grammar/enumerate.ts';
import { takeIdempotenceCensus, type IdempotenceCensus } from '../census/idempotence.ts';
import { storeCensus } from '../census/store.ts';
import { InputError } from '../util/errors.ts';
import { knownTail } from '../util/suggest.ts';
import { selectTasks, subset } from '../target/select.ts';
import { freezeIncrement, type Increment } from '../protocol/increment.ts';
import { takeEffectCensus } from '../census/effects.ts';
import { swapCells, type SwapSelection } from '../grammar/swap.ts';
import type { Cell } from '../contract/cell.ts';
import { floorCells } from '../grammar/floor.ts';
import type { SearchSpec } from '../search/arm.ts';
import { readRuns, type RunSource } from '../runs/records.ts';
import { runsCells, type RunsExtras } from '../runs/cells.ts';
import { resolve } from 'node:path';
import { phaseEnded } from '../util/phase.ts';
import { ARM_NAMES, DEFAULT_ARMS, MANIFEST_ARM, type ArmName } from '../protocol/arms.ts';

interface FreezeOptions {
  target: string;
  /** faults (the fault grammar) and/or swap (the intent-swap grid); controls always */
  arms?: ArmName[];
  /** default: every family of the target's grammar (GUI targets: the GUI families) */
  families?: string[];
  swap?: { checkers?: string[]; trajectories?: string[]; pilot?: number; seed?: number };
  /** the search arm: operators (built-in names or plugin modules), seed, plans per task */
  search?: { operators?: string[]; seed?: number; budget?: number };
  /** the recorded-runs arm: a folder of recorded runs (AgentDojo's runs/) or a JSON-lines file */
  runs?: string;
  splits: Split[];
  /** task ids or generator names; empty means every task of the splits */
  tasks?: string[];
  unseal?: { split: Split; reason: string };
  mutantsDir: string;
  censusDir: string;
  /**
   * Hand the opened target to the caller (Frozen.target, the caller closes it) for
   * scoring the increment next: a protocol target is then started once per audit,
   * not twice. A stateful target is closed anyway, as a run opens it with its state.
   */
  keepOpen?: boolean;
}

interface Frozen {
  dir: string;
  increment: Increment;
  reused: boolean;
  census?: { file: string; census: IdempotenceCensus };
  /** with keepOpen, the target the increment was frozen from, still open */
  target?: Target;
}

function parseFamilies(families: string[], known: string[]): string[] {
  const unknown = families.find((f) => !known.includes(f));
  if (unknown !== undefined) throw new InputError(`--families: unknown family '${unknown}'${knownTail(unknown, known)}`);
  return known.filter((f) => families.includes(f));
}

/**
 * A target with the 'gui' capability is audited with the GUI grammar (plus the
 * choice families when it also declares 'gui-choice'), every other with the API
 * grammar; by default with the paper's families (and the choice families), and
 * any other family of the grammar when --families names it.
 */
const grammarOf = (capabilities: string[]) => {
  if (!capabilities.includes('gui')) return { defaults: [...API_FAMILIES], known: [...API_FAMILIES], operators: API_OPERATORS };
  if (!capabilities.includes('gui-choice')) return { defaults: [...GUI_FAMILIES], known: [...GUI_FAMILIES, ...GUI_EXTRA_FAMILIES], operators: GUI_OPERATORS };
  return {
    defaults: [...GUI_FAMILIES, ...CHOICE_FAMILIES],
    known: [...GUI_FAMILIES, ...GUI_EXTRA_FAMILIES, ...CHOICE_FAMILIES],
    operators: { ...GUI_OPERATORS, ...CHOICE_OPERATORS },
  };
};

/** The runs arm's cells, unless none of its runs can be replayed on this target: a folder of another benchmark's runs, another suite's. */
function replayable(source: RunSource, cells: Cell[], target: string): Cell[] {
  const runs = cells.filter((c) => c.run);
  if (runs.some((c) => c.construction.ok)) return cells;
  const first = runs.find((c) => !c.construction.ok)?.construction;
  const why = first && !first.ok ? `; first: ${first.reason}` : '';
  throw new InputError(`--runs: none of the ${runs.length} run(s) in ${source.root} can be replayed on ${target}${why}`);
}

/** Census, then enumeration, then the frozen increment: nothing here scores a cell. */
export async function freeze(opts: FreezeOptions): Promise<Frozen> {
  const arms = opts.arms ?? DEFAULT_ARMS;
  if (opts.swap?.pilot !== undefined && !(Number.isInteger(opts.swap.pilot) && opts.swap.pilot > 0)) {
    throw new InputError(`--pilot: expected a whole number of off-diagonal cells > 0, got ${opts.swap.pilot}`);
  }
  const budget = opts.search?.budget;
  if (budget !== undefined && !(Number.isInteger(budget) && budget > 0)) throw new InputError(`--budget: expected a whole number of plans per task > 0, got ${budget}`);
  // The search arm's explorer (fast-check) loads only for an audit that has it.
  const search = arms.includes('search') ? await import('../search/arm.ts') : undefined;
  const operators = search ? await (await import('../search/load.ts')).resolveOperators(opts.search?.operators) : undefined;
  if (arms.includes('runs') && !opts.runs) throw new InputError('--runs: the runs arm needs --runs <folder of recorded runs or .jsonl file>');
  if (opts.runs && !arms.includes('runs')) throw new InputError('--runs: recorded runs are replayed by the runs arm; add --arms runs');
  // read (and refused, where no run is usable) before the target opens
  const recorded = arms.includes('runs') ? readRuns(opts.runs!) : undefined;
  const target = await openTarget(opts.target, { unseal: opts.unseal });
  let handed = false;
  try {
    const info = await target.describe();
    if (recorded && !info.capabilities.includes('recorded-runs')) {
      throw new InputError(`--arms runs: target ${info.name} cannot replay recorded runs (it does not declare the 'recorded-runs' capability: delivery that goes on past rejected calls, and benchmark versions)`);
    }
    const grammar = grammarOf(info.capabilities);
    const families = arms.includes('faults') ? parseFamilies(opts.families ?? grammar.defaults, grammar.known) : [];
    const tasks = selectTasks(await target.tasks(), opts);
    // the swap selection is checked before any census is taken and stored
    const sel: SwapSelection | undefined = arms.includes('swap')
      ? {
          checkers: subset(tasks, opts.swap?.checkers, '--checkers'),
          trajectories: subset(tasks, opts.swap?.trajectories, '--trajectories'),
          ...(opts.swap?.pilot ? { pilot: { n: opts.swap.pilot, seed: opts.swap.seed ?? 0 } } : {}),
        }
      : undefined;
    // a folder of runs none of which this target can replay is refused before any census is taken and stored
    const runs = recorded ? replayable(recorded, await runsCells(target, await target.tasks(), recorded, info.semantics), info.name) : [];
    const refs = new Map<string, Trajectory>();
    // A pipelining target answers in order, so its references are asked for at once: one round trip, not one per task.
    if (info.capabilities.includes('pipeline')) (await Promise.all(tasks.map((t) => target.reference(t.id)))).forEach((r, i) => refs.set(tasks[i].id, r));
    else for (const t of tasks) refs.set(t.id, await target.reference(t.id));
    let census: Frozen['census'];
    if (families.includes('extra-ni')) {
      const c = await takeIdempotenceCensus(target, tasks.map((t) => t.id), refs);
      census = { file: storeCensus(opts.censusDir, c).file, census: c };
    }
    const censuses = census ? [{ kind: 'idempotence', file: census.file, hash: census.census.hash }] : [];
    const targetCensuses = families.length ? await takeTargetCensuses(target, tasks.map((t) => t.id), opts.censusDir) : [];
    censuses.push(...targetCensuses.map(({ kind, file, hash }) => ({ kind, file, hash })));
    const extras: Record<string, unknown> = {};
    let swap: Cell[] = [];
    if (sel) {
      const effects = await takeEffectCensus(target, tasks.map((t) => t.id), refs);
      censuses.push({ kind: 'effects', file: storeCensus(opts.censusDir, effects).file, hash: effects.hash });
      extras.swap = sel;
      swap = swapCells(tasks, refs, effects, sel, target.rungOverride?.bind(target));
    }
    phaseEnded('census');
    let searched: Cell[] = [];
    if (search && operators) {
      const contexts = search.searchContexts(tasks, refs, info.semantics);
      const spec: SearchSpec = { seed: opts.search?.seed ?? 0, budget: budget ?? search.DEFAULT_BUDGET, shrinkLimit: search.SHRINK_LIMIT, operators: operators.refs };
      if (operators.ops.has('insert')) spec.withoutInserts = search.withoutInserts(tasks, contexts);
      extras.search = spec;
      searched = search.searchCells(contexts, operators.ops, spec);
    }
    if (recorded) extras.runs = { root: resolve(recorded.root), files: recorded.files } satisfies RunsExtras;
    const controls = tasks.map((t) => ({ ...controlCell(t, refs.get(t.id)!), ...(arms.includes('swap') ? { rung: 'diag' } : {}) }));
    const floor = arms.includes('floor') ? tasks.flatMap((t) => floorCells(t, refs.get(t.id)!.steps)) : [];
    const ctx = { census: census?.census, censuses: Object.fromEntries(targetCensuses.map((c) => [c.kind, c.census])), semantics: info.semantics };
    const cells = [...controls, ...faultCells(tasks, refs, families, ctx, grammar.operators), ...floor, ...swap, ...searched, ...runs];
    const frozen = await freezeIncrement({
      root: opts.mutantsDir,
      spec: opts.target,
      target: info,
      selection: { splits: opts.splits, tasks: tasks.map((t) => t.id), ...(opts.unseal ? { unseal: opts.unseal } : {}) },
      arms: ['control', ...ARM_NAMES.filter((a) => arms.includes(a)).map((a) => MANIFEST_ARM[a])],
      families,
      extras,
      censuses,
      cells,
    });
    handed = opts.keepOpen === true && (await targetFactory(opts.target)).stateful !== true;
    return { ...frozen, census, ...(handed ? { target } : {}) };
  } finally {
    if (!handed) await target.close();
  }
}
