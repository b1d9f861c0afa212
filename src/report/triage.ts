// Triage in the report: each false accept and search finding carries its
// construction key, and what the triage file says of it (of a search finding:
// of its construction, else of its weakness name, else of its mechanism name). A dismissed finding
// stays in the tables, marked; the headline counts say how many are dismissed.
import type { Cell } from '../contract/cell.ts';
import { cellKey, constructionKey, searchTriage, type Triage, type TriageEntry } from '../triage/triage.ts';
import type { Report } from './build.ts';

export function applyTriage(r: Report, manifest: Cell[], triage: Triage | undefined): Report {
  const target = r.evidence.target;
  const cells = new Map(manifest.map((c) => [c.id, c]));
  const said = (e: Pick<TriageEntry, 'status' | 'reason'> | undefined) => (e ? { triage: { status: e.status, reason: e.reason } } : {});
  const falseAccepts = r.falseAccepts.map((f) => {
    const key = cellKey(target, cells.get(f.cell)!);
    return { ...f, ...(key ? { key } : {}), ...said(key ? triage?.byKey.get(key) : undefined) };
  });
  const search = r.search && {
    ...r.search,
    findings: r.search.findings.map((f) => {
      const key = constructionKey(target, f.task, f.minimal.steps);
      return { ...f, key, ...said(searchTriage(triage, target, key, f.weakness, f.mechanism)) };
    }),
  };
  const marked = [...falseAccepts, ...(search?.findings ?? [])].map((f) => f.triage?.status);
  return {
    ...r,
    falseAccepts,
    ...(search ? { search } : {}),
    ...(triage
      ? { triage: { file: triage.file, sha256: triage.sha256, dismissed: marked.filter((s) => s === 'dismissed').length, accepted: marked.filter((s) => s === 'accepted').length } }
      : {}),
  };
}
