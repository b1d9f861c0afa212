import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { cli } from '../fixtures/cli.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';

const tmp = useTmp();

/** An audit of the toy module target whose `odd` task's checker misbehaves as `mode` says. */
async function audit(root: string, name: string, workers: number, mode?: string) {
  const out = join(root, name);
  const r = await cli(
    ['audit', '--target', TOY, '--families', 'omit,extra', '--out', out, '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', String(workers), '--no-progress', '--time-limit', '2000'],
    mode ? { TOY_MODE: mode } : {},
  );
  const entries = readLedger(ledgerPath(out)).entries;
  return { r, out, verdicts: new Map(entries.map((e) => [e.cell, e.verdict?.verdict ?? e.status])), entries };
}

describe('a module target whose checker attacks the process scoring it', () => {
  it.each([1, 2])('gives Error cells and a finished run with every other cell scored (workers=%i)', async (workers) => {
    const root = tmp();
    const calm = await audit(root, 'calm', workers);
    expect(calm.r.code, calm.r.stderr).toBe(0);
    for (const [mode, cause] of [
      ['exit0', /exited with code 0/],
      ['abort', /killed by SIGABRT|exited with code/],
      ['kill', /killed by SIGKILL/],
      ['timer-throw', /exited with code/],
      ['unhandled', /exited with code/],
    ] as const) {
      const hostile = await audit(root, mode, workers, mode);
      expect(hostile.r.code, `${mode}: ${hostile.r.stderr}`).toBe(0);
      const run = JSON.parse(readFileSync(join(hostile.out, 'run.json'), 'utf8'));
      expect(run.sessions.map((s: { status: string }) => s.status)).toEqual(['complete']);
      expect(hostile.verdicts.size, mode).toBe(calm.verdicts.size);
      for (const [cell, verdict] of calm.verdicts) {
        const odd = cell.includes('odd/0');
        if (!odd) expect(hostile.verdicts.get(cell), `${mode} ${cell}`).toBe(verdict);
        else if (verdict !== 'refused') {
          const e = hostile.entries.find((x) => x.cell === cell)!;
          expect(e.verdict?.verdict, `${mode} ${cell}`).toBe('error');
          expect(e.verdict?.detail, `${mode} ${cell}`).toMatch(cause);
        }
      }
      expect(readFileSync(join(hostile.out, 'report.md'), 'utf8')).toMatch(/Controls passed: \*\*5\/6\*\*/);
    }
  });
});
