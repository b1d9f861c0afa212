// report.json: the paper's tables as data. Counts are per family and never pooled
// into a rate across families.
import type { Increment } from '../protocol/increment.ts';
import type { Cell } from '../contract/cell.ts';
import type { RunFile } from '../run/runfile.ts';
import type { ClassifiedCell } from '../classify/classify.ts';
import { isConfirmed, type Judged, type ScoredCell } from '../classify/outcome.ts';
import type { CellOutcome } from '../contract/outcome.ts';
import { canonicalJson } from '../util/hash.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { buildSwapReport, type SwapReport } from './swap.ts';
import { outcomeOf } from './outcomes.ts';
import { groupBy } from '../util/group.ts';
import { groupErrors, type ErrorGroup } from './errors.ts';
import { buildFloorReport, type FloorReport } from './floor.ts';
import type { SearchOutcome } from '../search/findings.ts';
import { familyOf } from '../grammar/families/index.ts';
import type { KillRates } from './thresholds.ts';
import { buildScheduleReport, type ScheduleReport } from './schedules.ts';
import { buildCheckerColumns, type CheckerColumns } from './checkers.ts';

export interface FlowRow {
  family: string;
  scheduled: number;
  refused: number;
  incomplete: number;
  degenerate: number;
  /** the effect differs only in log tables, set duplicates, ignored or normalised columns */
  immaterial: number;
  candidate: number;
  classified: number;
  pass: number;
  fa: number;
  error: number;
}

export interface SupportedRow {
  family: string;
  wrongEffect: string;
  evidence: string;
  n: number;
  pass: number;
  fa: number;
  generatorsWithFa: number;
  generatorsEligible: number;
  /** constructions identical to a construction of another family in this row set */
  sameAs?: { family: string; cells: number };
}

type ControlRow = { task: string; generator: string; verdict?: string; detail?: string };

export interface Report {
  schema: 'blindspot.report/2';
  run: { id: string; status: string; sessions: RunFile['sessions']; unscored: number };
  controls: {
    total: number;
    pass: number;
    falseRejects: ControlRow[];
    /** controls that neither passed nor were rejected: delivery broke or the checker errored */
    unscored: ControlRow[];
  };
  flow: FlowRow[];
  supported: SupportedRow[];
  generators: { generator: string; tasks: string[]; vectors: Record<string, string> }[];
  falseAccepts: (Pick<ClassifiedCell, 'cell' | 'generator' | 'family' | 'edit' | 'evidence'> & {
    task: string;
    /** the checker's own words (a reward) and, for multi-checker targets, each checker's verdict */
    detail?: string;
    checkers?: ClassifiedCell['checkers'];
    /** the construction's key in a triage file */
    key?: string;
    /** what a maintainer said of this construction (blindspot triage) */
    triage?: { status: 'dismissed' | 'accepted'; reason: string };
  })[];
  /** the triage file applied, and how many findings it speaks for */
  triage?: { file: string; sha256: string; dismissed: number; accepted: number };
  refusals: { family: string; reason: string; cells: number }[];
  /** checker errors of controls, fault, floor and search cells, grouped by cause */
  errors: ErrorGroup[];
  /**
   * tasks whose checker passes a construction that does nothing (the null-agent
   * floor, claim-only, no-submit) where the reference changes state: named at
   * the top of every report
   */
  noOpCheckers: { task: string; constructions: string[] }[];
  /** present when the increment has the floor arm */
  floor?: FloorReport;
  /** present when the increment has the intent-swap arm */
  swap?: SwapReport;
  /** present when the increment has the search arm: exploratory findings, each shrunk to a minimal mutant */
  search?: SearchOutcome;
  /** kill rate per family against the thresholds the report was written with */
  killRates?: KillRates;
  /** present when fault cells were scored under more than one validation schedule */
  schedules?: ScheduleReport;
  /** present when the target judges each episode with several checkers (miniwob's harnesses) */
  checkers?: CheckerColumns;
  evidence: {
    target: string;
    version: string;
    checkerHash: string;
    corpusHash: string;
    incrementId: string;
    incrementHash: string;
    censuses: { kind: string; hash: string }[];
    unseal?: { split: string; reason: string };
    date: string;
    counts: { cells: number; scored: number; controls: number; faultCells: number; falseAccepts: number; falseRejects: number };
  };
}

