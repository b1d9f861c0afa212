import { join } from 'node:path';
import type { Report } from '../report/build.ts';
import { glance } from '../report/sections.ts';
import type { Finding, RunsReport } from '../runs/summary.ts';
import { groupBy, movedLast } from '../util/group.ts';
import { clip } from '../util/clip.ts';
import { isDismissed } from '../triage/dismissed.ts';

/** A markdown line as terminal text. */
const plain = (l: string) => l.replace(/^- /, '').replace(/\*\*|`/g, '');

/**
 * The first recorded-run findings, one terminal line each: those no triage dismissed
 * first, since they are the ones to read; a finding's whole evidence (a file's
 * content, say) is in report.md.
 */
export function findingLines(findings: Finding[], shown = 10): string[] {
  const lines = movedLast(findings, isDismissed)
    .slice(0, shown)
    .map((f) => `  ${f.pipeline} ${f.task}: ${clip((f.evidence ?? []).join('; '), 160)}${f.triage ? ` [${f.triage.status}]` : ''}`);
  if (findings.length > shown) lines.push(`  ... ${findings.length - shown} more in report.md`);
  return lines;
}

/** The few lines a user reads after a run; the full tables are in report.md. */
export function summaryLines(r: Report, runDir: string, runs?: RunsReport): string[] {
  const lines = glance(r).map(plain);
  if (r.controls.falseRejects.length) {
    lines.push(`FALSE REJECTS: ${r.controls.falseRejects.map((f) => f.task).join(', ')} (reference failed its own checker)`);
  }
  if (r.controls.unscored.length) {
    lines.push(`Controls not scored (delivery broke or checker error): ${r.controls.unscored.map((f) => f.task).join(', ')}`);
  }
  // each family's false accepts right under the glance's count of them, which they break down
  const byFamily = [...groupBy(r.falseAccepts, (f) => f.family)].map(([family, fas]) => `  ${family}: ${[...groupBy(fas, (f) => f.generator)].map(([g, xs]) => `${g} (${xs.length})`).join(', ')}`);
  const counted = lines.findIndex((l) => l.startsWith('Confirmed false accepts'));
  lines.splice(counted < 0 ? lines.length : counted + 1, 0, ...byFamily);
  if (r.swap) {
    const diag = r.swap.rungs.find((x) => x.rung === 'diag')!;
    const off = r.swap.rungs.filter((x) => x.rung !== 'diag');
    const collateral = r.swap.offDiagonalPasses.filter((p) => p.collateral).length;
    lines.push(
      `Intent swap: diagonal ${diag.pass}/${diag.valid} pass; ${off.reduce((n, x) => n + x.valid, 0)} valid off-diagonal cells, ` +
        `${r.swap.offDiagonalPasses.length} Pass (${collateral} collateral), ${r.swap.errors.length} error cells excluded.`,
    );
  }
  if (runs) {
    const n = runs.counts;
    const replayed = Object.values(n).reduce((a, b) => a + b, 0) - n.excluded - n.unscored;
    lines.push(
      `Recorded runs: ${replayed} replayed, ${replayed - n['not-reproduced']} reproduced their recorded verdict; ` +
        `${n['real-false-accept']} real false accepts, ${n['real-false-reject']} real false rejects, ${n['needs-review']} need review, ${n.excluded} excluded` +
        (runs.triage?.dismissed ? ` (${runs.triage.dismissed} findings dismissed by triage).` : '.'),
    );
    lines.push(...findingLines(runs.falseAccepts));
  }
  if (r.run.unscored) lines.push(`${r.run.unscored} cells are not scored yet; run again with the same --out to resume.`);
  lines.push(`Report: ${join(runDir, 'report.md')} (also report.html, report.json, report.sarif, mutation-testing-report.json, CSV files, checksums.sha256)`);
  return lines;
}
