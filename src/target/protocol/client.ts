// One child process speaking the target protocol: JSON lines on stdin/stdout,
// responses matched to requests by id. The client never retries; it reports the
// child's death to every pending request and lets its owner decide to restart.
import { BridgeDiedError, RemoteError, RESULTS, ResponseSchema, type Method, type Result } from './messages.ts';
import { zodProblem } from '../../util/errors.ts';
import { jsonOrUndefined } from '../../util/json-file.ts';
import { passesAsIs, plainResult } from './hand-check.ts';
import { spawnLineChild, type LineChild } from '../../util/line-process.ts';
import { shownCommand } from '../../util/command-words.ts';

export interface ClientOptions {
  cwd?: string;
  /** default per-request time limit; past it the child is killed (it is stuck or out of step) */
  timeoutMs?: number;
}

interface Pending {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timeoutMs: number;
  /** running only while this is the oldest request owed (see armOldest) */
  timer?: NodeJS.Timeout;
}

const STDERR_TAIL = 20;

export class ProtocolClient {
  private child: LineChild;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private deathReason?: string;
  /** answers to lines sent raw (conformance probes), by id, and to unparseable lines (id null) */
  private raw: { id: unknown; message: unknown }[] = [];
  private rawWaiters: (() => void)[] = [];
  /** lines written in this turn of the event loop, sent together (see write) */
  private outbox: string[] = [];

  constructor(readonly command: string[], private opts: ClientOptions = {}) {
    this.child = spawnLineChild(command, {
      cwd: opts.cwd,
      stderrLines: STDERR_TAIL,
      onLine: (line) => this.onLine(line),
      onExit: (how) => this.die(how),
    });
  }

  get alive(): boolean {
    return this.deathReason === undefined;
  }

  /** requests sent and not yet answered */
  get inFlight(): number {
    return this.pending.size;
  }

  request<M extends Method>(method: M, params: Record<string, unknown> = {}, timeoutMs = this.opts.timeoutMs ?? 30_000): Promise<Result<M>> {
    if (!this.alive) return Promise.reject(new BridgeDiedError(this.describeDeath()));
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject, timeoutMs });
      this.armOldest();
      this.write(JSON.stringify({ id, method, params }));
    }).then((result) => {
      if (passesAsIs(method, result)) return result as Result<M>;
      const parsed = RESULTS[method].safeParse(result);
      if (!parsed.success) throw new RemoteError('invalid-result', `${method} answered a malformed result (${zodProblem(parsed.error)})`);
      return parsed.data as Result<M>;
    });
  }

  /** Sends a line as is and waits for the answer carrying `expectId` (null for unparseable lines). */
  async sendRaw(line: string, expectId: unknown, timeoutMs = 5000): Promise<unknown> {
    if (!this.alive) throw new BridgeDiedError(this.describeDeath());
    this.write(line);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.raw.findIndex((r) => r.id === expectId);
      if (i >= 0) return this.raw.splice(i, 1)[0].message;
      if (!this.alive) throw new BridgeDiedError(this.describeDeath());
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.rawWaiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Asks the child to exit, then makes sure it does. */
  async close(): Promise<void> {
    if (this.alive) {
      await this.request('shutdown', {}, 2000).catch(() => undefined);
      this.child.endInput();
    }
    if (!(await this.child.exitsWithin(3000))) this.kill('did not exit after shutdown');
    await this.child.gone();
  }

  kill(reason: string): void {
    this.die(`killed: ${reason}`);
    this.child.kill();
  }

  /**
   * Answers come in request order, so the oldest request owed is the one the target
   * is serving: its time limit runs, and a later one's starts when the answer before
   * it arrives. Requests sent one at a time (no pipelining) are timed from their send,
   * as each is the oldest when sent.
   */
  private armOldest(): void {
    const oldest = this.pending.entries().next();
    if (oldest.done || oldest.value[1].timer) return;
    const [id, p] = oldest.value;
    p.timer = setTimeout(() => {
      this.pending.delete(id);
      p.reject(new Error(`target did not answer ${p.method} within ${p.timeoutMs} ms`));
      this.kill(`${p.method} timed out after ${p.timeoutMs} ms`);
    }, p.timeoutMs);
  }

  /**
   * Lines written in one turn of the event loop (a pipelined episode's deliver
   * and readback) go out in one write, so the target reads them at once
   * and the two processes do not wake each other once per line.
   */
  private write(line: string): void {
    this.outbox.push(line);
    if (this.outbox.length === 1) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const lines = this.outbox.splice(0);
    if (lines.length && this.alive) this.child.write(lines.join('\n'));
  }

  private onLine(line: string): void {
    if (!line.trim()) return;
    const message = jsonOrUndefined(line);
    if (message === undefined) return this.kill(`wrote a line to stdout that is not JSON: ${line.slice(0, 200)}`);
    const plain = plainResult(message);
    const parsed = plain ? { success: true as const, data: plain } : ResponseSchema.safeParse(message);
    const id = parsed.success ? parsed.data.id : (message as { id?: unknown })?.id;
    const pending = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!pending) {
      this.raw.push({ id: id ?? null, message });
      this.rawWaiters.splice(0).forEach((w) => w());
      return;
    }
    this.pending.delete(id as number);
    clearTimeout(pending.timer);
    this.armOldest();
    if (!parsed.success) pending.reject(new RemoteError('invalid-response', `answer to ${pending.method} is not a protocol response: ${line.slice(0, 200)}`));
    else if ('error' in parsed.data) pending.reject(new RemoteError(parsed.data.error.code, parsed.data.error.message));
    else pending.resolve(parsed.data.result);
  }

  private describeDeath(): string {
    const tail = this.child.stderr().join('\n');
    return `target process ${shownCommand(this.command)} ${this.deathReason ?? 'died'}${tail ? `; its last stderr:\n${tail}` : ''}`;
  }

  private die(reason: string): void {
    if (this.deathReason !== undefined) return;
    this.deathReason = reason;
    const error = new BridgeDiedError(this.describeDeath());
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    this.pending.clear();
    this.rawWaiters.splice(0).forEach((w) => w());
  }
}
