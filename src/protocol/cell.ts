import { z } from 'zod';
import { json, stepSchema } from '../target/schema.ts';
import { canonicalJson, sha256 } from '../util/hash.ts';
import { isObject } from '../util/json-file.ts';
import { ARMS, type Arm, type Cell } from '../contract/cell.ts';
import type { AgentInputs } from '../contract/inputs.ts';

const StepSchema = stepSchema(json).extend({ executed: z.literal(false).optional() });

/** A manifest's cell, checked on load; its shape is the contract's Cell, whose doc comments say what each field holds. */
export const CellSchema = z.object({
  id: z.string().min(1),
  arm: z.enum(ARMS),
  family: z.string().min(1),
  index: z.number().int().nonnegative(),
  checker: z.string().min(1),
  trajectory: z.string().min(1),
  generator: z.string().min(1),
  trajectoryGenerator: z.string().optional(),
  rung: z.string().optional(),
  rungReason: z.string().optional(),
  scenario: z.string().optional(),
  world: z.string().optional(),
  worlds: z.object({ checker: z.string(), trajectory: z.string() }).optional(),
  delivery: z.object({ version: z.string().optional(), recorded: z.boolean().optional() }).optional(),
  run: z
    .object({
      source: z.string(),
      sha256: z.string(),
      pipeline: z.string(),
      recorded: z.enum(['pass', 'fail']),
      version: z.string().optional(),
      versionRule: z.string().optional(),
      recordedErrors: z.array(z.number().int().nonnegative()),
      harnessError: z.string().optional(),
      listed: z.boolean().optional(),
      earlier: z.array(z.string()).optional(),
    })
    .optional(),
  episode: z
    .object({
      seed: z.number().int().nonnegative().optional(),
      changes: z.custom<Partial<AgentInputs>>(isObject, 'expected the changed inputs (an object)'),
      toolMap: z.record(z.string(), z.string()).optional(),
      recovery: z.object({ ask: z.string(), answer: z.string() }).optional(),
    })
    .optional(),
  construction: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), steps: z.array(StepSchema), edit: z.string(), plan: z.array(z.record(z.string(), json)).optional() }),
    z.object({ ok: z.literal(false), reason: z.string() }),
  ]),
});
// The schema and the contract must describe one shape: either drifting is a compile error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof CellSchema>, Cell> = true;
void sameShape;

/** A cell a run derives from a search cell (shrinking): named by its checker task and the steps it delivers. */
export const derivedCellId = (checker: string, steps: unknown[]) => `search:${checker}#${sha256(canonicalJson(steps)).slice(0, 16)}`;

export const cellId = (arm: Arm, family: string, checker: string, trajectory: string, index = 0) =>
  arm === 'control'
    ? `control:${checker}`
    : arm === 'swap'
      ? `swap:${checker}<-${trajectory}`
      : `fault:${family}:${checker}#${index}`;
