// The twelve perturbation families (4 targets x missing / redundant / incorrect),
// each a small deterministic function of the clean inputs, the task and a seed.
// An operator that cannot apply to a task says why instead of forcing an edit.
import type { TaskInfo, Trajectory } from '../contract/target.ts';
import { sha256 } from '../util/hash.ts';
import type { PerturbFamily } from './inputs.ts';
import type { AgentInputs, ToolContract } from '../contract/inputs.ts';

export interface Perturbation {
  family: PerturbFamily;
  inputs: AgentInputs;
  /** what changed, in a reader's words */
  edit: string;
  /** T-incorrect renames: the name the agent sees -> the backend call it stands for */
  toolMap?: Record<string, string>;
  /** missing (and misleading) information: what the agent must ask, and what a simulated user answers */
  recovery?: { ask: string; answer: string };
}

type Applied = { ok: true; perturbation: Perturbation } | { ok: false; reason: string };
interface OperatorInput {
  task: TaskInfo;
  reference: Trajectory;
  inputs: AgentInputs;
  seed: number;
}

/** A deterministic choice from the task, the family and the seed. */
function pick<T>(xs: readonly T[], ...key: (string | number)[]): T {
  const h = parseInt(sha256(key.join('\u0000')).slice(0, 8), 16);
  return xs[h % xs.length];
}

const refuse = (reason: string): Applied => ({ ok: false, reason });
const done = (family: PerturbFamily, inputs: AgentInputs, edit: string, extra: Partial<Perturbation> = {}): Applied => ({ ok: true, perturbation: { family, inputs, edit, ...extra } });