const count = <C>(xs: C[], pred: (c: C) => boolean) => xs.filter(pred).length;

/** The flow partition is the mutant outcomes with the three confirmed ones together; Pass and Error are the checker's words over all of them. */
function flowRow(family: string, xs: ScoredCell[]): FlowRow {
  const of = (o: CellOutcome) => count(xs, (c) => c.outcome === o);
  return {
    family,
    scheduled: xs.length,
    refused: of('refused'),
    incomplete: of('incomplete'),
    degenerate: of('degenerate'),
    immaterial: of('immaterial'),
    candidate: of('candidate'),
    classified: count(xs, (c) => isConfirmed(c.outcome)),
    pass: count(xs, (c) => c.verdict === 'pass'),
    fa: of('false-accept'),
    error: count(xs, (c) => c.verdict === 'error'),
  };
}

function supportedRows(families: string[], faults: ScoredCell[], cells: Map<string, Cell>): SupportedRow[] {
  // what a confirmed construction does, whichever family built it
  const steps = new Map(faults.filter((f) => isConfirmed(f.outcome)).map((f) => {
    const c = cells.get(f.cell)!;
    return [f.cell, c.construction.ok ? canonicalJson([c.checker, c.construction.steps]) : ''];
  }));
  const stepsOf = (id: string) => steps.get(id)!;
  const seen = new Map<string, string>();
  const rows: SupportedRow[] = [];
  for (const family of families) {
    const confirmed = faults.filter((c) => c.family === family && isConfirmed(c.outcome));
    if (!confirmed.length) continue;
    const dup = confirmed.filter((c) => seen.has(stepsOf(c.cell)) && seen.get(stepsOf(c.cell)) !== family);
    for (const c of confirmed) if (!seen.has(stepsOf(c.cell))) seen.set(stepsOf(c.cell), family);
    const eligible = new Set(confirmed.map((c) => c.generator));
    const withFa = new Set(confirmed.filter((c) => c.outcome === 'false-accept').map((c) => c.generator));
    const allNoWrite = confirmed.every((c) => c.evidence?.kind === 'construction');
    rows.push({
      family,
      wrongEffect: familyOf(family).wrongEffect,
      evidence: allNoWrite ? 'runner no-write (readback saw none)' : 'readback diff',
      n: confirmed.length,
      pass: count(confirmed, (c) => c.verdict === 'pass'),
      fa: count(confirmed, (c) => c.outcome === 'false-accept'),
      generatorsWithFa: withFa.size,
      generatorsEligible: eligible.size,
      ...(dup.length ? { sameAs: { family: seen.get(stepsOf(dup[0].cell))!, cells: dup.length } } : {}),
    });
  }
  return rows;
}

function noOpCheckers(cls: Judged, floor: FloorReport | undefined): Report['noOpCheckers'] {
  const by = new Map<string, Set<string>>();
  const add = (task: string, what: string) => (by.get(task) ?? by.set(task, new Set()).get(task)!).add(what);
  for (const p of floor?.passed ?? []) if (p.outcome === 'false-accept') for (const f of p.families) add(p.task, `floor:${f}`);
  for (const c of cls.cells) if (c.arm === 'fault' && c.outcome === 'false-accept' && familyOf(c.family).writesNothing) add(c.checker, c.family);
  return [...by].map(([task, xs]) => ({ task, constructions: [...xs].sort() })).sort((a, b) => a.task.localeCompare(b.task));
}

