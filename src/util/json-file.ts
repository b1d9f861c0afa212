import { existsSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { InputError, zodProblem } from './errors.ts';

/** A JSON file checked against its schema, or undefined when it does not exist; bad content names file and field. */
export async function readJsonFileIfExists<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  if (!existsSync(file)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InputError(`${file}: ${zodProblem(parsed.error)}`);
  return parsed.data;
}
