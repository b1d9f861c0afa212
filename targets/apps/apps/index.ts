import type { Json } from '../../../src/contract/json.ts';
import { ApiError, type Db, type Endpoint } from '../api/endpoint.ts';
import { contacts } from './contacts.ts';
import { messages } from './messages.ts';
import { venmo } from './venmo.ts';
import { spotify } from './spotify.ts';
import { todo } from './todo.ts';
import { calendar } from './calendar.ts';
import { supervisor } from './supervisor.ts';

const APPS: Record<string, Record<string, Endpoint>> = { contacts, messages, venmo, spotify, todo, calendar, supervisor };

export const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map(
  Object.entries(APPS).flatMap(([app, eps]) => Object.entries(eps).map(([name, ep]) => [`${app}.${name}`, ep] as const)),
);

/** Runs one `app.endpoint` call the way the API server would: validate, then act. */
export function callApi(db: Db, call: string, args: Record<string, Json>): Json {
  const ep = ENDPOINTS.get(call);
  if (!ep) throw new ApiError(404, `no endpoint ${call}`);
  // jitless: zod would compile each endpoint's schema on its first call, about 8 ms
  // of an audit's census spent before its first cell; on argument objects this
  // small the compiled check is no faster (measured on the swap grid's bare loop).
  const parsed = ep.args.safeParse(args, { jitless: true });
  if (!parsed.success) {
    throw new ApiError(422, parsed.error.issues.map((i) => `${i.path.join('.') || 'args'}: ${i.message}`).join('; '));
  }
  try {
    return ep.run(db, parsed.data);
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT')) throw new ApiError(409, (e as Error).message);
    throw e;
  }
}
