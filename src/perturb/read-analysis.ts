// Reading back a run's perturb.json, for `perturb compare <runs...>`: a folder or
// the file itself; a missing or foreign file is an input error naming it.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import { readJsonFileIfExists } from '../util/json-file.ts';
import { PERTURB_ANALYSIS_SCHEMA, type PerturbAnalysis } from './analysis.ts';

const nullableNumber = z.number().nullable();
// What the comparison reads; the rest is kept as written.
const AnalysisShape = z.looseObject({
  schema: z.literal(PERTURB_ANALYSIS_SCHEMA),
  agent: z.string(),
  tasks: z.array(z.string()),
  clean: z.looseObject({ tasks: z.number(), rate: nullableNumber }),
  overall: z.looseObject({ instances: z.number(), clean: nullableNumber, perturbed: nullableNumber, degradation: nullableNumber }),
  families: z.array(z.looseObject({ family: z.string(), instances: z.number(), degradation: nullableNumber })).length(12),
  targets: z.array(z.looseObject({ target: z.string(), degradation: nullableNumber })),
  types: z.array(z.looseObject({ type: z.string(), degradation: nullableNumber })),
  falseAccepts: z.array(z.unknown()),
});

/** The analysis in `path` (a run folder holding perturb.json, or the file). */
export async function readPerturbAnalysis(path: string): Promise<PerturbAnalysis> {
  const file = statSync(path, { throwIfNoEntry: false })?.isDirectory() ? join(path, 'perturb.json') : path;
  const a = await readJsonFileIfExists(file, AnalysisShape);
  if (!a) throw new InputError(`${file}: not found (expected perturb.json written by \`blindspot perturb\`, or the folder holding it)`);
  return a as unknown as PerturbAnalysis;
}
