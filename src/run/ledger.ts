// The ledger is append-only JSONL, one line per scored cell. The lines of the
// cells scored in one turn of the event loop are written together with a single
// write(2), at the end of that turn (or at close, or at exit): once it returns
// they survive a SIGKILL of this process, and a kill mid-write leaves at most one
// torn final line, which resume drops. A kill before the write loses those few
// cells' lines, so resume scores those cells again: nothing reads a line that was
// not written (a session's count in run.json is written after the ledger is
// closed). fdatasync (power-loss durability) runs once a second and at close
// rather than once per cell, which would cost more than scoring the cell; the
// one a second runs off the main thread (on a busy disk it takes tens of
// milliseconds, scoring would wait for it), the one at close before run.json
// records the session.
//
// Each line carries `prev`, the sha256 of the line before it (the first line's is
// derived from the increment's hash), so an edited, inserted, removed, duplicated
// or reordered line breaks the chain at a line number a reader can name. A chain
// is not a signature: it catches accidents and casual edits, not a forger who
// recomputes every hash.
import { openSync, writeSync, fdatasync, fdatasyncSync, closeSync, readFileSync, existsSync, truncateSync } from 'node:fs';
import { hash } from 'node:crypto';
import { ProtocolError, withPath } from '../util/errors.ts';
import { sha256 } from '../util/hash.ts';
import { jsonOrUndefined } from '../util/json-file.ts';
import type { LedgerEntry } from '../contract/ledger.ts';
import { VERDICTS } from './score.ts';

const LEDGER_SCHEMA = 'blindspot.ledger/2';

/**
 * The JSON text of entries serialized where they were scored (a worker thread
 * sends its entries as text): the main thread, which writes every line of the
 * ledger, then only parses them and never serializes them again. An entry changed
 * after it was serialized must be a new object (run.ts copies a derived one).
 */
const serialized = new WeakMap<LedgerEntry, string>();

/** Parses an entry sent as JSON text, keeping the text for its ledger line. */
export function entryFromText(text: string): LedgerEntry {
  const entry = JSON.parse(text) as LedgerEntry;
  serialized.set(entry, text);
  return entry;
}

/**
 * The ledger line of an entry: its JSON with `prev` as the last key, as
 * JSON.stringify({ ...entry, prev }) writes it for an entry without one, without
 * copying the entry.
 */
function lineOf(entry: LedgerEntry, prev: string): string {
  if (entry.prev !== undefined) return JSON.stringify({ ...entry, prev });
  const json = serialized.get(entry) ?? JSON.stringify(entry);
  return `${json.slice(0, -1)},"prev":${JSON.stringify(prev)}}`;
}

/** sha256 of a ledger line, one-shot: several times cheaper than a Hash object for lines this short. */
const lineHash = (line: string) => hash('sha256', line);

/** The chain's start for a run of this increment. */
export const ledgerGenesis = (incrementHash: string) => sha256(`${LEDGER_SCHEMA}\n${incrementHash}`);

/** What resume and classification rely on, checked by hand: this runs once per ledger line. */
function entryProblem(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'field (root): expected an object';
  const e = v as Record<string, unknown>;
  if (typeof e.cell !== 'string' || !e.cell) return 'field cell: expected a cell id';
  if (e.status !== 'scored' && e.status !== 'refused') return "field status: expected 'scored' or 'refused'";
  if (typeof e.prev !== 'string') return 'field prev: no hash chain (a ledger written by blindspot before 0.2, or a line added by hand); score the increment into a new run folder';
  if (e.verdict !== undefined) {
    const verdict = e.verdict as Record<string, unknown> | null;
    if (!verdict || !VERDICTS.has(verdict.verdict as string)) return `field verdict.verdict: expected pass, fail or error, got ${JSON.stringify(verdict?.verdict)}`;
    if (typeof verdict.detail !== 'string') return 'field verdict.detail: expected a string';
  }
  if (e.delivery !== undefined && typeof (e.delivery as { completed?: unknown })?.completed !== 'boolean') return 'field delivery.completed: expected true or false';
  return undefined;
}

export interface LedgerState {
  entries: LedgerEntry[];
  /** a torn last line left by a kill, dropped on open */
  droppedTornLine: boolean;
  /** the hash the next line's `prev` must carry */
  head: string;
}

export interface LedgerCheck {
  /** the increment's hash: the first line's `prev` derives from it */
  incrementHash?: string;
  /** why a cell id cannot be in this ledger (not in the manifest, a refusal recorded as scored...), undefined when it can */
  cellProblem?: (entry: LedgerEntry) => string | undefined;
  /** what run.json recorded when a session last ended: the ledger must still hold those lines, unchanged */
  checkpoint?: { lines: number; head: string };
}

/**
 * Reads and verifies the ledger: every complete line parses, is a well-formed
 * entry, continues the hash chain, and names a cell once. Anything else is
 * refused with its line number. Only an unterminated last line (torn by a kill)
 * is dropped, and with `repair` cut from the file.
 */
