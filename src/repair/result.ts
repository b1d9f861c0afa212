// The outcome of a repair, whatever produced the patched verdicts (a regrade of
// patched checker copies, or a guard computed from readback): which targeted false
// accepts flipped, which controls and effect-correct cells still pass, and every
// other verdict that moved. Nothing a patch breaks is filtered out.
import type { Classification, ClassifiedCell } from '../classify/classify.ts';
import type { Effect, VerdictValue } from '../contract/target.ts';
import type { PatchName } from '../contract/repair.ts';

export interface Flip extends Pick<Moved, 'cell' | 'family' | 'generator' | 'patched' | 'detail'> {
  task: string;
  shipped: VerdictValue;
  /** the patched verdict is Fail: the false accept is closed */
  flipped: boolean;
  /** the mechanism the patch acts on, as read back */
  mechanism: string[];
  /**
   * whether the patch changed the checker that judges this cell: a cell left Pass
   * under a checker kept as shipped is not a patch that failed; absent when the
   * patch cannot tell (a guard, or a target that does not name a task's function)
   */
  checkerPatched?: boolean;
  /** what the triage file says of this cell's construction: a dismissed one the patch fails is work a maintainer accepted, now rejected */
  triage?: FlipTriage;
}

export interface FlipTriage {
  status: 'dismissed' | 'accepted';
  reason: string;
}

export interface Moved {
  cell: string;
  arm: string;
  family: string;
  generator: string;
  status: string;
  shipped?: VerdictValue;
  patched: VerdictValue | 'unscored';
  detail?: string;
}

export interface RepairResult {
  schema: 'blindspot.repair/1';
  patch: PatchName;
  /** regraded: patched checker copies scored the frozen cells; would-catch: a guard over the shipped verdict, from readback */
  mode: 'regraded' | 'would-catch';
  run: { dir: string; incrementId: string; incrementHash: string };
  flips: Flip[];
  controls: { total: number; preserved: number; broken: Moved[] };
  /** effect-correct (degenerate) cells the shipped checker passed: a patch must keep passing them too */
  degenerate: { total: number; preserved: number; broken: Moved[] };
  /** every other cell whose verdict moved (a patch may also catch wrong effects that were not false accepts) */
  otherChanges: Moved[];
  /** confirmed false accepts outside this patch's mechanism, left as they are */
  untargeted: Pick<Moved, 'cell' | 'generator' | 'family'>[];
  shipped: { checkerHash: string; files: { path: string; sha256: string; unchanged: boolean }[] };
  /** cardinality: the patched copies, the derived regrade increment and its run folder */
  copies?: { dir: string; patched: { path: string; sha256: string; tables: string[]; skipped: string[]; functions?: string[] }[] };
  regrade?: { incrementDir: string; incrementId: string; runDir: string };
  /** Python checkers: the patch as a unified diff against the installed package, paths as in the benchmark's repository */
  upstream?: { diff: string; prefix: string; files: string[] };
  /** what the patch changed in the checker copies, as a unified diff, so repair.md shows it (Python: upstream.diff's text) */
  change?: string;
  /** the triage file read for the flips' marks */
  triage?: { file: string; sha256: string };
  notes: string[];
}

/** The patched verdict of every cell the patch scored, with its detail, by cell id. */
export type PatchedVerdicts = Map<string, { verdict: VerdictValue; detail?: string }>;

/**
 * The mechanism of a cell (readback vs reference, or the cell's own verdicts) a
 * patch acts on; empty means the patch does not target it.
 */
export type Mechanism = (reference: Effect, got: Effect, cell?: ClassifiedCell) => string[];

/** What `mechanism` shows in a cell's readback against its task's reference effect; nothing without either. */
export function mechanismIn(c: ClassifiedCell, cls: Classification, effects: Map<string, Effect | undefined>, mechanism: Mechanism): string[] {
  const ref = cls.referenceEffects[c.checker];
  const got = effects.get(c.cell);
  return ref && got ? mechanism(ref, got, c) : [];
}

function moved(c: ClassifiedCell, patched: PatchedVerdicts): Moved {
  const p = patched.get(c.cell);
  return {
    cell: c.cell,
    arm: c.arm,
    family: c.family,
    generator: c.generator,
    status: c.status ?? (c.arm === 'control' ? 'control' : 'unclassified'),
    shipped: c.verdict,
    patched: p?.verdict ?? 'unscored',
    detail: p?.detail,
  };
}

export function buildResult(
  base: Pick<RepairResult, 'patch' | 'mode' | 'run' | 'shipped' | 'copies' | 'regrade' | 'upstream' | 'change' | 'triage' | 'notes'>,
  cls: Classification,
  effects: Map<string, Effect | undefined>,
  mechanism: Mechanism,
  patched: PatchedVerdicts,
  checkerPatched: (task: string, generator: string) => boolean | undefined = () => undefined,
  triageOf: (cell: string) => FlipTriage | undefined = () => undefined,
): RepairResult {
  const mechanismOf = (c: ClassifiedCell) => mechanismIn(c, cls, effects, mechanism);
  const fas = cls.cells.filter((c) => c.falseAccept);
  const targeted = fas.filter((c) => mechanismOf(c).length > 0);
  const flips: Flip[] = targeted.map((c) => {
    const { cell, family, generator, patched: verdict, detail } = moved(c, patched);
    const touched = checkerPatched(c.checker, generator);
    const triage = triageOf(c.cell);
    return {
      cell, family, generator, task: c.checker, shipped: c.verdict!, patched: verdict, flipped: verdict === 'fail', mechanism: mechanismOf(c), detail,
      ...(touched === undefined ? {} : { checkerPatched: touched }),
      ...(triage ? { triage } : {}),
    };
  });
  const controls = cls.cells.filter((c) => c.arm === 'control');
  const degenerate = cls.cells.filter((c) => (c.status === 'degenerate' || c.status === 'immaterial') && c.verdict === 'pass');
  const passes = (c: ClassifiedCell) => patched.get(c.cell)?.verdict === 'pass';
  const kept = (xs: ClassifiedCell[]) => ({
    total: xs.length,
    preserved: xs.filter(passes).length,
    broken: xs.filter((c) => !passes(c)).map((c) => moved(c, patched)),
  });
  const accounted = new Set([...targeted, ...controls, ...degenerate].map((c) => c.cell));
  const { patch, mode, run, ...provenance } = base;
  return {
    schema: 'blindspot.repair/1',
    patch,
    mode,
    run,
    flips,
    controls: kept(controls),
    degenerate: kept(degenerate),
    otherChanges: cls.cells
      .filter((c) => !accounted.has(c.cell) && patched.has(c.cell) && patched.get(c.cell)!.verdict !== c.verdict)
      .map((c) => moved(c, patched)),
    untargeted: fas.filter((c) => !targeted.includes(c)).map((c) => ({ cell: c.cell, generator: c.generator, family: c.family })),
    ...provenance,
  };
}
