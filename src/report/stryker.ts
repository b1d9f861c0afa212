// mutation-testing-report.json: the run in Stryker's mutation-testing-report-schema,
// so mutation-testing-elements (and the Stryker dashboard) can render it. Checker
// files are the schema's "files" (their audited source text) and fault cells are
// its mutants. Controls and intent-swap cells are not mutants and are left out;
// the status mapping is documented in docs/report-formats.md.
import type { MutationTestResult, MutantResult, MutantStatus } from 'mutation-testing-report-schema';
import type { ClassifiedCell } from '../classify/classify.ts';
import { cellOutcome, type Judged } from '../classify/outcome.ts';
import type { Increment } from '../protocol/increment.ts';
import { checkerOfGenerator, frozenSource } from '../target/checker-files.ts';
import type { Thresholds } from './thresholds.ts';
import { VERSION } from '../util/version.ts';

const TIME_LIMIT = /time limit|timed out/i;

/** A mutant's outcome onto Stryker's closed status enum, with the reason a reader sees. */
export function strykerStatus(c: ClassifiedCell, outcome = cellOutcome(c)): { status: MutantStatus; statusReason: string } {
  const detail = c.detail ?? c.reason ?? '';
  switch (outcome) {
    case 'refused':
      return { status: 'Ignored', statusReason: `refused: ${c.reason ?? ''}` };
    case 'incomplete':
      return TIME_LIMIT.test(c.reason ?? '')
        ? { status: 'Timeout', statusReason: `delivery hit the time limit: ${c.reason}` }
        : { status: 'RuntimeError', statusReason: `incomplete delivery: ${c.reason ?? ''}` };
  }
  // a checker error outranks what the effect was: Error is never a verdict on it
  if (c.verdict === 'error' || c.verdict === undefined) {
    return TIME_LIMIT.test(detail)
      ? { status: 'Timeout', statusReason: `checker hit the time limit: ${detail}` }
      : { status: 'RuntimeError', statusReason: `checker error: ${detail}` };
  }
  switch (outcome) {
    case 'degenerate':
      return { status: 'Ignored', statusReason: `degenerate (equivalent mutant): read-back effect equals the reference effect; checker said ${c.verdict}` };
    case 'immaterial':
      return { status: 'Ignored', statusReason: `immaterial (equivalent mutant under the target's semantics): ${c.reason ?? ''}; checker said ${c.verdict}` };
    case 'candidate':
      return { status: 'Ignored', statusReason: `candidate: wrong effect unconfirmed (${c.reason ?? 'no readback'}); checker said ${c.verdict}` };
    case 'false-accept':
      return { status: 'Survived', statusReason: `FALSE ACCEPT: Pass on a confirmed wrong effect (${c.evidence?.summary.join('; ') ?? ''})` };
    default:
      return { status: 'Killed', statusReason: `Fail on a confirmed wrong effect: ${detail}` };
  }
}

interface FileEntry {
  path: string;
  source: string;
  location: MutantResult['location'];
}

/**
 * Each generator's checker file, read once however many generators share it; a target whose
 * checkers are not one file per generator gets one entry per generator.
 */
function fileFor(inc: Increment, generator: string, byPath: Map<string, FileEntry>): FileEntry {
  const f = checkerOfGenerator(inc.target.checkerFiles, generator) ?? (inc.target.checkerFiles.length === 1 ? inc.target.checkerFiles[0] : undefined);
  const path = f?.path ?? `${inc.target.name}/${generator}`;
  let entry = byPath.get(path);
  if (!entry) {
    const source = (f ? frozenSource(f) : undefined) ?? `// checker source of ${generator} not available here (missing, or changed since increment ${inc.id} was frozen)\n`;
    entry = { path, source, location: span(source) };
    byPath.set(path, entry);
  }
  return entry;
}

/** The whole checker is the code under test: the location spans the file. */
function span(source: string): MutantResult['location'] {
  const lines = source.replace(/\n$/, '').split('\n');
  return { start: { line: 1, column: 1 }, end: { line: lines.length, column: lines[lines.length - 1].length + 1 } };
}

export function buildStrykerReport(inc: Increment, cls: Judged, thresholds: Thresholds): MutationTestResult {
  const byPath = new Map<string, FileEntry>();
  // a generator's file is looked up once, not once per cell (a scan of the checker files each)
  const byGenerator = new Map<string, FileEntry>();
  const files: MutationTestResult['files'] = {};
  for (const c of cls.cells.filter((x) => x.arm === 'fault')) {
    let file = byGenerator.get(c.generator);
    if (!file) byGenerator.set(c.generator, (file = fileFor(inc, c.generator, byPath)));
    files[file.path] ??= { language: file.path.endsWith('.py') ? 'python' : 'typescript', source: file.source, mutants: [] };
    files[file.path].mutants.push({
      id: c.cell,
      mutatorName: c.family,
      ...(c.edit ? { description: c.edit, replacement: c.edit } : { description: c.reason ?? c.family }),
      location: file.location,
      ...strykerStatus(c, c.outcome),
    });
  }
  return {
    schemaVersion: '2',
    thresholds: { high: thresholds.high, low: thresholds.low, ...(thresholds.break === null ? {} : { break: thresholds.break }) },
    projectRoot: '.',
    files,
    framework: { name: 'blindspot', version: VERSION },
    config: { target: inc.target.name, targetVersion: inc.target.version, increment: inc.id, incrementHash: inc.hash, checkerHash: inc.target.checkerHash },
  };
}
