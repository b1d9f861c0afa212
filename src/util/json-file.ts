import { existsSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { fsProblem, InputError, ProtocolError, withPath, zodProblem } from './errors.ts';

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `text` parsed, or undefined where it is not JSON (no JSON text parses to undefined). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One line a child process wrote, parsed; `where` names the child in the error. */
export function parseJsonLine(line: string, where: string): unknown {
  const v = jsonOrUndefined(line);
  if (v === undefined) throw new ProtocolError(`${where}: not a JSON line: ${line.slice(0, 120)}`);
  return v;
}

/** A file's text, or one line naming it and why it cannot be read (a folder, no permission). */
export function readText(file: string): string {
  try {
    return withPath(file, () => readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(fsProblem(e) ?? `${file}: cannot read (${(e as Error).message})`, { cause: e });
  }
}

/**
 * JSON text parsed, or one line naming the file. JSON.parse quotes the text, newlines
 * included, and a binary file's bytes with it: they are shown escaped, not written to
 * the terminal. An empty file is said to be one.
 */
export function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const why = text.trim() ? (e as Error).message.replace(/\s+/g, ' ').replace(/[\p{Cc}\uFFFD]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : 'the file is empty';
    throw new InputError(`${file}: not valid JSON (${why})`);
  }
}

/** A JSON file checked against its schema, or undefined when it does not exist; bad content names file and field. */
export async function readJsonFileIfExists<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  return existsSync(file) ? checked(file, schema, parseJson(file, readText(file))) : undefined;
}

/** Parses JSON lines, naming file, line and field of the first bad one. */
export function parseJsonLines<T>(file: string, text: string, schema: z.ZodType<T>): T[] {
  return text.split('\n').flatMap((line, i) => {
    if (!line.trim()) return [];
    const value = jsonOrUndefined(line);
    if (value === undefined) throw new InputError(`${file}:${i + 1}: not valid JSON`);
    return [checked(`${file}:${i + 1}`, schema, value)];
  });
}

/** `value` checked against `schema`; bad content names `where` and the field. */
function checked<T>(where: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InputError(`${where}: ${zodProblem(parsed.error)}`);
  return parsed.data;
}
