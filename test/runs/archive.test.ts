// AgentDojo's published no-attack runs (../shared/data/agentdojo-runs/, README
// there): every file reads as one run, with the counts the archive's README states.
// Skipped, saying why, where the archive is absent (a clone outside this workplace).
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { readRuns } from '../../src/runs/records.ts';
import { useTmp } from '../fixtures/tmp.ts';

const ARCHIVE = resolve('..', 'shared', 'data', 'agentdojo-runs', 'runs-none.tar.gz');
const present = existsSync(ARCHIVE);
if (!present) console.warn(`skipping the AgentDojo runs archive tests: no archive at ${ARCHIVE}`);
const tmp = useTmp();

describe.skipIf(!present)("AgentDojo's published runs archive", () => {
  it('reads all 3,560 runs with no file refused: per suite as published, 1,588 user-task runs recorded with utility', () => {
    const dir = tmp();
    execFileSync('tar', ['-xzf', ARCHIVE, '-C', dir]);
    const src = readRuns(join(dir, 'runs'));
    expect(src.excluded).toEqual([]);
    expect(src.runs).toHaveLength(3560);
    const suite = (s: string) => src.runs.filter((r) => r.task.startsWith(`${s}/`)).length;
    expect([suite('banking'), suite('slack'), suite('travel'), suite('workspace')]).toEqual([700, 728, 756, 1376]);
    const user = src.runs.filter((r) => /\/user_task_\d+$/.test(r.task));
    expect(user).toHaveLength(2756);
    expect(user.filter((r) => r.recorded === 'pass')).toHaveLength(1588);
    // recorded with a version: the four pipelines AgentDojo served itself, whose files all say `local` (or
    // `local-repeat_user_prompt`) and whose folders name the model; the rest predate the field and are graded under v1
    expect(new Set(src.runs.filter((r) => r.versionRule === 'benchmark_version of the run file').map((r) => r.pipeline))).toEqual(
      new Set(['Meta-SecAlign-70B', 'Meta-SecAlign-70B-repeat_user_prompt', 'meta-llama_Llama-3.3-70B-Instruct', 'meta-llama_Llama-3.3-70B-Instruct-repeat_user_prompt']),
    );
    // one pipeline per folder of the archive
    expect(new Set(src.runs.map((r) => r.pipeline)).size).toBe(29);
    expect(src.runs.filter((r) => r.version === 'v1')).toHaveLength(3560 - 528);
  });
});
