// The servicedesk web app: record forms, service-catalog ordering and a Table
// API, over the run's instance database (shared by the run's workers), on a
// loopback port the OS picks.
// Every request is authenticated with HTTP basic auth, so every row an episode
// creates carries its per-episode user in sys_created_by.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { InstanceDb, type RowValues } from './db.ts';
import { CATALOG, QUANTITY_BOUNDS, REF_TABLES, TABLES, catalogItem, displayOfChoice, linkColumns, tableDef, WRITABLE_TABLES, type FieldDef } from './schema.ts';
import { detailPage, formPage, link, page, type FormField } from './render.ts';

const newId = () => randomUUID().replace(/-/g, '');

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8', headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}
const sendJson = (res: ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), 'application/json');

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses `a=1^b!=2` (the subset of encoded queries the app supports). */
export function parseQuery(q: string): [string, '=' | '!=', string][] {
  if (!q) return [];
  return q.split('^').filter(Boolean).map((term) => {
    const m = /^([a-z_0-9.]+)(!=|=)(.*)$/i.exec(term);
    if (!m) throw new HttpError(400, `unsupported sysparm_query term '${term}'`);
    return [m[1], m[2] as '=' | '!=', m[3]];
  });
}

/** The field a column of a writable table displays through, if any. */
function fieldOf(table: string, column: string, row: RowValues): FieldDef | undefined {
  const t = tableDef(table);
  if (t) return column === 'opened_by' ? { name: 'opened_by', label: 'Opened by', kind: 'reference', ref: 'sys_user' } : t.fields.find((f) => f.name === column);
  if (table === 'sc_request' && column === 'requested_for') return { name: column, label: 'Requested for', kind: 'reference', ref: 'sys_user' };
  if (table === 'sc_item_option' && column === 'value') return catalogItem(row.cat_item)?.variables.find((v) => v.name === row.item_option);
  return undefined;
}

export class ServiceDeskServer {
  private server?: Server;
  private base = '';

  constructor(readonly db: InstanceDb) {}

