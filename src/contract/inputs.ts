// What an agent is shown for a task (AgentPerturb): the user utterance
// (U), the procedure or policy it must follow (P), the carried-over context of a
// prior conversation (C) and the tool contract (T). A target returns it from
// `Target.inputs`; the perturbation arm (src/perturb) changes exactly one of the four.
import type { Json } from './json.ts';

export interface ToolContract {
  name: string;
  description: string;
  /** JSON Schema of the arguments (type object) */
  parameters: { type: 'object'; properties: Record<string, Json>; required?: string[] };
}

export interface ContextTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AgentInputs {
  utterance: string;
  procedure: string[];
  context: ContextTurn[];
  tools: ToolContract[];
}
