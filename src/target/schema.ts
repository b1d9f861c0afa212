// Schemas of the target-declared shapes that cross a trust boundary: a protocol
// target's answers, and the copy frozen into an increment.
import { z } from 'zod';
import { NORMALISERS, type EffectSemantics } from '../contract/target.ts';
import type { Json } from '../contract/json.ts';

export const json: z.ZodType<Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(json), z.record(z.string(), json)]),
);

export const DomainSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['number', 'integer']), min: z.number().optional(), max: z.number().optional() }),
  z.object({ type: z.literal('string'), values: z.array(json).optional() }),
  z.object({ type: z.literal('boolean') }),
  z.object({ type: z.literal('id'), kind: z.string().min(1), values: z.array(json) }),
]);

/** A trajectory step, each argument value checked by `value`: a protocol target's answers pass any value through, a frozen cell holds JSON. */
export const stepSchema = <V extends z.ZodType>(value: V) =>
  z.object({
    call: z.string().min(1),
    args: z.record(z.string(), value),
    kind: z.enum(['write', 'read', 'claim']),
    alternatives: z.record(z.string(), z.array(value)).optional(),
    free: z.array(z.string()).optional(),
    domains: z.record(z.string(), DomainSchema).optional(),
    turn: z.number().int().min(0).optional(),
  });

const Normalisers = z.array(z.enum(NORMALISERS));

export const SemanticsSchema: z.ZodType<EffectSemantics> = z.object({
  tables: z
    .array(
      z.object({
        table: z.string().min(1),
        kind: z.enum(['state', 'log']).optional(),
        set: z.boolean().optional(),
        setColumns: z.array(z.string()).optional(),
        ignore: z.array(z.string()).optional(),
        normalise: z.record(z.string(), Normalisers).optional(),
        aliases: z.record(z.string(), z.record(z.string(), json)).optional(),
        why: z.string().optional(),
      }),
    )
    .optional(),
  arguments: z
    .array(z.object({ call: z.string().min(1), arg: z.string().min(1), normalise: Normalisers.optional(), placeholders: z.array(json).optional(), open: z.boolean().optional(), why: z.string().optional() }))
    .optional(),
  answer: z.object({ call: z.string().min(1), arg: z.string().min(1) }).optional(),
});

/** What a target's describe() returns; a protocol target's handshake and a module target's describe() are checked against it. */
export const TargetInfoSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  checkerHash: z.string().min(1),
  checkerFiles: z.array(z.object({ path: z.string(), sha256: z.string() })),
  corpusHash: z.string().min(1),
  capabilities: z.array(z.string()),
  semantics: SemanticsSchema.optional(),
});
