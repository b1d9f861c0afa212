// The audit's built-in reporters, in the order their files are checksummed. A new
// format is a Reporter (src/contract/report.ts) added to this list.
import { csvTable } from './csv.ts';
import type { AuditModel, OutcomeCell, Reporter, ReportFiles } from '../contract/report.ts';
import type { Increment } from '../protocol/increment.ts';
import type { Judged } from '../classify/outcome.ts';
import type { RunsReport } from '../runs/summary.ts';
import type { Report } from './build.ts';
import type { Thresholds } from './thresholds.ts';
import { htmlPage, markdownPage, type Page } from './section.ts';
import { buildStrykerReport } from './stryker.ts';
import { buildSarif } from './sarif.ts';
import { swapGridCells } from './swap.ts';
import { runsCsv } from './runs.ts';
import { json } from './reporter.ts';

/** Everything an audit's formats are written from: the report, each cell with its outcome, what the run was, and the page report.md and report.html both render. */
export interface AuditReport extends AuditModel {
  report: Report;
  judged: Judged;
  increment: Increment;
  thresholds: Thresholds;
  runs?: RunsReport;
  page: Page;
}

/** cells.csv's status column: the classification status of a mutant, the control's outcome; swap and floor cells are labelled as controls are, as the column always has. */
const STATUS_COLUMN: Record<OutcomeCell['outcome'], string> = {
  'false-accept': 'confirmed', rejected: 'confirmed', error: 'confirmed',
  candidate: 'candidate', degenerate: 'degenerate', immaterial: 'immaterial', incomplete: 'incomplete', refused: 'refused',
  'control-pass': 'control-pass', 'false-reject': 'false-reject', 'control-unscored': 'control-unscored',
  'graded-pass': 'control-pass', 'graded-other': 'control-unscored', 'read-back': 'read-back',
};

const jsonReporter: Reporter<AuditReport> = {
  name: 'json',
  files: ({ report, runs }) => ({ 'report.json': json(runs ? { ...report, runs } : report) }),
};

const markdownReporter: Reporter<AuditReport> = { name: 'markdown', files: ({ page }) => ({ 'report.md': markdownPage(page) }) };

const htmlReporter: Reporter<AuditReport> = { name: 'html', files: ({ page }) => ({ 'report.html': htmlPage(page) }) };

const strykerReporter: Reporter<AuditReport> = {
  name: 'stryker',
  files: ({ increment, judged, thresholds }) => ({ 'mutation-testing-report.json': json(buildStrykerReport(increment, judged, thresholds)) }),
};

const sarifReporter: Reporter<AuditReport> = {
  name: 'sarif',
  files: async ({ report, increment }) => ({ 'report.sarif': json(await buildSarif(report, increment)) }),
};

const csvReporter: Reporter<AuditReport> = {
  name: 'csv',
  files: ({ report, judged, increment }) => {
    const files: Record<string, string> = {
      'kill-rates.csv': csvTable(
        (report.killRates?.families ?? []).map((k) => ({ family: k.family, killed: k.killed, survived: k.survived, errors: k.errors, dismissed: k.dismissed, kill_rate: k.rate === undefined ? '' : k.rate.toFixed(2), band: k.band, below_break: k.belowBreak ? 'yes' : 'no' })),
        ['family', 'killed', 'survived', 'errors', 'dismissed', 'kill_rate', 'band', 'below_break'],
      ),
      'flow.csv': csvTable(report.flow),
      'cells.csv': csvTable(
        judged.cells.map((c) => ({
          cell: c.cell, arm: c.arm, family: c.family, generator: c.generator, checker: c.checker, trajectory: c.trajectory,
          status: STATUS_COLUMN[c.outcome], verdict: c.verdict ?? '', false_accept: c.outcome === 'false-accept',
          reason: c.reason ?? '', evidence: c.evidence?.summary.join('; ') ?? '',
        })),
      ),
      'false-accepts.csv': csvTable(
        report.falseAccepts.map((f) => ({
          cell: f.cell, task: f.task, generator: f.generator, family: f.family, edit: f.edit ?? '', evidence: f.evidence?.summary.join('; ') ?? '',
          key: f.key ?? '', triage: f.triage ? `${f.triage.status}: ${f.triage.reason}` : '',
        })),
        ['cell', 'task', 'generator', 'family', 'edit', 'evidence', 'key', 'triage'],
      ),
    };
    if (report.search) {
      files['search.csv'] = csvTable(
        report.search.findings.map((f) => ({
          task: f.task, cell: f.cell, weakness: f.weakness, mechanism: f.mechanism, edits: f.minimal.edits.join('; then '), operators: f.operators.join(' '), size: `${f.minimal.size.edits}/${f.minimal.size.steps}/${f.minimal.size.args}`,
          explored: f.explored, tried: f.tried, shrinks: f.shrinks, stop: f.stop, evidence: f.evidence.summary.join('; '), key: f.key ?? '', triage: f.triage ? `${f.triage.status}: ${f.triage.reason}` : '',
        })),
        ['task', 'cell', 'weakness', 'mechanism', 'edits', 'operators', 'size', 'explored', 'tried', 'shrinks', 'stop', 'evidence', 'key', 'triage'],
      );
    }
    if (report.swap) {
      const { diag, off } = swapGridCells(increment, judged);
      files['swap.csv'] = csvTable(
        [...diag, ...off].map((c) => ({ cell: c.cell, checker: c.checker, trajectory: c.trajectory, rung: c.rung ?? 'diag', verdict: c.verdict ?? '', delivered: c.delivered })),
      );
    }
    return files;
  },
};

/** The recorded-runs report's own files, when the audit replayed recorded runs. */
const runsReporter: Reporter<AuditReport> = {
  name: 'runs',
  files: ({ runs }): ReportFiles => {
    if (!runs) return {};
    const csv = runsCsv(runs);
    return { 'runs.json': json(runs), 'runs-pipelines.csv': csv.pipelines, 'runs-findings.csv': csv.findings };
  },
};

export const AUDIT_REPORTERS: readonly Reporter<AuditReport>[] = [jsonReporter, markdownReporter, htmlReporter, strykerReporter, sarifReporter, csvReporter, runsReporter];
