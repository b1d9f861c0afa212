// What an agent is shown for an apps task (issue 11, seed 003): the instruction,
// a short policy, a prior exchange carried over, and the API as a tool contract
// (every endpoint, its argument schema from the endpoint's own zod schema).
import { z } from 'zod';
import { ENDPOINTS } from './apps/index.ts';
import type { AgentInputs, ToolContract } from '../../src/contract/inputs.ts';
import type { TaskInfo } from '../../src/contract/target.ts';
import type { Json } from '../../src/contract/json.ts';

export const POLICY = [
  'Act only on the accounts of the user you are helping (user id 1).',
  'Ask before sending or requesting more than 500 dollars in one payment.',
  'Never delete or overwrite data the user did not ask you to change.',
  'When the task is done, say so in one short sentence.',
];

const CONTEXT: AgentInputs['context'] = [
  { role: 'user', content: 'Hi, I will need help with a few errands across my apps today.' },
  { role: 'assistant', content: 'Of course. I can use your 7 apps: contacts, messages, venmo, spotify, todo, calendar and the supervisor app.' },
];

/** "venmo.create_payment_request" -> "Create payment request (venmo app); writes." */
function describeEndpoint(name: string, kind: 'read' | 'write'): string {
  const [app, ep] = name.split('.');
  const words = ep.replace(/_/g, ' ');
  return `${words[0].toUpperCase()}${words.slice(1)} (${app} app); ${kind === 'write' ? 'changes data' : 'reads only'}.`;
}

let contract: ToolContract[] | undefined;
function tools(): ToolContract[] {
  contract ??= [...ENDPOINTS].map(([name, ep]) => {
    const schema = z.toJSONSchema(ep.args, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Json>; required?: string[] };
    return { name, description: describeEndpoint(name, ep.kind), parameters: { type: 'object' as const, properties: schema.properties ?? {}, ...(schema.required ? { required: schema.required } : {}) } };
  });
  return contract;
}

export function appsInputs(task: TaskInfo): AgentInputs {
  return { utterance: task.instruction, procedure: [...POLICY], context: structuredClone(CONTEXT), tools: structuredClone(tools()) };
}
