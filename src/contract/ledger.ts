// One line of a run's ledger: what scoring a cell produced. Reporters, guards and
// plugins read entries; writing, the hash chain and verification are src/run/ledger.ts.
import type { Delivery, Effect, Verdict } from './target.ts';

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
  /** cells a run derives as it goes (search shrinking): what was scored, since no manifest holds it */
  derived?: { parent: string; plan: unknown; steps: unknown[] };
  /** arms whose unit is an episode rather than a cell (src/perturb) keep its whole record here */
  record?: Record<string, unknown>;
  /** sha256 of the previous line (the hash chain of src/run/ledger.ts); set by the writer */
  prev?: string;
}
