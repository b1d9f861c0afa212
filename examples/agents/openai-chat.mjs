#!/usr/bin/env node
// An agent for `blindspot perturb` backed by any OpenAI-compatible chat-completions
// endpoint (OpenAI, vLLM, llama.cpp server, Ollama, LiteLLM...). It speaks the
// agent protocol (docs/agent-protocol.md) on stdin/stdout.
//
//   OPENAI_BASE_URL  e.g. https://api.openai.com/v1 (default) or http://localhost:8000/v1
//   OPENAI_API_KEY   sent as a bearer token; read here only, never echoed or reported
//   OPENAI_MODEL     model name (default gpt-4o-mini)
//   OPENAI_PRICE_IN / OPENAI_PRICE_OUT  dollars per million input / output tokens (optional: cost)
//
// The procedure becomes the system message, the carried-over context the prior
// turns, the utterance the user turn, and the tool contract function tools (dots,
// which function names may not contain, are sent as "__" and mapped back). An
// `ask_user` tool lets the model ask the simulated user. Plain Node 20, no
// dependencies, so it runs wherever blindspot does.
import { createInterface } from 'node:readline';

const base = (process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
const model = process.env.OPENAI_MODEL ?? 'gpt-4o-mini';
const price = { in: Number(process.env.OPENAI_PRICE_IN ?? NaN), out: Number(process.env.OPENAI_PRICE_OUT ?? NaN) };
const ASK = 'ask_user';

const wire = (name) => name.replace(/\./g, '__');
const say = (m) => process.stdout.write(JSON.stringify(m) + '\n');

async function complete(messages, tools) {
  const res = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(process.env.OPENAI_API_KEY ? { authorization: `Bearer ${process.env.OPENAI_API_KEY}` } : {}) },
    body: JSON.stringify({ model, messages, tools, temperature: 0 }),
  });
  if (!res.ok) throw new Error(`chat completions answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

function usageOf(u) {
  if (!u) return undefined;
  const usage = { inputTokens: u.prompt_tokens ?? 0, outputTokens: u.completion_tokens ?? 0 };
  if (Number.isFinite(price.in) && Number.isFinite(price.out)) usage.costUsd = (usage.inputTokens * price.in + usage.outputTokens * price.out) / 1e6;
  return usage;
}

let messages = [];
let tools = [];
let byWire = new Map();
let pending = []; // tool calls of the last completion not yet sent to the harness
let current; // the tool call whose result the harness sends next

async function step(usage) {
  for (;;) {
    if (pending.length) {
      current = pending.shift();
      const args = JSON.parse(current.function.arguments || '{}');
      if (current.function.name === ASK) return say({ type: 'ask', question: String(args.question ?? ''), ...(usage ? { usage } : {}) });
      return say({ type: 'call', tool: byWire.get(current.function.name) ?? current.function.name, args, ...(usage ? { usage } : {}) });
    }
    const r = await complete(messages, tools);
    usage = usageOf(r.usage);
    const m = r.choices?.[0]?.message ?? {};
    messages.push({ role: 'assistant', content: m.content ?? null, ...(m.tool_calls?.length ? { tool_calls: m.tool_calls } : {}) });
    if (!m.tool_calls?.length) return say({ type: 'done', answer: m.content ?? '', ...(usage ? { usage } : {}) });
    pending = [...m.tool_calls];
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  try {
    if (msg.type === 'start') {
      const i = msg.inputs;
      byWire = new Map(i.tools.map((t) => [wire(t.name), t.name]));
      tools = [
        ...i.tools.map((t) => ({ type: 'function', function: { name: wire(t.name), description: t.description, parameters: t.parameters } })),
        { type: 'function', function: { name: ASK, description: 'Ask the user a question when information is missing or unclear.', parameters: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] } } },
      ];
      messages = [{ role: 'system', content: i.procedure.join('\n') }, ...i.context.map((t) => ({ role: t.role, content: t.content })), { role: 'user', content: i.utterance }];
      pending = [];
    } else {
      const content = msg.type === 'answer' ? msg.text : JSON.stringify(msg.ok ? msg.result : { error: msg.error });
      messages.push({ role: 'tool', tool_call_id: current.id, content });
    }
    await step();
  } catch (e) {
    // the episode ends with the reason; the harness records it as the agent's error
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