export function buildReport(inc: Increment, manifest: Cell[], run: RunFile, cls: Judged, ledger: LedgerEntry[], search?: SearchOutcome): Report {
  const floor = buildFloorReport(cls.cells);
  const schedules = buildScheduleReport(cls.cells);
  const checkers = buildCheckerColumns(cls.cells, inc.families);
  const cells = new Map(manifest.map((c) => [c.id, c]));
  const controls = cls.cells.filter((c) => c.arm === 'control');
  const faults = cls.cells.filter((c) => c.arm === 'fault');
  const families = inc.families;
  const byGenerator = groupBy(faults, (c) => c.generator);
  const falseRejects = controls.filter((c) => c.outcome === 'false-reject');
  const falseAccepts = faults.filter((c) => c.outcome === 'false-accept');
  return {
    schema: 'blindspot.report/2',
    run: { id: run.id, status: run.sessions.at(-1)?.status ?? 'unknown', sessions: run.sessions, unscored: cls.unscored.length },
    controls: {
      total: controls.length,
      pass: count(controls, (c) => c.outcome === 'control-pass'),
      falseRejects: falseRejects.map((c) => ({ task: c.checker, generator: c.generator, verdict: c.verdict, detail: c.detail })),
      unscored: controls
        .filter((c) => c.outcome === 'control-unscored')
        .map((c) => ({ task: c.checker, generator: c.generator, verdict: c.verdict, detail: c.delivered ? c.detail : `delivery failed: ${c.deliveryError ?? 'unknown'}` })),
    },
    flow: families.map((f) => flowRow(f, faults.filter((c) => c.family === f))),
    supported: supportedRows(families, faults, cells),
    generators: [...byGenerator.keys()].sort().map((generator) => {
      const xs = byGenerator.get(generator)!;
      const tasks = [...new Set(xs.map((c) => c.checker))].sort();
      const byCell = groupBy(xs, (c) => `${c.family}\u0000${c.checker}`);
      const vectors = Object.fromEntries(
        families.map((f) => [f, tasks.map((t) => byCell.get(`${f}\u0000${t}`)?.[0]).map((c) => (c ? outcomeOf(c).symbol : '.')).join('')]),
      );
      return { generator, tasks, vectors };
    }),
    falseAccepts: falseAccepts.map((c) => ({
      cell: c.cell,
      task: c.checker,
      generator: c.generator,
      family: c.family,
      edit: c.edit,
      evidence: c.evidence,
      ...(c.checkers ? { detail: c.detail, checkers: c.checkers } : {}),
    })),
    refusals: [...groupBy(faults.filter((c) => c.outcome === 'refused'), (c) => `${c.family}\u0000${c.reason}`)].map(([k, xs]) => {
      const [family, reason] = k.split('\u0000');
      return { family, reason, cells: xs.length };
    }),
    errors: groupErrors(cls.cells.filter((c) => c.arm !== 'swap')),
    noOpCheckers: noOpCheckers(cls, floor),
    ...(floor ? { floor } : {}),
    ...(inc.arms.includes('swap') ? { swap: buildSwapReport(inc, cls, ledger, manifest) } : {}),
    ...(search ? { search } : {}),
    ...(schedules ? { schedules } : {}),
    ...(checkers ? { checkers } : {}),
    evidence: {
      target: inc.target.name,
      version: inc.target.version,
      checkerHash: inc.target.checkerHash,
      corpusHash: inc.target.corpusHash,
      incrementId: inc.id,
      incrementHash: inc.hash,
      censuses: inc.censuses.map((c) => ({ kind: c.kind, hash: c.hash })),
      ...(inc.selection.unseal ? { unseal: inc.selection.unseal } : {}),
      date: run.createdAt,
      counts: {
        cells: manifest.length,
        scored: cls.cells.length,
        controls: controls.length,
        faultCells: faults.length,
        falseAccepts: falseAccepts.length,
        falseRejects: falseRejects.length,
      },
    },
  };
}
