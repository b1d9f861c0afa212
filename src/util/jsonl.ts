import type { z } from 'zod';
import { InputError, zodProblem } from './errors.ts';

/** Parses JSON lines, naming file, line and field of the first bad one. */
export function parseJsonLines<T>(file: string, text: string, schema: z.ZodType<T>): T[] {
  const out: T[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InputError(`${file}:${i + 1}: not valid JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new InputError(`${file}:${i + 1}: ${zodProblem(parsed.error)}`);
    out.push(parsed.data);
  });
  return out;
}
