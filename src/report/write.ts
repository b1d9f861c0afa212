import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { loadRun } from '../run/load.ts';
import { lockRunFolder } from '../run/lock.ts';
import { writeFileAtomic } from '../util/atomic.ts';
import { classify, type Classification } from '../classify/classify.ts';
import { sha256 } from '../util/hash.ts';
import { buildReport, type Report } from './build.ts';
import { renderMarkdown } from './markdown.ts';
import { renderHtml } from './html.ts';
import { buildStrykerReport } from './stryker.ts';
import { buildSarif } from './sarif.ts';
import { swapGridCells } from './swap.ts';
import { WORLD_REFERENCE } from '../grammar/swap.ts';
import { applyTriage } from './triage.ts';
import type { Triage } from '../triage/triage.ts';
import { DEFAULT_THRESHOLDS, killRates, type Thresholds } from './thresholds.ts';
import { searchOutcome } from '../search/findings.ts';
import { loadOperators } from '../search/load.ts';
import type { SearchSpec } from '../search/arm.ts';
import { type RunsReport, buildRunsReport } from '../runs/summary.ts';
import { renderRunsHtmlBody, renderRunsMarkdown, runsCsv } from './runs.ts';
import type { RunsExtras } from '../runs/cells.ts';

/** A world-reference cell is never graded: what it yields is a read-back effect, or none. */
const worldReferenceStatus = (c: Classification['cells'][number]) => (c.delivered ? 'read-back' : 'incomplete');

export interface WrittenReport {
  report: Report;
  markdown: string;
  classification: Classification;
  files: string[];
  runs?: RunsReport;
}

/** Reads and verifies the run, then writes every report file and the checksums; nothing is written over a ledger that fails verification. */
export interface ReportOptions {
  triage?: Triage;
  mutants?: string;
  thresholds?: Thresholds;
}

export async function writeReport(runDir: string, opts: ReportOptions = {}): Promise<WrittenReport> {
  const unlock = lockRunFolder(runDir);
  try {
    return await renderRun(runDir, opts);
  } finally {
    unlock();
  }
}

