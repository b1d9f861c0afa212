// blindspot rerun: a prospective rerun (paper appendix F). The cells a filter
// selects from an earlier run are frozen, exactly as they were constructed, into
// a new increment before any of them is scored again; the rerun reads every
// effect back before the checker, and reports how many of the selected cells
// have a confirmed wrong effect and whether each verdict reproduced.
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../util/atomic.ts';
import { classify, type ClassifiedCell } from '../classify/classify.ts';
import { knownTail } from '../util/suggest.ts';
import { freezeIncrement, planIncrement, type FreezeInput } from '../protocol/increment.ts';
import { controlCell } from '../grammar/enumerate.ts';
import { completed, resumableRun, runIncrement } from '../run/run.ts';
import { writeReport } from '../report/write.ts';
import { loadRun } from '../run/load.ts';
import { withTarget } from '../target/registry.ts';
import { InputError } from '../util/errors.ts';
import { sameCorpus } from '../repair/refreeze.ts';
import type { Cell } from '../contract/cell.ts';
import { searchOutcome } from '../search/findings.ts';
import { loadOperators } from '../search/load.ts';
import type { SearchSpec } from '../search/arm.ts';
import { matches, parseWhere } from './where.ts';

interface RerunSummary {
  from: string;
  where: string;
  selected: number;
  increment: string;
  runDir: string;
  confirmedWrongEffect: number;
  degenerate: number;
  otherStatus: number;
  verdictsReproduced: number;
  /** selected cells that are again a Pass on a confirmed wrong effect on fresh environments */
  falseAcceptsReconfirmed: number;
  cells: { cell: string; before: { verdict?: string; status?: string }; after: { verdict?: string; status?: string; evidence?: string[]; reason?: string } }[];
}

/** `; no cell has family 'extr' (known: ...); did you mean 'extra'?` for the first value no cell of the run has, else nothing: a typo is the likely reason a filter selects nothing. */
function unknownValue(cells: ClassifiedCell[], where: ReturnType<typeof parseWhere>): string {
  for (const [key, values] of Object.entries(where) as [keyof typeof where, string[]][]) {
    const known = [...new Set(cells.filter((c) => c.arm !== 'control').map((c) => String(c[key] ?? '')))].filter(Boolean).sort();
    const typo = values.find((v) => !known.includes(v));
    if (typo !== undefined) return `; no cell has ${key} '${typo}'${knownTail(typo, known)}`;
  }
  return '';
}

/** The cells to rerun: those of the run's manifest --where selects. */
function selectWhere(source: Awaited<ReturnType<typeof loadRun>>, whereText: string) {
  const where = parseWhere(whereText);
  const before = classify(source.manifest, source.ledger, source.increment.target.semantics);
  const selected = before.cells.filter((c) => c.arm !== 'control' && matches(c, where));
  if (!selected.length) throw new InputError(`--where ${whereText}: selects no cell of run ${source.run.id}${unknownValue(before.cells, where)}`);
  // a floor, swap or recorded-run cell has no wrong effect of its own for the rerun's report to classify
  const others = [...new Set(selected.map((c) => c.arm))].filter((arm) => arm !== 'fault' && arm !== 'search');
  if (others.length) {
    throw new InputError(`--where ${whereText}: selects cells of the ${others.join(' and ')} arm${others.length > 1 ? 's' : ''}; rerun reconfirms fault and search cells, whose wrong effects its report classifies (add arm=fault to --where, or audit again with --arms ${others.join(',')})`);
  }
  const ids = new Set(selected.map((c) => c.cell));
  return { selected: selected.map((c) => ({ cell: c.cell, verdict: c.verdict, status: c.status })), cells: source.manifest.filter((c) => ids.has(c.id)) };
}

/**
 * Without --where, a search run's findings: each minimal mutant becomes an
 * ordinary fault cell (family `search`), so the prospective rerun confirms it on
 * fresh environments like any census cell.
 */
