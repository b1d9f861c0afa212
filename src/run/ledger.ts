// The ledger is append-only JSONL, one line per scored cell. Each line is written
// with a single write(2): once it returns the line survives a SIGKILL of this
// process, and a kill mid-write leaves at most one torn final line, which resume
// drops. fdatasync (power-loss durability) runs once a second and at close rather
// than once per cell, which would cost more than scoring the cell.
import { openSync, writeSync, fdatasyncSync, closeSync, readFileSync, existsSync, truncateSync } from 'node:fs';
import { InputError } from '../util/errors.ts';
import type { Delivery, Effect, Verdict } from '../target/types.ts';

export interface LedgerEntry {
  cell: string;
  status: 'scored' | 'refused';
  verdict?: Verdict;
  delivery?: Delivery;
  effect?: Effect;
  /** readback failed or the target has no readback: no effect evidence retained */
  readbackError?: string;
  ms?: number;
  at: string;
}

/** The two fields resume and classification rely on, checked by hand: this runs once per ledger line. */
function entryProblem(v: unknown): string | undefined {
  if (!v || typeof v !== 'object') return 'field (root): expected an object';
  const e = v as Record<string, unknown>;
  if (typeof e.cell !== 'string') return 'field cell: expected a string';
  if (e.status !== 'scored' && e.status !== 'refused') return "field status: expected 'scored' or 'refused'";
  return undefined;
}

export interface LedgerState {
  entries: LedgerEntry[];
  /** a torn last line left by a kill, dropped on open */
  droppedTornLine: boolean;
}

export function readLedger(file: string, repair = false): LedgerState {
  if (!existsSync(file)) return { entries: [], droppedTornLine: false };
  const text = readFileSync(file, 'utf8');
  // Only newline-terminated lines were fully written; an unterminated tail is torn.
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  const droppedTornLine = complete.length < text.length;
  const entries: LedgerEntry[] = [];
  complete.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InputError(`${file}:${i + 1}: not valid JSON (the ledger is append-only; do not edit it by hand)`);
    }
    const problem = entryProblem(value);
    if (problem) throw new InputError(`${file}:${i + 1}: ${problem}`);
    entries.push(value as LedgerEntry);
  });
  if (droppedTornLine && repair) truncateSync(file, Buffer.byteLength(complete));
  return { entries, droppedTornLine };
}

export class LedgerWriter {
  private fd: number;
  private dirty = 0;
  private timer: NodeJS.Timeout;

  constructor(readonly file: string, syncEveryMs = 1000) {
    this.fd = openSync(file, 'a');
    this.timer = setInterval(() => this.sync(), syncEveryMs);
    this.timer.unref();
  }

  /** Several entries go out in one write(2): a kill mid-write tears at most the last line. */
  append(entries: LedgerEntry[]): void {
    if (!entries.length) return;
    writeSync(this.fd, entries.map((e) => JSON.stringify(e) + '\n').join(''));
    this.dirty++;
  }

  sync(): void {
    if (this.dirty) {
      fdatasyncSync(this.fd);
      this.dirty = 0;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.sync();
    closeSync(this.fd);
  }
}
