// A reporter, the report step's plugin point: from one model, the files of one
// format. The step that owns the model writes them, so a reporter never touches
// the disk, and a format added to the list cannot be left out of the checksums.
import type { Arm } from './cell.ts';
import type { CellOutcome } from './outcome.ts';
import type { VerdictValue } from './target.ts';

/** File name (relative to the output folder) to its text. */
export type ReportFiles = Record<string, string>;

export interface Reporter<Model = AuditModel> {
  /** what a duplicate file name or a failure is reported against */
  readonly name: string;
  files(model: Model): ReportFiles | Promise<ReportFiles>;
}

/** A scored cell and its one outcome. */
export interface OutcomeCell {
  cell: string;
  arm: Arm;
  family: string;
  checker: string;
  trajectory: string;
  generator: string;
  outcome: CellOutcome;
  verdict?: VerdictValue;
}

/** What an audit's report step hands every reporter; the built-in ones get more beside it. */
export interface AuditModel {
  target: { name: string; version: string };
  increment: { id: string; hash: string };
  /** every scored cell, in manifest order */
  cells: readonly OutcomeCell[];
}