async function selectFindings(source: Awaited<ReturnType<typeof loadRun>>) {
  const spec = source.increment.extras.search as SearchSpec | undefined;
  if (!spec) throw new InputError(`--where: name the cells to rerun, e.g. family=extra-field,verdict=pass (run ${source.run.id} has no search arm whose findings would be rerun by default)`);
  const byId = new Map(source.ledger.map((e) => [e.cell, e]));
  const outcome = await searchOutcome({ spec, ops: await loadOperators(spec), semantics: source.increment.target.semantics, cells: source.manifest, entryOf: (id) => byId.get(id) });
  if (!outcome.complete) throw new InputError(`run ${source.run.id}: its search is not finished (shrinking part-way); resume it before confirming its findings`);
  if (!outcome.findings.length) throw new InputError(`run ${source.run.id}: its search has no finding to confirm`);
  const cells: Cell[] = outcome.findings.map((f) => ({
    id: f.cell,
    arm: 'fault',
    family: 'search',
    index: 0,
    checker: f.task,
    trajectory: f.task,
    generator: f.generator,
    construction: { ok: true, steps: f.minimal.steps, edit: f.minimal.edits.join('; then '), plan: f.minimal.plan },
  }));
  return { selected: outcome.findings.map((f) => ({ cell: f.cell, verdict: 'pass' as const, status: 'confirmed' as const })), cells };
}

/** `out` is the rerun's run folder; without it, `defaultRunDir` makes one once the selection is frozen: nothing is made for a refused rerun. */
export async function rerun(opts: {
  from: string;
  where?: string;
  mutantsDir: string;
  out?: string;
  defaultRunDir: () => string;
  workers: number;
  limitMs?: number;
  progress?: boolean;
}): Promise<RerunSummary & { alreadyScored: number }> {
  const source = await loadRun(opts.from, opts.mutantsDir);
  const { selected, cells } = opts.where ? selectWhere(source, opts.where) : await selectFindings(source);
  const ids = new Set(cells.map((c) => c.id));
  // Classification needs each checker task's reference effect: the controls of the selected tasks come along.
  const tasks = [...new Set(cells.map((c) => c.checker))].sort();
  const { frozen, runDir, scored } = await withTarget(source.increment.target.spec, { unseal: source.increment.selection.unseal }, async (target) => {
    const infos = new Map((await target.tasks()).map((t) => [t.id, t]));
    const controls = [];
    for (const t of tasks) controls.push(controlCell(infos.get(t)!, await target.reference(t)));
    const info = await target.describe();
    sameCorpus(info, source.increment);
    const input: FreezeInput = {
      root: opts.mutantsDir,
      spec: source.increment.target.spec,
      target: info,
      selection: { ...source.increment.selection, tasks },
      arms: ['control', 'fault'],
      families: [...new Set(cells.map((c) => c.family))],
      extras: { rerunOf: { run: resolve(opts.from), increment: source.increment.id, where: opts.where ?? 'search findings', cells: [...ids].sort() } },
      censuses: source.increment.censuses.map((c) => ({ kind: c.kind, file: resolve(source.incDir, c.path), hash: c.hash })),
      cells: [...controls, ...cells],
    };
    // an --out holding another run is refused before the increment is written, so a refused rerun leaves nothing behind
    const plan = planIncrement(input);
    if (opts.out !== undefined) await resumableRun(opts.out, plan, undefined, undefined);
    const frozen = await freezeIncrement(input, plan);
    const runDir = opts.out ?? opts.defaultRunDir();
    const scored = completed(
      await runIncrement({ incrementDir: frozen.dir, runDir, workers: opts.workers, limitMs: opts.limitMs, progress: opts.progress, target }),
      'rerun',
      `run again with --out ${runDir} to resume it`,
    );
    return { frozen, runDir, scored };
  });
  const written = await writeReport(runDir);
  const after = new Map(written.classification.cells.map((c) => [c.cell, c]));
  const rows = selected.map((b) => {
    const a = after.get(b.cell);
    return {
      cell: b.cell,
      before: { verdict: b.verdict, status: b.status },
      after: { verdict: a?.verdict, status: a?.status, ...(a?.evidence ? { evidence: a.evidence.summary } : {}), ...(a?.reason ? { reason: a.reason } : {}) },
    };
  });
  const summary: RerunSummary = {
    from: opts.from,
    where: opts.where ?? 'search findings',
    selected: selected.length,
    increment: frozen.increment.id,
    runDir,
    confirmedWrongEffect: rows.filter((r) => r.after.status === 'confirmed').length,
    degenerate: rows.filter((r) => r.after.status === 'degenerate').length,
    otherStatus: rows.filter((r) => r.after.status !== 'confirmed' && r.after.status !== 'degenerate').length,
    verdictsReproduced: rows.filter((r) => r.after.verdict === r.before.verdict).length,
    falseAcceptsReconfirmed: rows.filter((r) => r.after.status === 'confirmed' && r.after.verdict === 'pass').length,
    cells: rows,
  };
  // atomic: a kill while it is written leaves the last whole rerun.json, or none
  writeFileAtomic(join(runDir, 'rerun.json'), JSON.stringify(summary, null, 2) + '\n');
  return { ...summary, alreadyScored: scored.alreadyScored };
}
