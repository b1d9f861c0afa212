// The wire shapes of the external target protocol (docs/protocol.md). A target
// in another language is untrusted input, so every result is validated here
// before the engine sees it.
import { z } from 'zod';
import { stepSchema, TargetInfoSchema } from '../schema.ts';

/**
 * The versions blindspot speaks; it offers the newest. 2 adds effect semantics, a
 * verdict's cause and a step's free arguments and domains, all optional; 3 adds the
 * optional methods `inputs` and `call` (the input-perturbation arm), each served only
 * by a target that advertises the capability of that name. A target that refuses a
 * version in the handshake is offered the next lower one.
 */
export const SUPPORTED_VERSIONS = [1, 2, 3] as const;

const JsonSchema: z.ZodType<unknown> = z.unknown();
const Values = z.record(z.string(), JsonSchema);

const TaskInfoSchema = z.object({
  id: z.string().min(1),
  generator: z.string().min(1),
  variant: z.number().int(),
  split: z.enum(['dev', 'test', 'holdout']),
  scenario: z.string().optional(),
  instruction: z.string(),
  params: Values,
  world: z.string().optional(),
});

const StepSchema = stepSchema(JsonSchema);

const TrajectorySchema = z.object({ task: z.string(), steps: z.array(StepSchema), world: z.string().optional() });

const RowSchema = z.object({ key: z.string(), values: Values });
const EffectSchema = z.record(
  z.string(),
  z.object({
    added: z.array(RowSchema),
    updated: z.array(z.object({ key: z.string(), before: Values, after: Values })),
    removed: z.array(RowSchema),
  }),
);

const DeliverySchema = z.object({
  completed: z.boolean(),
  stepsRun: z.number().int().min(0),
  error: z.string().optional(),
  rejected: z.array(z.object({ step: z.number().int().min(0), call: z.string(), error: z.string() })).optional(),
});

const VerdictSchema = z.object({ verdict: z.enum(['pass', 'fail', 'error']), detail: z.string(), cause: z.string().optional() });

const ToolContractSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  // a JSON Schema object; keywords beyond these ($defs, titles) pass through
  parameters: z.object({ type: z.literal('object'), properties: Values, required: z.array(z.string()).optional() }).loose(),
});

const AgentInputsSchema = z.object({
  utterance: z.string(),
  procedure: z.array(z.string()),
  context: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  tools: z.array(ToolContractSchema),
});

const CallResultSchema = z.union([z.object({ ok: z.literal(true), result: JsonSchema }), z.object({ ok: z.literal(false), error: z.string() })]);

export const RESULTS = {
  handshake: z.object({ protocol: z.number().int(), target: TargetInfoSchema }),
  tasks: z.object({ tasks: z.array(TaskInfoSchema) }),
  reference: z.object({ trajectory: TrajectorySchema }),
  open: z.object({ episode: z.string().min(1) }),
  deliver: DeliverySchema,
  readback: z.object({ effect: EffectSchema }),
  check: VerdictSchema,
  close: z.object({}).loose(),
  shutdown: z.object({}).loose(),
  inputs: z.object({ inputs: AgentInputsSchema }),
  call: CallResultSchema,
} satisfies Record<string, z.ZodType>;

export type Method = keyof typeof RESULTS;
export type Result<M extends Method> = z.infer<(typeof RESULTS)[M]>;

const IdSchema = z.union([z.number(), z.string(), z.null()]);
export const ResponseSchema = z.union([
  z.object({ id: IdSchema, result: JsonSchema }),
  z.object({ id: IdSchema, error: z.object({ code: z.string(), message: z.string() }) }),
]);

/** A structured error the target answered with. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/** The target process is gone (exited, killed, or its stdout closed). */
export class BridgeDiedError extends Error {
  override name = 'BridgeDiedError';
}
