import { createHash } from 'node:crypto';

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

const isArrayIndex = (k: string) => /^(0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;

/**
 * Sorted keys in the order a JavaScript object built from them would list them:
 * array-index keys first, numerically, then the rest sorted. That is the order the
 * first, replacer-based version hashed, so every frozen hash stays valid.
 * Object.keys already lists array-index keys first in that order, so only the
 * keys after them need sorting.
 */
function sortedKeys(obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  let i = 0;
  while (i < keys.length && isArrayIndex(keys[i])) i++;
  if (i === 0) return keys.sort();
  return i === keys.length ? keys : [...keys.slice(0, i), ...keys.slice(i).sort()];
}

/**
 * JSON with object keys sorted, so equal values always hash equal. Written out by
 * hand rather than through a JSON.stringify replacer, which rebuilds every object
 * and made effect comparison the slowest part of classification; the output is
 * byte-identical to that version's.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const x = value[i];
      out += (i ? ',' : '') + (x === undefined || typeof x === 'function' ? 'null' : canonicalJson(x));
    }
    return out + ']';
  }
  const obj = value as Record<string, unknown>;
  if (typeof (obj as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((obj as { toJSON: () => unknown }).toJSON());
  let out = '{';
  for (const k of sortedKeys(obj)) {
    const v = obj[k];
    if (v === undefined || typeof v === 'function') continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(k) + ':' + canonicalJson(v);
  }
  return out + '}';
}

export function hashJson(value: unknown): string {
  return sha256(canonicalJson(value));
}
