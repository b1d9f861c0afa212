// A JSON value: the only kind of data that crosses the contract (see target.ts).
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