async function renderRun(runDir: string, { triage, mutants, thresholds = DEFAULT_THRESHOLDS }: ReportOptions): Promise<WrittenReport> {
  const { run, incDir, increment, manifest, ledger } = await loadRun(runDir, mutants);
  const classification = classify(manifest, ledger, increment.target.semantics);
  const spec = increment.extras.search as SearchSpec | undefined;
  const byId = new Map(ledger.map((e) => [e.cell, e]));
  const search = spec
    ? await searchOutcome({ spec, ops: await loadOperators(spec), semantics: increment.target.semantics, cells: manifest, entryOf: (id) => byId.get(id) })
    : undefined;
  const triaged = applyTriage(buildReport(increment, manifest, run, classification, ledger, search), manifest, triage);
  const scored = { ...triaged, killRates: killRates(classification, triaged, increment.families, thresholds) };
  const runs = increment.extras.runs
    ? buildRunsReport({ target: scored.evidence.target, increment: increment.id, extras: increment.extras.runs as RunsExtras, cells: manifest, entryOf: (id) => byId.get(id), semantics: increment.target.semantics, triage })
    : undefined;
  // the triage line counts the recorded runs' dismissals too
  const report =
    runs?.triage && scored.triage
      ? { ...scored, triage: { ...scored.triage, dismissed: scored.triage.dismissed + runs.triage.dismissed, accepted: scored.triage.accepted + runs.triage.accepted } }
      : scored;
  // a recorded-runs audit's findings are its runs: their sections follow the fault report's
  const markdown = renderMarkdown(report) + (runs ? renderRunsMarkdown(runs) : '');
  const html = renderHtml(report, classification);
  const files: Record<string, string> = {
    'report.json': JSON.stringify(runs ? { ...report, runs } : report, null, 2) + '\n',
    'report.md': markdown,
    'report.html': runs ? html.replace('</body>', `${renderRunsHtmlBody(runs)}</body>`) : html,
    'mutation-testing-report.json': JSON.stringify(buildStrykerReport(increment, classification, thresholds), null, 2) + '\n',
    'report.sarif': JSON.stringify(await buildSarif(report, increment), null, 2) + '\n',
    'kill-rates.csv': stringify(
      report.killRates.families.map((k) => ({ family: k.family, killed: k.killed, survived: k.survived, errors: k.errors, dismissed: k.dismissed, kill_rate: k.rate === undefined ? '' : k.rate.toFixed(2), band: k.band, below_break: k.belowBreak ? 'yes' : 'no' })),
      { header: true, columns: ['family', 'killed', 'survived', 'errors', 'dismissed', 'kill_rate', 'band', 'below_break'] },
    ),
    'flow.csv': stringify(report.flow, { header: true }),
    'cells.csv': stringify(
      classification.cells.map((c) => ({
        cell: c.cell, arm: c.arm, family: c.family, generator: c.generator, checker: c.checker, trajectory: c.trajectory,
        status: c.status ?? (c.family === WORLD_REFERENCE ? worldReferenceStatus(c) : c.falseReject ? 'false-reject' : c.verdict === 'pass' ? 'control-pass' : 'control-unscored'), verdict: c.verdict ?? '', false_accept: c.falseAccept,
        reason: c.reason ?? '', evidence: c.evidence?.summary.join('; ') ?? '',
      })),
      { header: true },
    ),
    'false-accepts.csv': stringify(
      report.falseAccepts.map((f) => ({
        cell: f.cell, task: f.task, generator: f.generator, family: f.family, edit: f.edit ?? '', evidence: f.evidence?.summary.join('; ') ?? '',
        key: f.key ?? '', triage: f.triage ? `${f.triage.status}: ${f.triage.reason}` : '',
      })),
      { header: true, columns: ['cell', 'task', 'generator', 'family', 'edit', 'evidence', 'key', 'triage'] },
    ),
  };
  if (report.search) {
    files['search.csv'] = stringify(
      report.search.findings.map((f) => ({
        task: f.task, cell: f.cell, edits: f.minimal.edits.join('; then '), operators: f.operators.join(' '), size: `${f.minimal.size.edits}/${f.minimal.size.steps}/${f.minimal.size.args}`,
        explored: f.explored, tried: f.tried, shrinks: f.shrinks, stop: f.stop, evidence: f.evidence.summary.join('; '),
      })),
      { header: true, columns: ['task', 'cell', 'edits', 'operators', 'size', 'explored', 'tried', 'shrinks', 'stop', 'evidence'] },
    );
  }
  if (runs) {
    const csv = runsCsv(runs);
    files['runs.json'] = JSON.stringify(runs, null, 2) + '\n';
    files['runs-pipelines.csv'] = csv.pipelines;
    files['runs-findings.csv'] = csv.findings;
  }
  if (report.swap) {
    const { diag, off } = swapGridCells(increment, classification);
    files['swap.csv'] = stringify(
      [...diag, ...off]
        .map((c) => ({ cell: c.cell, checker: c.checker, trajectory: c.trajectory, rung: c.rung ?? 'diag', verdict: c.verdict ?? '', delivered: c.delivered })),
      { header: true },
    );
  }
  // Synchronous: a handful of small files, where a thread-pool round trip per file costs more than the write.
  for (const [name, text] of Object.entries(files)) writeFileAtomic(join(runDir, name), text);
  writeChecksums(runDir, files, [
    'run.json',
    'ledger.jsonl',
    relative(runDir, join(incDir, 'increment.json')),
    relative(runDir, join(incDir, 'manifest.jsonl')),
    // a travelling run's increment copy may come without its censuses: they are hashed where present
    ...increment.censuses.map((c) => relative(runDir, resolve(incDir, c.path))).filter((p) => existsSync(join(runDir, p))),
  ]);
  return { report, markdown, classification, files: Object.keys(files), ...(runs ? { runs } : {}) };
}

/**
 * sha256sum format, so `sha256sum -c checksums.sha256` verifies the artifacts from
 * the run folder. Files written just now are hashed from memory, the rest read.
 */
function writeChecksums(runDir: string, written: Record<string, string>, others: string[]): void {
  const lines = Object.entries(written).map(([p, text]) => `${sha256(text)}  ${p}`);
  for (const p of others) lines.push(`${sha256(readFileSync(join(runDir, p)))}  ${p}`);
  writeFileAtomic(join(runDir, 'checksums.sha256'), lines.join('\n') + '\n');
}
