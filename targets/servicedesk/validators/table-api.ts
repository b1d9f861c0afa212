// table_api_call: how WorkArena validators read the instance (GET on the Table
// API with basic auth, optionally waiting for the record to appear).
export interface Instance {
  url: string;
  user: string;
  password: string;
}

export type ApiRecord = Record<string, unknown>;

export async function tableApiCall(
  instance: Instance,
  table: string,
  params: Record<string, string>,
  wait: { forRecord: boolean; retries: number; delayMs: number } = { forRecord: false, retries: 0, delayMs: 0 },
): Promise<{ result: ApiRecord[] }> {
  const url = `${instance.url}/api/now/table/${table}?${new URLSearchParams(params)}`;
  const auth = 'Basic ' + Buffer.from(`${instance.user}:${instance.password}`).toString('base64');
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { headers: { authorization: auth, accept: 'application/json' } });
    if (!res.ok) throw new Error(`Table API ${table}: HTTP ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { result: ApiRecord[] };
    if (!wait.forRecord || body.result.length || attempt >= wait.retries) return body;
    await new Promise((r) => setTimeout(r, wait.delayMs));
  }
}

/** Reference fields come back as {display_value, link}; validators compare the display value. */
export const displayOf = (v: unknown): string =>
  v && typeof v === 'object' && 'display_value' in v ? String((v as { display_value: unknown }).display_value) : String(v ?? '');