export function readLedger(file: string, opts: LedgerCheck & { repair?: boolean } = {}): LedgerState {
  const genesis = opts.incrementHash === undefined ? undefined : ledgerGenesis(opts.incrementHash);
  if (!existsSync(file)) return { entries: [], droppedTornLine: false, head: genesis ?? '' };
  // a folder in its place fails in read(), whose error names no path
  const text = withPath(file, () => readFileSync(file, 'utf8'));
  // Only newline-terminated lines were fully written; an unterminated tail is torn.
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  const droppedTornLine = complete.length < text.length;
  const entries: LedgerEntry[] = [];
  const seen = new Map<string, number>();
  let head = genesis;
  const fail = (n: number, why: string): never => {
    throw new ProtocolError(`${file}:${n}: ${why}; the ledger is append-only and was changed after it was written (nothing was reported)`);
  };
  const lines = complete.split('\n');
  lines.pop();
  lines.forEach((line, i) => {
    const n = i + 1;
    const value = jsonOrUndefined(line);
    if (value === undefined) fail(n, 'not valid JSON');
    const problem = entryProblem(value);
    if (problem) fail(n, problem);
    const entry = value as LedgerEntry;
    if (head !== undefined && entry.prev !== head) {
      fail(n, i === 0 ? 'the first line does not start this increment\'s hash chain (a ledger of another run, or its first line was edited)' : 'hash chain broken: this line or the one before it was edited, inserted, removed or moved');
    }
    const before = seen.get(entry.cell);
    if (before !== undefined) fail(n, `cell ${entry.cell} is already recorded at line ${before}`);
    const why = opts.cellProblem?.(entry);
    if (why) fail(n, why);
    seen.set(entry.cell, n);
    entries.push(entry);
    head = lineHash(line);
    if (opts.checkpoint?.lines === n && opts.checkpoint.head !== head) fail(n, 'the ledger no longer ends this line as it did when run.json last recorded it');
  });
  if (opts.checkpoint && lines.length < opts.checkpoint.lines) {
    fail(lines.length + 1, `run.json recorded ${opts.checkpoint.lines} lines at the end of a session; only ${lines.length} remain (lines were removed)`);
  }
  if (droppedTornLine && opts.repair) truncateSync(file, Buffer.byteLength(complete));
  return { entries, droppedTornLine, head: head ?? '' };
}

export class LedgerWriter {
  private fd: number;
  private dirty = 0;
  private timer: NodeJS.Timeout;
  /** lines appended in this turn of the event loop, not yet written */
  private unwritten = '';
  private writeSoon?: NodeJS.Immediate;
  private readonly onExit = () => this.write();
  /** an fdatasync is running on the thread pool */
  private syncing = false;
  private closeWhenSynced = false;

  /** `head`: the hash the next line continues from (readLedger's head, or the genesis of a new ledger) */
  constructor(readonly file: string, private head: string, syncEveryMs = 1000) {
    this.fd = openSync(file, 'a');
    this.timer = setInterval(() => this.syncSoon(), syncEveryMs);
    this.timer.unref();
    // an exit the run did not plan (a checker calling process.exit) still writes what was scored
    process.on('exit', this.onExit);
  }

  /** Lines appended so far end at this hash. */
  get lastHash(): string {
    return this.head;
  }

  /** Entries are written at the end of this turn of the event loop, with every other entry appended in it. */
  append(entries: LedgerEntry[]): void {
    if (!entries.length) return;
    for (const e of entries) {
      const line = lineOf(e, this.head);
      this.head = lineHash(line);
      this.unwritten += line + '\n';
    }
    this.writeSoon ??= setImmediate(() => this.write());
  }

  /** One write(2): a kill mid-write tears at most the last line. */
  private write(): void {
    if (this.writeSoon) clearImmediate(this.writeSoon);
    this.writeSoon = undefined;
    if (!this.unwritten) return;
    const text = this.unwritten;
    this.unwritten = '';
    withPath(this.file, () => writeSync(this.fd, text));
    this.dirty++;
  }

  /** The once-a-second fdatasync, on the thread pool; a failure of it is met again by the one at close. */
  private syncSoon(): void {
    this.write();
    if (!this.dirty || this.syncing) return;
    this.dirty = 0;
    this.syncing = true;
    fdatasync(this.fd, () => {
      this.syncing = false;
      // the descriptor is closed only once nothing uses it (a number closed early could be another file's by then)
      if (this.closeWhenSynced) closeSync(this.fd);
    });
  }

  close(): void {
    clearInterval(this.timer);
    process.off('exit', this.onExit);
    this.write();
    if (this.dirty || this.syncing) withPath(this.file, () => fdatasyncSync(this.fd));
    if (this.syncing) this.closeWhenSynced = true;
    else closeSync(this.fd);
  }
}
