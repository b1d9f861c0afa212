// The findings of a run a maintainer can triage: confirmed false accepts of the
// fault arm, and the search arm's minimal mutants, each with its construction key.
import { loadRun } from '../run/load.ts';
import { classify } from '../classify/classify.ts';
import { searchOutcome } from '../search/findings.ts';
import { loadOperators } from '../search/load.ts';
import type { SearchSpec } from '../search/arm.ts';
import type { Step } from '../contract/target.ts';
import { cellKey, constructionKey } from '../triage/triage.ts';
import { judgeRuns } from '../runs/judge.ts';
import { findingKey } from '../runs/summary.ts';
import { distinctBy } from '../util/group.ts';

interface Finding {
  /** the audited target's name, which the triage file records with the key */
  target: string;
  cell: string;
  task: string;
  kind: string;
  construction: string;
  key: string;
  /** a search finding's weakness name, which one triage entry marks for every task */
  weakness?: string;
  /** and its mechanism name, which one entry marks for every finding of that shape */
  mechanism?: string;
}

/** Every finding of a run a maintainer can triage: confirmed false accepts and search findings. */
export async function findingsOf(runDir: string, mutants?: string): Promise<Finding[]> {
  const { increment, manifest, ledger } = await loadRun(runDir, mutants);
  const target = increment.target.name;
  const cells = new Map(manifest.map((c) => [c.id, c]));
  const cls = classify(manifest, ledger, increment.target.semantics);
  const out: Finding[] = cls.cells
    .filter((c) => c.arm === 'fault' && c.falseAccept)
    .map((c) => ({ target, cell: c.cell, task: c.checker, kind: c.family, construction: c.edit ?? '', key: cellKey(target, cells.get(c.cell)!)! }));
  const byId = new Map(ledger.map((e) => [e.cell, e]));
  const spec = increment.extras.search as SearchSpec | undefined;
  if (spec) {
    const s = await searchOutcome({ spec, ops: await loadOperators(spec), semantics: increment.target.semantics, cells: manifest, entryOf: (id) => byId.get(id) });
    for (const f of s.findings) {
      out.push({ target, cell: f.cell, task: f.task, kind: `search: ${f.weakness}`, construction: f.minimal.edits.join('; then '), key: constructionKey(target, f.task, f.minimal.steps as Step[]), weakness: f.weakness, mechanism: f.mechanism });
    }
  }
  // recorded runs: real false accepts and rejects, keyed by task and difference (one dismissal holds for every run making it)
  if (increment.extras.runs) {
    const runs = judgeRuns(manifest, (id) => byId.get(id), increment.target.semantics);
    const real = runs.filter((r) => r.class === 'real-false-accept' || r.class === 'real-false-reject');
    for (const r of distinctBy(real, (x) => findingKey(target, x))) {
      out.push({ target, cell: r.cell, task: r.task, kind: `recorded run: ${r.class}`, construction: (r.evidence ?? [r.reason]).join('; '), key: findingKey(target, r) });
    }
  }
  return out;
}