/** Task parameter values the utterance states verbatim (names, amounts, titles): what U edits can touch. */
function statedValues(x: OperatorInput): { key: string; text: string }[] {
  return Object.entries(x.task.params)
    .filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number')
    .map(([key, v]) => ({ key, text: String(v) }))
    .filter((v) => v.text.length >= 3 && x.inputs.utterance.includes(v.text))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The backend calls the reference needs: a tool they use can be renamed but never removed. */
const neededCalls = (x: OperatorInput) => new Set(x.reference.steps.filter((s) => s.kind !== 'claim').map((s) => s.call));

const IRRELEVANT = [
  'By the way, the weather has been lovely this week.',
  'I am writing this from the train, so excuse any typos.',
  'My cousin recommended this assistant to me last month.',
  'I had pasta for lunch today.',
];
const POLICY_NOISE = [
  'Office hours for human support are 9:00 to 17:00 on weekdays.',
  'Responses should be written in plain, friendly language.',
  'Logs are kept for 30 days.',
];
const CONTEXT_NOISE: [string, string] = ['Can you remind me what time zone you use?', 'I use the time zone of your device settings.'];

/**
 * A tool name as its namespace and its own part: "venmo.send_money" is in the
 * venmo app (apps), "send_money" in none (AgentDojo, most function-calling APIs).
 */
function splitTool(name: string): { app?: string; prefix: string; own: string } {
  const dot = name.indexOf('.');
  return dot < 0 ? { prefix: '', own: name } : { app: name.slice(0, dot), prefix: name.slice(0, dot + 1), own: name.slice(dot + 1) };
}

/** Proper names a rule states ("Emma Johnson", "Blue Sparrow Tech"): two or more capitalised words, not opening the rule. */
const properNames = (rule: string) => [...rule.matchAll(/(?<=\S\s+)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+/g)].map((m) => m[0]);

/**
 * Two neighbouring letters swapped inside the longest word, past its first
 * letter and at the first pair that differs ("Apple" -> "Aplpe"): still
 * recognisable, no longer exact.
 */
function misspell(text: string): string {
  const word = [...text.matchAll(/[A-Za-z]{4,}/g)].sort((a, b) => b[0].length - a[0].length || a.index! - b.index!)[0];
  if (!word) return text;
  const k = [...word[0]].findIndex((c, j) => j >= 1 && j + 1 < word[0].length && c !== word[0][j + 1]);
  if (k < 0) return text;
  const i = word.index! + k;
  return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
}

export const PERTURB_OPERATORS: Record<PerturbFamily, (x: OperatorInput) => Applied> = {
  'U-missing': (x) => {
    const vs = statedValues(x);
    if (!vs.length) return refuse('the utterance states no task parameter verbatim');
    const v = pick(vs, x.task.id, 'U-missing', x.seed);
    const inputs = structuredClone(x.inputs);
    inputs.utterance = inputs.utterance.replace(v.text, `[${v.key.replace(/_/g, ' ')} omitted]`);
    return done('U-missing', inputs, `utterance: ${v.key} "${v.text}" removed`, { recovery: { ask: `What is the ${v.key.replace(/_/g, ' ')}?`, answer: v.text } });
  },
  'U-redundant': (x) => {
    const inputs = structuredClone(x.inputs);
    const s = pick(IRRELEVANT, x.task.id, 'U-redundant', x.seed);
    inputs.utterance = `${inputs.utterance} ${s}`;
    return done('U-redundant', inputs, `utterance: irrelevant sentence added ("${s}")`);
  },
  'U-incorrect': (x) => {
    const vs = statedValues(x).filter((v) => /[A-Za-z]{4,}/.test(v.text));
    if (!vs.length) return refuse('the utterance states no name or text parameter to misspell');
    const v = pick(vs, x.task.id, 'U-incorrect', x.seed);
    const wrong = misspell(v.text);
    if (wrong === v.text) return refuse(`misspelling "${v.text}" changes nothing`);
    const inputs = structuredClone(x.inputs);
    inputs.utterance = inputs.utterance.replace(v.text, wrong);
    return done('U-incorrect', inputs, `utterance: ${v.key} "${v.text}" misspelt as "${wrong}"`, { recovery: { ask: `Did you mean "${v.text}"?`, answer: `Yes, ${v.text}.` } });
  },
  'P-missing': (x) => {
    if (!x.inputs.procedure.length) return refuse('no procedure to shorten');
    const i = x.inputs.procedure.indexOf(pick(x.inputs.procedure, x.task.id, 'P-missing', x.seed));
    const inputs = structuredClone(x.inputs);
    const [gone] = inputs.procedure.splice(i, 1);
    return done('P-missing', inputs, `procedure: rule ${i + 1} removed ("${gone}")`);
  },
  'P-redundant': (x) => {
    const inputs = structuredClone(x.inputs);
    const s = pick(POLICY_NOISE, x.task.id, 'P-redundant', x.seed);
    inputs.procedure.push(s);
    return done('P-redundant', inputs, `procedure: irrelevant rule added ("${s}")`);
  },
  'P-incorrect': (x) => {
    // a limit or an amount, not an identifier: the rule's largest number, when it is at least 10
    const limits = x.inputs.procedure.map((r, i) => ({ i, n: Math.max(0, ...(r.match(/\d+/g) ?? []).map(Number)) })).filter((r) => r.n >= 10);
    const misstated = (i: number, rule: string, what: string): Applied => {
      const inputs = structuredClone(x.inputs);
      const before = inputs.procedure[i];
      inputs.procedure[i] = rule;
      return done('P-incorrect', inputs, `procedure: rule ${i + 1} states a wrong ${what} ("${rule}")`, { recovery: { ask: `Rule ${i + 1} says "${rule}" Is that right?`, answer: before } });
    };
    if (limits.length) {
      const { i, n } = limits.sort((a, b) => b.n - a.n || a.i - b.i)[0];
      return misstated(i, x.inputs.procedure[i].replace(String(n), String(n + 1)), 'limit');
    }
    // a procedure without limits (AgentDojo's system message) can still misname whom or what it is about
    const names = x.inputs.procedure.flatMap((r, i) => properNames(r).map((name) => ({ i, name })));
    if (!names.length) return refuse('no procedure rule carries a limit, an amount or a proper name to change');
    const { i, name } = pick(names, x.task.id, 'P-incorrect', x.seed);
    const wrong = misspell(name);
    if (wrong === name) return refuse(`misspelling "${name}" changes nothing`);
    return misstated(i, x.inputs.procedure[i].replace(name, wrong), 'name');
  },
  'C-missing': (x) => {
    if (x.inputs.context.length < 2) return refuse('no prior exchange to remove');
    const inputs = structuredClone(x.inputs);
    inputs.context = inputs.context.slice(2);
    return done('C-missing', inputs, 'context: the first prior exchange removed');
  },
  'C-redundant': (x) => {
    const inputs = structuredClone(x.inputs);
    inputs.context = [...inputs.context, { role: 'user', content: CONTEXT_NOISE[0] }, { role: 'assistant', content: CONTEXT_NOISE[1] }];
    return done('C-redundant', inputs, 'context: an unrelated prior exchange added');
  },
  'C-incorrect': (x) => {
    const i = x.inputs.context.findIndex((t) => t.role === 'assistant' && /\d/.test(t.content));
    if (i < 0) return refuse('no prior assistant turn carries a number to change');
    const inputs = structuredClone(x.inputs);
    inputs.context[i] = { ...inputs.context[i], content: inputs.context[i].content.replace(/\d+/, (n) => String(Number(n) + 1)) };
    return done('C-incorrect', inputs, `context: turn ${i + 1} states a wrong number`);
  },
  'T-missing': (x) => {
    const needed = neededCalls(x);
    const spare = x.inputs.tools.filter((t) => !needed.has(t.name)).map((t) => t.name);
    if (!spare.length) return refuse('every tool is one the reference needs');
    const name = pick(spare, x.task.id, 'T-missing', x.seed);
    const inputs = structuredClone(x.inputs);
    inputs.tools = inputs.tools.filter((t) => t.name !== name);
    return done('T-missing', inputs, `tools: ${name} (not needed by the reference) removed`);
  },
  'T-redundant': (x) => {
    const inputs = structuredClone(x.inputs);
    // named as the contract names its tools: in an app's namespace when they have one
    const { app, prefix } = splitTool(pick(x.inputs.tools, x.task.id, 'T-redundant', x.seed)?.name ?? '');
    const fake: ToolContract = { name: `${prefix}archive_everything`, description: app ? `Archive every item in the ${app} app.` : 'Archive every item of the user.', parameters: { type: 'object', properties: {}, required: [] } };
    if (inputs.tools.some((t) => t.name === fake.name)) return refuse(`${fake.name} already exists`);
    inputs.tools.push(fake);
    return done('T-redundant', inputs, `tools: fake tool ${fake.name} added (no backend)`);
  },
  'T-incorrect': (x) => {
    const needed = [...neededCalls(x)].filter((c) => x.inputs.tools.some((t) => t.name === c)).sort();
    if (!needed.length) return refuse('the reference uses no tool of the contract');
    const name = pick(needed, x.task.id, 'T-incorrect', x.seed);
    const { prefix, own } = splitTool(name);
    const renamed = `${prefix}${own.replace(/_/g, '-')}`;
    if (renamed === name) return refuse(`${name} has no underscore to turn into a hyphen`);
    const inputs = structuredClone(x.inputs);
    inputs.tools = inputs.tools.map((t) => (t.name === name ? { ...t, name: renamed } : t));
    return done('T-incorrect', inputs, `tools: ${name} renamed ${renamed} (same backend)`, { toolMap: { [renamed]: name } });
  },
};