  get url(): string {
    return this.base;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e) => {
        const status = e instanceof HttpError ? e.status : 500;
        if (!res.headersSent) sendJson(res, status, { error: { message: (e as Error).message } });
      });
    });
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  private authenticate(req: IncomingMessage): RowValues {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (m) {
      const [user, ...rest] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
      const row = this.db.select('sys_user', [['user_name', '=', user]], 1)[0];
      if (row && row.password && row.password === rest.join(':')) return row;
    }
    throw new HttpError(401, 'authentication required');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    let user: RowValues;
    try {
      user = this.authenticate(req);
    } catch {
      return send(res, 401, 'authentication required', 'text/plain', { 'www-authenticate': 'Basic realm="servicedesk"' });
    }
    const path = url.pathname;
    const api = /^\/api\/now\/table\/([a-z_]+)(?:\/([0-9a-f]+))?$/.exec(path);
    if (api) return this.tableApi(req, res, url, user, api[1], api[2]);
    const list = /^\/([a-z_]+)_list\.do$/.exec(path);
    if (list && tableDef(list[1])) return send(res, 200, this.listPage(list[1]));
    const form = /^\/([a-z_]+)\.do$/.exec(path);
    if (form && tableDef(form[1])) {
      const id = url.searchParams.get('sys_id') ?? '-1';
      if (req.method === 'POST') return id === '-1' ? this.insertRecord(req, res, form[1], user) : this.updateRecord(req, res, form[1], id);
      if (id === '-1') return send(res, 200, this.newForm(form[1]));
      return url.searchParams.get('sysparm_view') === 'edit' ? send(res, 200, this.editForm(form[1], id)) : this.showRecord(res, form[1], id);
    }
    if (path === '/catalog/item') return send(res, 200, this.itemForm(url.searchParams.get('sysparm_id') ?? ''));
    if (path === '/catalog/order' && req.method === 'POST') return this.order(req, res, user);
    if (path === '/catalog/checkout') return this.checkout(res, url.searchParams.get('sysparm_sys_id') ?? '');
    if (path === '/xmlhttp/ac') return this.autocomplete(res, url);
    if (path === '/') return send(res, 200, this.home());
    throw new HttpError(404, `no page ${path}`);
  }

  private home(): string {
    const forms = TABLES.map((t) => link(`/${t.name}.do?sys_id=-1`, `Create ${t.label}`));
    const items = CATALOG.map((c) => link(`/catalog/item?sysparm_id=${c.id}`, c.name));
    return page('Service Desk', `<h1>Service Desk</h1><h2>Forms</h2><ul>${forms.join('')}</ul><h2>Service Catalog</h2><ul>${items.join('')}</ul>`);
  }

  private formFields(prefix: string, defs: FieldDef[], values: RowValues = {}): FormField[] {
    return defs.map((def) => {
      const value = values[def.name] ?? def.default ?? '';
      return { def, name: `${prefix}.${def.name}`, value, display: def.ref ? this.db.refDisplay(def.ref, value) : undefined };
    });
  }

  private newForm(table: string, values?: RowValues, error?: string, uniqueValue = newId()): string {
    const t = tableDef(table)!;
    return formPage({
      title: `${t.label} | New record`,
      heading: `New ${t.label}`,
      action: `/${table}.do`,
      uniqueValue,
      fields: this.formFields(table, t.fields, values),
      submitId: 'sysverb_insert',
      submitLabel: 'Submit',
      error,
    });
  }

  /** Form values as the server stores them: unchecked boxes are 'false'. */
  private readFields(params: URLSearchParams, prefix: string, defs: FieldDef[]): { values: RowValues; missing: string[] } {
    const values: RowValues = {};
    const missing: string[] = [];
    for (const f of defs) {
      const raw = params.get(`${prefix}.${f.name}`);
      values[f.name] = f.kind === 'boolean' ? (raw === 'true' ? 'true' : 'false') : (raw ?? f.default ?? '');
      if (f.mandatory && !values[f.name]) missing.push(f.label);
    }
    return { values, missing };
  }

  private async insertRecord(req: IncomingMessage, res: ServerResponse, table: string, user: RowValues): Promise<void> {
    const params = new URLSearchParams(await body(req));
    const t = tableDef(table)!;
    const { values, missing } = this.readFields(params, table, t.fields);
    const sysId = params.get('sys_uniqueValue') || newId();
    if (missing.length) return send(res, 400, this.newForm(table, values, `Mandatory fields are not filled in: ${missing.join(', ')}`, sysId));
    this.db.insert(table, { ...values, opened_by: user.sys_id }, user.user_name, sysId);
    send(res, 303, '', 'text/plain', { location: `/${table}.do?sys_id=${sysId}` });
  }

  /** An existing record's form, its stored values filled in; Update saves it and returns to the list. */
  private editForm(table: string, sysId: string, values?: RowValues, error?: string): string {
    const t = tableDef(table)!;
    const row = this.db.get(table, sysId);
    if (!row) throw new HttpError(404, `no ${table} record ${sysId}`);
    return formPage({
      title: `${t.label} ${row.number}`,
      heading: `${t.label} ${row.number}`,
      action: `/${table}.do?sys_id=${sysId}`,
      uniqueValue: sysId,
      fields: this.formFields(table, t.fields, values ?? row),
      submitId: 'sysverb_update',
      submitLabel: 'Update',
      error,
    });
  }

  private async updateRecord(req: IncomingMessage, res: ServerResponse, table: string, sysId: string): Promise<void> {
    const t = tableDef(table)!;
    const { values, missing } = this.readFields(new URLSearchParams(await body(req)), table, t.fields);
    if (missing.length) return send(res, 400, this.editForm(table, sysId, values, `Mandatory fields are not filled in: ${missing.join(', ')}`));
    if (!this.db.update(table, sysId, values)) throw new HttpError(404, `no ${table} record ${sysId}`);
    send(res, 303, '', 'text/plain', { location: `/${table}_list.do` });
  }

  /** The table's list view, newest first: where an update returns to. */
  private listPage(table: string): string {
    const t = tableDef(table)!;
    const rows = this.db.select(table).slice(-20).reverse();
    const first = t.fields.find((f) => f.kind === 'text')!;
    return detailPage(`${t.label}s`, rows.map((r) => [r.number, r[first.name] ?? '']));
  }

  private showRecord(res: ServerResponse, table: string, sysId: string): void {
    const t = tableDef(table)!;
    const row = this.db.get(table, sysId);
    if (!row) throw new HttpError(404, `no ${table} record ${sysId}`);
    const shown = this.displayRow(table, row, true);
    // References display as {display_value, link}; the page shows their display value.
    const text = (v: unknown) => (v && typeof v === 'object' ? String((v as { display_value?: unknown }).display_value ?? '') : String(v ?? ''));
    send(res, 200, detailPage(`${t.label} ${row.number}`, [['Number', row.number], ...t.fields.map((f) => [f.label, text(shown[f.name])] as [string, string])]));
  }

  private itemForm(id: string): string {
    const item = catalogItem(id);
    if (!item) throw new HttpError(404, `no catalog item ${id}`);
    return formPage({
      title: `${item.name} | Service Catalog`,
      heading: item.name,
      action: `/catalog/order?sysparm_id=${item.id}`,
      uniqueValue: newId(),
      fields: this.formFields('IO', item.variables),
      submitId: 'oi_order_now_button',
      submitLabel: 'Order Now',
    });
  }

  private async order(req: IncomingMessage, res: ServerResponse, user: RowValues): Promise<void> {
    const item = catalogItem(new URL(req.url!, this.base).searchParams.get('sysparm_id') ?? '');
    if (!item) throw new HttpError(404, 'no such catalog item');
    const { values, missing } = this.readFields(new URLSearchParams(await body(req)), 'IO', item.variables);
    if (missing.length) throw new HttpError(400, `Mandatory fields are not filled in: ${missing.join(', ')}`);
    const n = Number(values.quantity ?? '1');
    if (!Number.isInteger(n) || n < QUANTITY_BOUNDS.min || n > QUANTITY_BOUNDS.max) {
      throw new HttpError(400, `Quantity must be a whole number from ${QUANTITY_BOUNDS.min} to ${QUANTITY_BOUNDS.max}`);
    }
    const by = user.user_name;
    const request = this.db.db.transaction(() => {
      const reqId = this.db.insert('sc_request', { requested_for: user.sys_id, request_state: 'requested' }, by);
      const ritm = this.db.insert('sc_req_item', { request: reqId, cat_item: item.id, short_description: item.description, quantity: String(n) }, by);
      for (const v of item.variables.filter((x) => x.name !== 'quantity')) {
        this.db.insert('sc_item_option', { request_item: ritm, cat_item: item.id, item_option: v.name, value: values[v.name] }, by);
      }
      return reqId;
    })();
    send(res, 303, '', 'text/plain', { location: `/catalog/checkout?sysparm_sys_id=${request}` });
  }

  private checkout(res: ServerResponse, requestId: string): void {
    const request = this.db.get('sc_request', requestId);
    if (!request) throw new HttpError(404, `no request ${requestId}`);
    send(res, 200, detailPage('Order Status', [['Request number', request.number], ['State', 'Requested']], '<p>Thank you, your request has been submitted.</p>'));
  }

  private autocomplete(res: ServerResponse, url: URL): void {
    const table = url.searchParams.get('table') ?? '';
    const def = REF_TABLES.find((t) => t.name === table);
    if (!def) throw new HttpError(400, `not a reference table: ${table}`);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const rows = this.db
      .select(table)
      .filter((r) => !(table === 'sys_user' && !r.email)) // episode users are not people to pick
      .filter((r) => q && String(r[def.display]).toLowerCase().startsWith(q))
      .slice(0, 10)
      .map((r) => ({ value: r.sys_id, label: r[def.display] }));
    sendJson(res, 200, rows);
  }

  /** A row as the Table API returns it: raw, or with display values (references as {display_value, link}). */
  displayRow(table: string, row: RowValues, display: boolean): Record<string, unknown> {
    if (!display) return { ...row };
    const out: Record<string, unknown> = {};
    for (const [col, raw] of Object.entries(row)) {
      const f = fieldOf(table, col, row);
      if (f?.kind === 'choice') out[col] = displayOfChoice(f, raw ?? '');
      else if (f?.kind === 'reference') out[col] = raw ? { display_value: this.db.refDisplay(f.ref!, raw), link: `${this.base}/api/now/table/${f.ref}/${raw}` } : '';
      else if (linkColumns(table).includes(col)) out[col] = raw ? { display_value: raw, link: `${this.base}/api/now/table/${col === 'request' ? 'sc_request' : 'sc_req_item'}/${raw}` } : '';
      else if (table === 'sc_req_item' && col === 'cat_item') out[col] = { display_value: catalogItem(raw)?.name ?? raw, link: '' };
      else out[col] = raw ?? '';
    }
    return out;
  }

  /** The one dot-walked field the order validator reads: an item option's question text. */
  private dotWalk(table: string, row: RowValues, field: string): string {
    if (table === 'sc_item_option' && field === 'item_option.question_text') {
      return catalogItem(row.cat_item)?.variables.find((v) => v.name === row.item_option)?.label ?? '';
    }
    return '';
  }

  private async tableApi(req: IncomingMessage, res: ServerResponse, url: URL, user: RowValues, table: string, sysId?: string): Promise<void> {
    const known = WRITABLE_TABLES.includes(table) || REF_TABLES.some((t) => t.name === table);
    if (!known) throw new HttpError(404, `no table ${table}`);
    const admin = user.user_name === 'admin';
    if (req.method === 'GET') {
      const where = parseQuery(url.searchParams.get('sysparm_query') ?? '');
      if (sysId) where.push(['sys_id', '=', sysId]);
      const limit = Number(url.searchParams.get('sysparm_limit') ?? 10_000);
      const display = url.searchParams.get('sysparm_display_value') === 'true';
      const fields = url.searchParams.get('sysparm_fields')?.split(',').filter(Boolean);
      const rows = this.db.select(table, where, limit).map((r) => {
        const { password: _p, ...safe } = r;
        const shown = this.displayRow(table, safe, display);
        return fields ? Object.fromEntries(fields.map((f) => [f, shown[f] ?? this.dotWalk(table, r, f)])) : shown;
      });
      return sendJson(res, 200, { result: rows });
    }
    // Writes through the API are for the instance's administrator (user set-up and teardown).
    if (!admin) throw new HttpError(403, 'only the administrator writes through the Table API');
    if (req.method === 'POST') {
      const { sys_created_by: onBehalfOf, ...values } = JSON.parse((await body(req)) || '{}') as RowValues;
      // The administrator may create a row on behalf of a user (a task's set-up record, owned by its episode).
      const id = this.db.insert(table, values, onBehalfOf || user.user_name);
      return sendJson(res, 201, { result: { sys_id: id } });
    }
    if (req.method === 'DELETE' && sysId) {
      if (!this.db.delete(table, sysId)) throw new HttpError(404, `no ${table} record ${sysId}`);
      res.writeHead(204).end();
      return;
    }
    throw new HttpError(405, `${req.method} not supported`);
  }
}
