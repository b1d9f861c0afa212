import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openTarget } from '../../src/target/registry.ts';
import { freezePerturbations } from '../../src/perturb/freeze.ts';
import { runPerturbations } from '../../src/perturb/run.ts';
import { processAgent } from '../../src/agent/process.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();
const KEY = 'sk-test-do-not-leak-4711';

/** A chat-completions endpoint that plays a model: search the contact, send the text, say it is done. */
function fakeModel(seen: { auth: string[]; tools: string[][] }): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.auth.push(String(req.headers.authorization));
      const r = JSON.parse(body);
      seen.tools.push(r.tools.map((t: { function: { name: string } }) => t.function.name));
      const tools = r.messages.filter((m: { role: string }) => m.role === 'tool');
      const user = r.messages.findLast((m: { role: string }) => m.role === 'user').content as string;
      const [, name, text] = /Text ([^:]+): "(.*)"/.exec(user)!;
      const call = (fn: string, args: object) => ({ tool_calls: [{ id: `c${tools.length}`, type: 'function', function: { name: fn, arguments: JSON.stringify(args) } }] });
      const found = tools.length === 1 ? JSON.parse(tools[0].content) : undefined;
      const message = !tools.length
        ? call('contacts__search_contacts', { query: name })
        : Array.isArray(found)
          ? call('messages__send_message', { recipient_id: found[0].person_id, body: text })
          : { content: tools.length === 1 ? 'I could not find the contact.' : 'Sent.' };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', ...message } }], usage: { prompt_tokens: 1000, completion_tokens: 20 } }));
    });
  });
}

describe('examples/agents/openai-chat.mjs', () => {
  const seen = { auth: [] as string[], tools: [] as string[][] };
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = fakeModel(seen);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('drives a chat-completions endpoint through the agent protocol: tool calls, results, usage and cost; the key never reaches the run folder', async () => {
    Object.assign(process.env, { OPENAI_BASE_URL: url, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'fake', OPENAI_PRICE_IN: '2', OPENAI_PRICE_OUT: '10' });
    const target = await openTarget('apps');
    const set = await freezePerturbations({ target, spec: 'apps', root: tmp(), split: 'dev', seeds: [0], families: ['T-incorrect'], taskIds: ['messages_send_message/0'] });
    await target.close();
    const out = tmp();
    const { records } = await runPerturbations({ out, set, agent: processAgent(['node', 'examples/agents/openai-chat.mjs'], 'fake'), workers: 1, limits: { steps: 10, timeMs: 20_000 }, progress: false });
    for (const k of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL', 'OPENAI_PRICE_IN', 'OPENAI_PRICE_OUT']) delete process.env[k];

    const clean = records.find((r) => r.family === 'clean')!;
    expect(clean).toMatchObject({ success: true, effect: 'same', calls: 2 });
    // three completions, each 1000 in and 20 out: $2 and $10 per million
    expect(clean.usage).toEqual({ inputTokens: 3000, outputTokens: 60, costUsd: (3000 * 2 + 60 * 10) / 1e6 });
    // the renamed tool reaches the model under its new name only; the fake model keeps calling the old one, and fails
    const renamed = records.find((r) => r.family === 'T-incorrect')!;
    const shown = Object.keys(set.instances.find((i) => i.family === 'T-incorrect')!.toolMap!)[0];
    expect(seen.tools.some((names) => names.includes(shown.replace(/\./g, '__')))).toBe(true);
    expect(renamed.success).toBe(false);
    expect(seen.auth.every((a) => a === `Bearer ${KEY}`)).toBe(true);
    for (const f of readdirSync(out)) expect(readFileSync(join(out, f), 'utf8')).not.toContain(KEY);
  }, 30_000);
});
