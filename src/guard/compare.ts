// Baseline versus rerun, cell by cell. A regression is anything that lets wrong
// work through or turns correct work away: a new false accept, a lost rejection,
// a control that no longer passes, an effect-correct cell now rejected.
import type { Outcome } from './baseline.ts';

export type ChangeKind =
  | 'lost rejection'
  | 'new false accept'
  | 'control now fails'
  | 'correct effect now rejected'
  | 'false accept closed'
  | 'control fixed'
  | 'changed';

export interface Change {
  cell: string;
  generator: string;
  family: string;
  before: Outcome | 'absent';
  after: Outcome | 'absent';
  kind: ChangeKind;
  regression: boolean;
  detail?: string;
  /** a maintainer dismissed this construction (blindspot triage), with this reason: not a regression */
  dismissed?: string;
}

export type CellMeta = Pick<Change, 'generator' | 'family' | 'detail'>;

function kindOf(cell: string, before: string, after: string): { kind: ChangeKind; regression: boolean } {
  if (cell.startsWith('control:')) {
    if (before === 'pass') return { kind: 'control now fails', regression: true };
    if (after === 'pass') return { kind: 'control fixed', regression: false };
    return { kind: 'changed', regression: false };
  }
  if (after === 'false-accept') return { kind: before === 'rejected' ? 'lost rejection' : 'new false accept', regression: true };
  if (before === 'false-accept') return { kind: 'false accept closed', regression: false };
  if (before === 'degenerate:pass') return { kind: 'correct effect now rejected', regression: true };
  return { kind: 'changed', regression: false };
}

export function compareOutcomes(before: Record<string, Outcome>, after: Record<string, Outcome>, meta: Map<string, CellMeta>): Change[] {
  const cells = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: Change[] = [];
  for (const cell of cells) {
    const b = before[cell] ?? 'absent';
    const a = after[cell] ?? 'absent';
    if (a === b) continue;
    const m = meta.get(cell) ?? { generator: '?', family: '?' };
    out.push({ cell, generator: m.generator, family: m.family, before: b, after: a, ...kindOf(cell, b, a), detail: m.detail });
  }
  // Regressions first: they are why the job fails.
  return out.sort((x, y) => Number(y.regression) - Number(x.regression));
}

export function describeChange(c: Change): string {
  const status = c.regression ? 'REGRESSION' : c.dismissed !== undefined ? 'dismissed' : 'changed';
  // a change that is neither a regression nor a repair needs no kind beside its status
  const kind = c.kind === status ? '' : `${c.kind}: `;
  return `${status}  ${kind}${c.generator} ${c.family} ${c.cell}: ${c.before} -> ${c.after}${c.detail ? `  (${c.detail})` : ''}${c.dismissed !== undefined ? `  [dismissed by triage: ${c.dismissed}]` : ''}`;
}
