// The harness's own Table API client (as the instance administrator): per-episode
// users, readback and teardown. Deliberately separate from the validators' client,
// so the evidence channel does not share code with the checkers under audit.
export interface Credentials {
  url: string;
  user: string;
  password: string;
}

export type Rows = Record<string, string>[];

export class TableClient {
  private auth: string;

  constructor(readonly creds: Credentials) {
    this.auth = 'Basic ' + Buffer.from(`${creds.user}:${creds.password}`).toString('base64');
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(this.creds.url + path, {
      method,
      headers: { authorization: this.auth, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`Table API ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  }

  /** Raw stored values (sysparm_display_value=false). */
  async rows(table: string, query: string): Promise<Rows> {
    const q = new URLSearchParams({ sysparm_query: query, sysparm_display_value: 'false' });
    return ((await this.call('GET', `/api/now/table/${table}?${q}`)) as { result: Rows }).result;
  }

  async insert(table: string, values: Record<string, string>): Promise<string> {
    return ((await this.call('POST', `/api/now/table/${table}`, values)) as { result: { sys_id: string } }).result.sys_id;
  }

  async delete(table: string, sysId: string): Promise<void> {
    await this.call('DELETE', `/api/now/table/${table}/${sysId}`);
  }
}
