// The answers every cell gets (open, deliver, readback, check, close, and the
// response around each), checked by hand: zod costs more per cell than the
// conversation with a fast target. Each check accepts only what its schema in
// messages.ts accepts, with no key the schema would strip, so what it passes is
// what zod would return; anything else is left to zod, which then decides and
// explains (test/target/protocol-hand-check.test.ts holds the two to the same
// answers).
import type { Method } from './messages.ts';
import { isObject } from '../../util/json-file.ts';

type Check = (v: unknown) => boolean;

/** zod copies a record's keys into a new object, where an own `__proto__` key (JSON.parse makes one) is not kept as it is */
const isRecord = (v: unknown): v is Record<string, unknown> => isObject(v) && !Object.hasOwn(v, '__proto__');
const only = (o: Record<string, unknown>, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
const isString = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, check: Check) => v === undefined || check(v);
const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const arrayOf = (check: Check) => (v: unknown) => Array.isArray(v) && v.every(check);

const ROW = ['key', 'values'] as const;
const isRow: Check = (r) => isObject(r) && only(r, ROW) && isString(r.key) && isRecord(r.values);
const UPDATE = ['key', 'before', 'after'] as const;
const isUpdate: Check = (u) => isObject(u) && only(u, UPDATE) && isString(u.key) && isRecord(u.before) && isRecord(u.after);
const CHANGES = ['added', 'updated', 'removed'] as const;
const isChanges: Check = (t) => isObject(t) && only(t, CHANGES) && arrayOf(isRow)(t.added) && arrayOf(isUpdate)(t.updated) && arrayOf(isRow)(t.removed);

const REJECTED = ['step', 'call', 'error'] as const;
const isRejected: Check = (r) => isObject(r) && only(r, REJECTED) && count(r.step) && isString(r.call) && isString(r.error);
const DELIVERY = ['completed', 'stepsRun', 'error', 'rejected'] as const;
const VERDICT = ['verdict', 'detail', 'cause'] as const;
const VERDICTS: unknown[] = ['pass', 'fail', 'error'];

const CHECKS: Partial<Record<Method, Check>> = {
  open: (v) => isObject(v) && only(v, ['episode']) && isString(v.episode) && v.episode.length > 0,
  deliver: (v) =>
    isObject(v) && only(v, DELIVERY) && typeof v.completed === 'boolean' && count(v.stepsRun) && optional(v.error, isString) && optional(v.rejected, arrayOf(isRejected)),
  readback: (v) => isObject(v) && only(v, ['effect']) && isRecord(v.effect) && Object.values(v.effect).every(isChanges),
  check: (v) => isObject(v) && only(v, VERDICT) && VERDICTS.includes(v.verdict) && isString(v.detail) && optional(v.cause, isString),
  // z.object({}).loose(): any object, every key kept
  close: isRecord,
};

/** True when `result` is a valid answer to `method` exactly as it stands; false means: ask zod. */
export const passesAsIs = (method: Method, result: unknown): boolean => CHECKS[method]?.(result) ?? false;

const isId = (id: unknown) => typeof id === 'number' || typeof id === 'string' || id === null;

/** A response line's `{id, result}` as ResponseSchema would return it, when it is one with nothing to strip; else undefined. */
export function plainResult(message: unknown): { id: number | string | null; result: unknown } | undefined {
  if (!isObject(message) || !only(message, ['id', 'result']) || !('result' in message) || !isId(message.id)) return undefined;
  return message as { id: number | string | null; result: unknown };
}
