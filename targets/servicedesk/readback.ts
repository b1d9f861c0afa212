// Readback through the Table API, before the validator runs and before teardown:
// every row the episode's user created, with RAW stored values. Raw, not display:
// a display label that aliases the stored default must read back as the default.
import type { Effect } from '../../src/contract/target.ts';
import type { Json } from '../../src/contract/json.ts';
import type { TableClient } from './app/client.ts';
import { WRITABLE_TABLES, linkColumns } from './app/schema.ts';

// Assigned by the instance, so different in every delivery of the same trajectory.
const SYSTEM = new Set(['sys_id', 'number', 'sys_created_by', 'sys_created_on']);

/** The episode user's own sys_id means "the current user", the same in every delivery. */
export const CURRENT_USER = '@user';

export async function readEffect(client: TableClient, userName: string, userSysId: string): Promise<Effect> {
  const effect: Effect = {};
  for (const table of WRITABLE_TABLES) {
    const rows = await client.rows(table, `sys_created_by=${userName}`);
    if (!rows.length) continue;
    const skip = new Set([...SYSTEM, ...linkColumns(table)]);
    effect[table] = {
      added: rows.map((r) => ({
        key: r.sys_id,
        values: Object.fromEntries(
          Object.entries(r)
            .filter(([k]) => !skip.has(k))
            .map(([k, v]): [string, Json] => [k, v === userSysId ? CURRENT_USER : (v ?? '')]),
        ),
      })),
      updated: [],
      removed: [],
    };
  }
  return effect;
}
