// Scoring frozen constructions against other checkers. The engine refuses to run
// an increment whose checkers changed since freeze, and rightly so; a repair's
// regrade and a CI guard instead freeze a *derived* increment: the same cells,
// byte for byte, frozen against the checkers to be scored (a copy directory or
// the current shipped files), with the source increment named in its extras.
import { rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Cell } from '../contract/cell.ts';
import type { Classification } from '../classify/classify.ts';
import type { PatchName } from '../contract/repair.ts';
import { writeReport } from '../report/write.ts';
import type { PatchedVerdicts, RepairResult } from './result.ts';
import { freezeIncrement, type Increment } from '../protocol/increment.ts';
import { withTarget } from '../target/registry.ts';
import type { TargetInfo } from '../contract/target.ts';
import { ProtocolError } from '../util/errors.ts';
import { completed, runIncrement, type RunResult } from '../run/run.ts';
import { readRunFile } from '../run/runfile.ts';

interface RefreezeInput {
  /** the source increment and its folder */
  incrementDir: string;
  increment: Increment;
  cells: Cell[];
  /** checker copies to score; undefined scores the target's current shipped checkers */
  checkerDir?: string;
  /** folder that receives the derived increment */
  root: string;
  /** why the increment was derived (repair:cardinality, guard) */
  purpose: string;
  /** which of `cells` to score, decided on the checkers as the opened target describes them (default: all) */
  select?: (info: TargetInfo, cells: Cell[]) => Cell[];
  /** what to do when the corpus moved since the increment was frozen (default: freeze a new increment) */
  corpusMoved?: string;
  /**
   * runDir may hold a run of another derived increment (a repair's earlier copies):
   * it is replaced; a run of this very increment is resumed (an interrupted regrade)
   */
  replaceOther?: boolean;
}

/** Frozen constructions were derived from the corpus; once it moved they no longer mean what they meant. */
export function sameCorpus(info: TargetInfo, inc: Increment, next = 'freeze a new increment'): void {
  if (info.corpusHash !== inc.target.corpusHash) {
    throw new ProtocolError(`target ${info.name} corpus (tasks or references) changed since increment ${inc.id} was frozen; ${next}`);
  }
}

/** Removes `runDir` unless it is a run of increment `hash` (a folder without a readable run.json is no run to resume). */
async function replaceOtherRun(runDir: string, hash: string): Promise<void> {
  const held = await readRunFile(runDir).catch(() => undefined);
  if (held?.increment.hash !== hash) await rm(runDir, { recursive: true, force: true });
}

/** Freezes the derived increment and scores it into `runDir` (resuming if it is already there), on one opened target. */
export async function rescore(
  input: RefreezeInput & { runDir: string; workers: number; limitMs?: number; progress?: boolean },
): Promise<RunResult & { incrementDir: string; cells: Cell[] }> {
  const { increment: inc } = input;
  // the source increment's target, opened on the checkers to be scored
  return withTarget(inc.target.spec, { unseal: inc.selection.unseal, ...(input.checkerDir ? { checkerDir: input.checkerDir } : {}) }, async (target) => {
    const info = await target.describe();
    sameCorpus(info, inc, input.corpusMoved);
    const cells = input.select ? input.select(info, input.cells) : input.cells;
    const arms = [...new Set(cells.map((c) => c.arm))];
    const { dir, increment: derived } = await freezeIncrement({
      root: input.root,
      spec: inc.target.spec,
      target: info,
      selection: inc.selection,
      arms: inc.arms.filter((a) => arms.includes(a)),
      families: inc.families,
      extras: { ...inc.extras, derivedFrom: { id: inc.id, hash: inc.hash, purpose: input.purpose } },
      censuses: inc.censuses.map((c) => ({ kind: c.kind, file: resolve(input.incrementDir, c.path), hash: c.hash })),
      cells,
      ...(input.checkerDir ? { checkerDir: input.checkerDir } : {}),
    });
    if (input.replaceOther) await replaceOtherRun(input.runDir, derived.hash);
    const result = completed(
      await runIncrement({ incrementDir: dir, runDir: input.runDir, workers: input.workers, limitMs: input.limitMs, progress: input.progress, target }),
      input.purpose,
      'nothing compared or written; run the same command again',
    );
    return { ...result, incrementDir: dir, cells };
  });
}

/** How a regrade's scoring went: a repair run again finds its regrade complete and scores nothing. */
export type RegradeScoring = Pick<RunResult, 'scoredNow' | 'alreadyScored' | 'total'> & { runDir: string; incrementId: string };

/** What a repair regrades: the audited run's cells, from its increment; `scored` hears how each regrade's scoring went. */
export type Regrade = Pick<Parameters<typeof rescore>[0], 'cells' | 'incrementDir' | 'increment' | 'limitMs' | 'workers' | 'progress'> & {
  scored?: (s: RegradeScoring) => void;
};

/**
 * Scores `g.cells` on the patched copies in `copyDir` into a fresh <out>/regrade, a
 * run folder like any other: its own report shows the patched checkers' full
 * tables. The paths in `regrade` are relative to the audited run, `auditedRun`.
 */
export async function regradeCopies(
  g: Regrade,
  patch: PatchName,
  copyDir: string,
  out: string,
  auditedRun: string,
): Promise<{ classification: Classification; verdicts: PatchedVerdicts; regrade: NonNullable<RepairResult['regrade']> }> {
  const runDir = join(out, 'regrade');
  // the same copies freeze the same increment: a regrade interrupted (exit 130) resumes where it stopped
  const result = await rescore({ ...g, checkerDir: copyDir, root: join(out, 'mutants'), purpose: `repair:${patch}`, runDir, replaceOther: true });
  g.scored?.({ scoredNow: result.scoredNow, alreadyScored: result.alreadyScored, total: result.total, runDir, incrementId: result.increment.id });
  const { classification } = await writeReport(runDir);
  return {
    classification,
    verdicts: new Map(classification.cells.filter((c) => c.verdict).map((c) => [c.cell, { verdict: c.verdict!, detail: c.detail }])),
    regrade: { incrementDir: relative(auditedRun, result.incrementDir), incrementId: result.increment.id, runDir: relative(auditedRun, runDir) },
  };
}
