import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadRun } from '../run/load.ts';
import { lockRunFolder } from '../run/lock.ts';
import { endedSessions } from '../run/runfile.ts';
import { classify, type Classification } from '../classify/classify.ts';
import { judge } from '../classify/outcome.ts';
import { sha256 } from '../util/hash.ts';
import { buildReport, type Report } from './build.ts';
import { applyTriage } from './triage.ts';
import type { Triage } from '../triage/triage.ts';
import { DEFAULT_THRESHOLDS, killRates, type Thresholds } from './thresholds.ts';
import type { SearchOutcome } from '../search/findings.ts';
import type { SearchSpec } from '../search/arm.ts';
import { type RunsReport, buildRunsReport } from '../runs/summary.ts';
import type { RunsExtras } from '../runs/cells.ts';
import type { Reporter } from '../contract/report.ts';
import { AUDIT_REPORTERS, type AuditReport } from './reporters.ts';
import { reportFiles, writeReportFiles } from './reporter.ts';
import { auditPage } from './sections.ts';
import { auditFigures } from './html.ts';

interface WrittenReport {
  report: Report;
  markdown: string;
  classification: Classification;
  files: string[];
  runs?: RunsReport;
}

/** A run's report as its files' texts (checksums.sha256 included), by name, not yet written. */
export interface RenderedReport extends Omit<WrittenReport, 'files'> {
  files: Record<string, string>;
}

export interface ReportOptions {
  triage?: Triage;
  mutants?: string;
  thresholds?: Thresholds;
  /** formats beside the built-in ones, written, checksummed and listed with them */
  reporters?: readonly Reporter[];
}

/** Reads and verifies the run, then writes every report file and the checksums; nothing is written over a ledger that fails verification. */
export async function writeReport(runDir: string, opts: ReportOptions = {}): Promise<WrittenReport> {
  const unlock = lockRunFolder(runDir);
  try {
    const rendered = await renderReport(runDir, opts);
    writeReportFiles(runDir, rendered.files);
    return { ...rendered, files: Object.keys(rendered.files).filter((f) => f !== CHECKSUMS) };
  } finally {
    unlock();
  }
}

/** Every report file of a run, rendered from its ledger and increment and written nowhere: what writeReport would write. */
export async function renderReport(runDir: string, { triage, mutants, thresholds = DEFAULT_THRESHOLDS, reporters = [] }: ReportOptions): Promise<RenderedReport> {
  const loaded = await loadRun(runDir, mutants);
  const { incDir, increment, manifest, ledger } = loaded;
  // a report of a run killed part-way says so, as its resume will record it, not that it is running
  const run = { ...loaded.run, sessions: endedSessions(loaded.run.sessions, ledger.length) };
  const classification = classify(manifest, ledger, increment.target.semantics);
  const judged = judge(classification);
  const spec = increment.extras.search as SearchSpec | undefined;
  const byId = new Map(ledger.map((e) => [e.cell, e]));
  let search: SearchOutcome | undefined;
  if (spec) {
    // loaded for a search run only, as in run.ts
    const [{ searchOutcome }, { loadOperators }] = await Promise.all([import('../search/findings.ts'), import('../search/load.ts')]);
    search = await searchOutcome({ spec, ops: await loadOperators(spec), semantics: increment.target.semantics, cells: manifest, entryOf: (id) => byId.get(id) });
  }
  const triaged = applyTriage(buildReport(increment, manifest, run, judged, ledger, search), manifest, triage);
  const scored = { ...triaged, killRates: killRates(classification, triaged, increment.families, thresholds) };
  const runs = increment.extras.runs
    ? buildRunsReport({ target: scored.evidence.target, increment: increment.id, extras: increment.extras.runs as RunsExtras, cells: manifest, entryOf: (id) => byId.get(id), semantics: increment.target.semantics, triage })
    : undefined;
  // the triage line counts the recorded runs' dismissals too
  const report =
    runs?.triage && scored.triage
      ? { ...scored, triage: { ...scored.triage, dismissed: scored.triage.dismissed + runs.triage.dismissed, accepted: scored.triage.accepted + runs.triage.accepted } }
      : scored;
  const page = auditPage(report, auditFigures(report, judged), runs);
  const model: AuditReport = { target: increment.target, increment, cells: judged.cells, report, judged, thresholds, page, ...(runs ? { runs } : {}) };
  const files = await reportFiles([...AUDIT_REPORTERS, ...reporters], model, { [CHECKSUMS]: 'the report step writes it over every file' });
  const all = { ...files, [CHECKSUMS]: checksums(runDir, files, [
    'run.json',
    'ledger.jsonl',
    relative(runDir, join(incDir, 'increment.json')),
    relative(runDir, join(incDir, 'manifest.jsonl')),
    // a travelling run's increment copy may come without its censuses: they are hashed where present
    ...increment.censuses.map((c) => relative(runDir, resolve(incDir, c.path))).filter((p) => existsSync(join(runDir, p))),
  ]) };
  return { report, markdown: files['report.md'], classification, files: all, ...(runs ? { runs } : {}) };
}

const CHECKSUMS = 'checksums.sha256';

/**
 * sha256sum format, so `sha256sum -c checksums.sha256` verifies the artifacts from
 * the run folder. Files written with it are hashed from memory, the rest read.
 */
function checksums(runDir: string, written: Record<string, string>, others: string[]): string {
  const lines = Object.entries(written).map(([p, text]) => `${sha256(text)}  ${p}`);
  for (const p of others) lines.push(`${sha256(readFileSync(join(runDir, p)))}  ${p}`);
  return lines.join('\n') + '\n';
}
