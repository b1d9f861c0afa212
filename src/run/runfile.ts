// run.json: which increment a run folder scores and every session that touched it,
// so interruptions (Ctrl-C, SIGKILL, crashes) stay on the record.
import { writeFileAtomic } from '../util/atomic.ts';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { readJsonFileIfExists } from '../util/json-file.ts';

const SessionSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string().optional(),
  status: z.enum(['running', 'complete', 'interrupted', 'killed']),
  signal: z.string().optional(),
  alreadyScored: z.number(),
  scored: z.number().default(0),
  droppedTornLine: z.boolean().default(false),
  /** what the target removed that a killed or interrupted session's episodes left behind */
  recovered: z.array(z.string()).optional(),
  /** what the target's residue check found after the session's cells (targets with shared state) */
  residue: z.object({ checked: z.string(), found: z.array(z.string()) }).optional(),
  workers: z.number(),
  /** the per-cell time limit this session scored with, and where it came from (run/time-limit.ts) */
  timeLimit: z.object({ ms: z.number(), source: z.enum(['flag', 'calibrated', 'default']), slowestControlMs: z.number().optional(), controls: z.number().optional() }).optional(),
});
export type Session = z.infer<typeof SessionSchema>;

const RunFileSchema = z.object({
  schema: z.literal('blindspot.run/1'),
  id: z.string(),
  /**
   * the increment folder, relative to the run folder, and where it was when the run
   * began (`abs`, absent in older runs): a copy of the run folder elsewhere on the
   * same machine still finds it. Its hash decides either way (run/locate.ts).
   */
  increment: z.object({ dir: z.string(), abs: z.string().optional(), id: z.string(), hash: z.string() }),
  createdAt: z.string(),
  sessions: z.array(SessionSchema),
  /** the ledger as the last session left it: later readers refuse a ledger that lost or changed these lines */
  ledger: z.object({ lines: z.number().int().nonnegative(), head: z.string() }).optional(),
  /** a shard's run folder scores only its share of the manifest (see run/shard.ts); `merge` combines the shards */
  shard: z.object({ index: z.number().int().positive(), total: z.number().int().positive() }).optional(),
  /** a run whose cells an agent delivers (the perturbation arm): its label, and its command for a process agent (never its environment) */
  agent: z.object({ name: z.string(), command: z.array(z.string()).optional() }).optional(),
  /** a merged run: the shard run folders it was made from, each with its ledger's head when merged */
  merged: z.array(z.object({ shard: z.string(), run: z.string(), lines: z.number().int().nonnegative(), head: z.string() })).optional(),
});
export type RunFile = z.infer<typeof RunFileSchema>;

/** Whose run a folder holds, for a refusal: an agent's, or the engine's own. */
export const agentOf = (run: Pick<RunFile, 'agent'>) => (run.agent ? `agent '${run.agent.name}'` : 'no agent');

/** The fields a new run.json opens with: the run folder `runDir`, named `id`, scores the increment frozen in `incDir`. */
export const newRunFile = (id: string, runDir: string, incDir: string, inc: { id: string; hash: string }) => ({
  schema: 'blindspot.run/1' as const,
  id,
  increment: { dir: relative(resolve(runDir), resolve(incDir)), abs: resolve(incDir), id: inc.id, hash: inc.hash },
  createdAt: new Date().toISOString(),
});

/**
 * The sessions as whoever holds the run folder's writer lock sees them: none is
 * under way, so one run.json still calls running was killed (SIGKILL, a crash)
 * before it could record its end, or how many cells it scored: the ledger it
 * left, of `lines` entries, tells that.
 */
export const endedSessions = (sessions: Session[], lines: number): Session[] =>
  sessions.map((s) => (s.status === 'running' ? { ...s, status: 'killed', scored: lines - s.alreadyScored } : s));

const runFilePath = (runDir: string) => join(runDir, 'run.json');

export async function readRunFile(runDir: string): Promise<RunFile | undefined> {
  return readJsonFileIfExists(runFilePath(runDir), RunFileSchema);
}

/** Written to a temporary file and renamed, so a kill never leaves half a run.json. */
export async function writeRunFile(runDir: string, run: RunFile): Promise<void> {
  writeFileAtomic(runFilePath(runDir), JSON.stringify(run, null, 2) + '\n');
}
