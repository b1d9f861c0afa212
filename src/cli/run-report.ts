import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { runSettings } from './options.ts';
import { summaryLines } from './summary.ts';
import type { Out } from './main.ts';

/**
 * A new run folder `reports/<prefix>-<time>-<random>`, created here so that two
 * commands started in the same second never share one.
 */
export function defaultRunDir(prefix: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  mkdirSync('reports', { recursive: true });
  for (;;) {
    const dir = join('reports', `${prefix.replace(/[^A-Za-z0-9._-]+/g, '-')}-${stamp}-${randomBytes(3).toString('hex')}`);
    try {
      mkdirSync(dir);
      return dir;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** The tail shared by `run` and `audit`: score, write the report, say where it is. */
export async function scoreAndReport(out: Out, a: Record<string, any>, incrementDir: string, runDir: string): Promise<void> {
  // The engine loads here, once a command needs it, not at start-up (see main.ts).
  const [{ runIncrement }, { writeReport }, { loadTriage }] = await Promise.all([import('../run/run.ts'), import('../report/write.ts'), import('../triage/triage.ts')]);
  const result = await runIncrement({ incrementDir, runDir, ...runSettings(a) });
  const written = await writeReport(runDir, { triage: loadTriage(a.triage) });
  if (a.json) out.log(JSON.stringify(written.report, null, 2));
  else {
    out.log(
      `Scored ${result.scoredNow} cells (${result.alreadyScored} already in the ledger) of ${result.total}` +
        (result.derived ? ` in the manifest, plus ${result.derived} derived while shrinking search findings.` : '.'),
    );
    summaryLines(written.report, runDir).forEach((l) => out.log(l));
  }
  if (result.status === 'interrupted') process.exitCode = 130;
}
