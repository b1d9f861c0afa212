import type { Json } from '../../../src/contract/json.ts';

// The context a checker receives, in the AppWorld style: the task's parameters,
// the records changed since the episode started, and read-only SQL on the state.
// Rows are loose objects on purpose: checkers compare fields, as AppWorld's do.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type DbRow = Record<string, any>;

export interface Tracker {
  /** one named test case; any false case fails the task */
  case(name: string, condition: boolean): void;
}

export interface Diff {
  /** rows inserted since the start, full rows including the primary key */
  added(table: string): DbRow[];
  /** rows changed since the start, as they were and as they are */
  updated(table: string): { before: DbRow; after: DbRow }[];
  /** rows deleted since the start, as they were */
  removed(table: string): DbRow[];
}

export interface State {
  all(sql: string, ...params: Json[]): DbRow[];
  get(sql: string, ...params: Json[]): DbRow | undefined;
}

export interface CheckerContext {
  params: Record<string, any>;
  diff: Diff;
  state: State;
}

export type Checker = (t: Tracker, ctx: CheckerContext) => void;
