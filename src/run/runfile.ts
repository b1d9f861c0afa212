// run.json: which increment a run folder scores and every session that touched it,
// so interruptions (Ctrl-C, SIGKILL, crashes) stay on the record.
import { readFile, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import { exists, zodProblem } from '../protocol/increment.ts';

const SessionSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().optional(),
  status: z.enum(['running', 'complete', 'interrupted', 'killed']),
  signal: z.string().optional(),
  alreadyScored: z.number(),
  scored: z.number().default(0),
  droppedTornLine: z.boolean().default(false),
  workers: z.number(),
});
export type Session = z.infer<typeof SessionSchema>;

export const RunFileSchema = z.object({
  schema: z.literal('blindspot.run/1'),
  id: z.string(),
  /** the increment folder, relative to the run folder */
  increment: z.object({ dir: z.string(), id: z.string(), hash: z.string() }),
  createdAt: z.string(),
  sessions: z.array(SessionSchema),
});
export type RunFile = z.infer<typeof RunFileSchema>;

export const runFilePath = (runDir: string) => join(runDir, 'run.json');

export async function readRunFile(runDir: string): Promise<RunFile | undefined> {
  const file = runFilePath(runDir);
  if (!(await exists(file))) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new InputError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const parsed = RunFileSchema.safeParse(value);
  if (!parsed.success) throw new InputError(`${file}: ${zodProblem(parsed.error)}`);
  return parsed.data;
}

/** Written to a temporary file and renamed, so a kill never leaves half a run.json. */
export async function writeRunFile(runDir: string, run: RunFile): Promise<void> {
  const file = runFilePath(runDir);
  await writeFile(file + '.tmp', JSON.stringify(run, null, 2) + '\n');
  await rename(file + '.tmp', file);
}
