// blindspot rerun: a prospective rerun (paper appendix F). The cells a filter
// selects from an earlier run are frozen, exactly as they were constructed, into
// a new increment before any of them is scored again; the rerun reads every
// effect back before the checker, and reports how many of the selected cells
// have a confirmed wrong effect and whether each verdict reproduced.
//
// The engine is imported inside rerun(), not at the top, so that the CLI starts
// without loading it (see main.ts).
import type { CommandModule } from 'yargs';
import { join, resolve } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { ClassifiedCell } from '../classify/classify.ts';
import { openTarget } from '../target/registry.ts';
import { InputError } from '../util/errors.ts';
import { jsonOption, runOptions, runSettings } from './options.ts';
import { defaultRunDir } from './run-report.ts';
import type { Out } from './main.ts';

const KEYS = ['family', 'verdict', 'status', 'generator', 'checker', 'arm'] as const;
type Key = (typeof KEYS)[number];

/** `family=extra-field,verdict=pass`: every condition must hold; a key may repeat (either value). */
export function parseWhere(where: string): Partial<Record<Key, string[]>> {
  const out: Partial<Record<Key, string[]>> = {};
  for (const term of where.split(',').map((t) => t.trim()).filter(Boolean)) {
    const [k, v] = term.split('=');
    if (!v || !(KEYS as readonly string[]).includes(k)) throw new InputError(`--where: expected key=value with key one of ${KEYS.join(', ')}, got '${term}'`);
    (out[k as Key] ??= []).push(v);
  }
  if (!Object.keys(out).length) throw new InputError('--where: name at least one condition, e.g. family=extra-field,verdict=pass');
  return out;
}

export const matches = (c: ClassifiedCell, where: Partial<Record<Key, string[]>>) =>
  Object.entries(where).every(([k, vs]) => vs!.includes(String(c[k as Key] ?? '')));

export interface RerunSummary {
  from: string;
  where: string;
  selected: number;
  increment: string;
  runDir: string;
  confirmedWrongEffect: number;
  degenerate: number;
  otherStatus: number;
  verdictsReproduced: number;
  cells: { cell: string; before: { verdict?: string; status?: string }; after: { verdict?: string; status?: string; evidence?: string[] } }[];
}

