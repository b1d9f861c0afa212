import type Database from 'better-sqlite3';
import type { Step } from '../../../src/contract/target.ts';
import type { Json } from '../../../src/contract/json.ts';
import { prng, type Prng } from '../world/prng.ts';
import { sql } from '../api/endpoint.ts';

export interface GenContext {
  variant: number;
  /** seeded by generator and variant */
  rng: Prng;
  /** the variant-th item of a generator-seeded shuffle: variants never collide */
  choose<T>(items: readonly T[]): T;
  /** the id the next insert into `table` will get on a fresh episode */
  nextId(table: string): number;
  all<T = Record<string, Json>>(sql: string, ...params: Json[]): T[];
  get<T = Record<string, Json>>(sql: string, ...params: Json[]): T;
}

export interface Generated {
  instruction: string;
  params: Record<string, Json>;
  steps: Step[];
}

export interface Generator {
  name: string;
  split: 'dev' | 'holdout';
  make(ctx: GenContext): Generated;
}

export function genContext(db: Database.Database, name: string, variant: number): GenContext {
  const order = prng(`${name}#order`);
  return {
    variant,
    rng: prng(`${name}/${variant}`),
    choose: (items) => {
      if (items.length <= variant) throw new Error(`${name}: only ${items.length} candidates for variant ${variant}`);
      return order.shuffle(items)[variant];
    },
    // every variant of a generator asks the same queries of the one start image
    nextId: (table) => 1 + ((sql(db, 'SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as { seq: number } | undefined)?.seq ?? 0),
    all: (query, ...params) => sql(db, query).all(...params) as never,
    get: (query, ...params) => sql(db, query).get(...params) as never,
  };
}

export const read = (call: string, args: Record<string, Json>): Step => ({ call, args, kind: 'read' });

export function write(call: string, args: Record<string, Json>, alternatives?: Record<string, Json[]>): Step {
  const alts = Object.fromEntries(Object.entries(alternatives ?? {})
    .map(([k, vs]) => [k, [...new Set(vs.filter((v) => v !== args[k]))].slice(0, 3)] as const)
    .filter(([, vs]) => vs.length > 0));
  return Object.keys(alts).length > 0 ? { call, args, kind: 'write', alternatives: alts } : { call, args, kind: 'write' };
}

export const claim = (args: Record<string, Json> = {}): Step => ({ call: 'supervisor.complete_task', args, kind: 'claim' });

export const others = <T>(items: readonly T[], except: readonly T[], n = 2): T[] => items.filter((x) => !except.includes(x)).slice(0, n);

export const money = (n: number): string => `$${n.toFixed(2)}`;
