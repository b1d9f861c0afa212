import type Database from 'better-sqlite3';
import type { Verdict } from '../../../src/contract/target.ts';
import type { Json } from '../../../src/contract/json.ts';
import type { World } from '../world/snapshot.ts';
import { importChecker } from '../../../src/util/install.ts';
import { checkerDiff, readOnlyState } from './diff.ts';
import type { Checker } from './types.ts';

const loaded = new Map<string, Promise<Checker>>();

/** imports a checker file once per process */
export function loadChecker(file: string): Promise<Checker> {
  let p = loaded.get(file);
  if (!p) {
    p = importChecker(file).then((m: { default?: unknown }) => {
      if (typeof m.default !== 'function') throw new Error(`${file} has no default-exported checker function`);
      return m.default as Checker;
    });
    // A failed import is not cached, so a fixed file can be retried.
    p.catch(() => loaded.delete(file));
    loaded.set(file, p);
  }
  return p;
}

export async function runChecker(file: string, db: Database.Database, world: World, params: Record<string, Json>): Promise<Verdict> {
  const failed: string[] = [];
  let cases = 0;
  try {
    const checker = await loadChecker(file);
    const tracker = {
      case(name: string, condition: boolean) {
        cases++;
        if (condition !== true) failed.push(name);
      },
    };
    await (checker(tracker, { params, diff: checkerDiff(db, world), state: readOnlyState(db) }) as unknown);
  } catch (e) {
    return { verdict: 'error', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  if (cases === 0) return { verdict: 'error', detail: 'checker recorded no test cases' };
  if (failed.length > 0) return { verdict: 'fail', detail: `failed ${failed.length}/${cases}: ${failed.join('; ')}` };
  return { verdict: 'pass', detail: `passed ${cases}/${cases}` };
}