export async function rerun(opts: { from: string; where: string; mutantsDir: string; runDir: string; workers: number; limitMs: number; progress?: boolean }): Promise<RerunSummary> {
  const where = parseWhere(opts.where);
  const [{ classify }, { freezeIncrement }, { controlCell }, { runIncrement }, { writeReport, loadRun }, { sameCorpus }] = await Promise.all([
    import('../classify/classify.ts'),
    import('../protocol/increment.ts'),
    import('../grammar/enumerate.ts'),
    import('../run/run.ts'),
    import('../report/write.ts'),
    import('../repair/refreeze.ts'),
  ]);
  const source = await loadRun(opts.from);
  const before = classify(source.manifest, source.ledger, source.increment.target.semantics);
  const selected = before.cells.filter((c) => c.arm !== 'control' && matches(c, where));
  if (!selected.length) throw new InputError(`--where ${opts.where}: selects no cell of run ${opts.from}`);
  const ids = new Set(selected.map((c) => c.cell));
  const cells = source.manifest.filter((c) => ids.has(c.id));
  // Classification needs each checker task's reference effect: the controls of the selected tasks come along.
  const tasks = [...new Set(cells.map((c) => c.checker))].sort();
  const target = await openTarget(source.increment.target.spec, { unseal: source.increment.selection.unseal });
  let frozen;
  try {
    const infos = new Map((await target.tasks()).map((t) => [t.id, t]));
    const controls = [];
    for (const t of tasks) controls.push(controlCell(infos.get(t)!, await target.reference(t)));
    const info = await target.describe();
    sameCorpus(info, source.increment);
    frozen = await freezeIncrement({
      root: opts.mutantsDir,
      spec: source.increment.target.spec,
      target: info,
      selection: { ...source.increment.selection, tasks },
      arms: ['control', 'fault'],
      families: [...new Set(cells.map((c) => c.family))],
      extras: { rerunOf: { run: resolve(opts.from), increment: source.increment.id, where: opts.where, cells: [...ids].sort() } },
      censuses: source.increment.censuses.map((c) => ({ kind: c.kind, file: resolve(source.incDir, c.path), hash: c.hash })),
      cells: [...controls, ...cells],
    });
    await runIncrement({ incrementDir: frozen.dir, runDir: opts.runDir, workers: opts.workers, limitMs: opts.limitMs, progress: opts.progress, target });
  } finally {
    await target.close();
  }
  const written = await writeReport(opts.runDir);
  const after = new Map(written.classification.cells.map((c) => [c.cell, c]));
  const rows = selected.map((b) => {
    const a = after.get(b.cell);
    return {
      cell: b.cell,
      before: { verdict: b.verdict, status: b.status },
      after: { verdict: a?.verdict, status: a?.status, ...(a?.evidence ? { evidence: a.evidence.summary } : {}) },
    };
  });
  const summary: RerunSummary = {
    from: opts.from,
    where: opts.where,
    selected: selected.length,
    increment: frozen.increment.id,
    runDir: opts.runDir,
    confirmedWrongEffect: rows.filter((r) => r.after.status === 'confirmed').length,
    degenerate: rows.filter((r) => r.after.status === 'degenerate').length,
    otherStatus: rows.filter((r) => r.after.status !== 'confirmed' && r.after.status !== 'degenerate').length,
    verdictsReproduced: rows.filter((r) => r.after.verdict === r.before.verdict).length,
    cells: rows,
  };
  await writeFile(join(opts.runDir, 'rerun.json'), JSON.stringify(summary, null, 2) + '\n');
  return summary;
}

export const rerunCommand = (out: Out): CommandModule<{}, Record<string, any>> => ({
  command: 'rerun',
  describe: 'freeze the cells of an earlier run that match --where as a new increment, rerun them with readback, and report confirmed wrong effects',
  builder: (y) =>
    jsonOption(runOptions(y))
      .option('from', { type: 'string', demandOption: true, describe: 'the earlier run folder' })
      .option('where', { type: 'string', demandOption: true, describe: `cell filter, key=value[,key=value] over ${KEYS.join(', ')}` })
      .option('out', { type: 'string', describe: 'run folder of the rerun (default reports/rerun-<time>)' })
      .option('mutants', { type: 'string', default: 'mutants', describe: 'folder of frozen increments' })
      .example('$0 rerun --from reports/servicedesk-x --where family=extra-field,verdict=pass', 'paper appendix F: rerun the extra-field Pass cells with Table API readback'),
  handler: async (a) => {
    const s = await rerun({
      from: a.from,
      where: a.where,
      mutantsDir: a.mutants,
      runDir: a.out ?? defaultRunDir('rerun'),
      ...runSettings(a),
    });
    if (a.json) return out.log(JSON.stringify(s, null, 2));
    out.log(`Froze ${s.selected} selected cell(s) of ${s.from} (${s.where}) as increment ${s.increment}, reran them with readback.`);
    out.log(`Confirmed wrong effect: ${s.confirmedWrongEffect}/${s.selected}; degenerate: ${s.degenerate}; other: ${s.otherStatus}. Verdicts reproduced: ${s.verdictsReproduced}/${s.selected}.`);
    for (const c of s.cells) out.log(`  ${c.cell}: ${c.before.verdict} -> ${c.after.verdict}, ${c.after.status}${c.after.evidence ? `: ${c.after.evidence.slice(1).join('; ')}` : ''}`);
    out.log(`Rerun: ${s.runDir}/rerun.json and report.md`);
  },
});
