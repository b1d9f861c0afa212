import { describe, expect, it, afterEach } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { freeze } from '../../src/freeze/freeze.ts';
import { runIncrement, ledgerPath } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';

const tmp = useTmp();

async function frozenToy(root: string, families = ['claim-only', 'omit', 'partial', 'wrong-value', 'extra', 'extra-ni']) {
  return freeze({ target: TOY, arms: ['faults'], families, splits: ['dev'], mutantsDir: join(root, 'mutants'), censusDir: join(root, 'censuses') });
}

afterEach(() => {
  delete process.env.TOY_MODE;
});

describe('engine on the toy target', () => {
  for (const workers of [0, 2]) {
    it(`classifies cells and finds the count-blind checker (workers=${workers})`, async () => {
      const root = tmp();
      const f = await frozenToy(root);
      const runDir = join(root, 'run');
      const res = await runIncrement({ incrementDir: f.dir, runDir, workers, limitMs: 2000 });
      expect(res.status).toBe('complete');
      const { report, classification } = await writeReport(runDir);
      expect(report.controls).toMatchObject({ total: 6, pass: 6 });
      const byId = new Map(classification.cells.map((c) => [c.cell, c]));
      // a duplicated non-idempotent add passes the checker that only asks "some note exists"
      expect(byId.get('fault:extra:notes/0#0')).toMatchObject({ status: 'confirmed', verdict: 'pass', falseAccept: true });
      expect(byId.get('fault:extra:notes/1#0')).toMatchObject({ status: 'confirmed', verdict: 'fail', falseAccept: false });
      // a duplicated idempotent write changes nothing: degenerate, never a finding
      expect(byId.get('fault:extra:flag/0#0')).toMatchObject({ status: 'degenerate', verdict: 'pass', falseAccept: false });
      expect(byId.get('fault:extra-ni:flag/0#0')).toMatchObject({ status: 'refused' });
      expect(byId.get('fault:extra-ni:flag/0#0')!.reason).toMatch(/flags\.set is idempotent/);
      expect(byId.get('fault:claim-only:notes/1#0')).toMatchObject({ status: 'confirmed', verdict: 'fail' });
      expect(byId.get('fault:claim-only:notes/1#0')!.evidence!.kind).toBe('construction');
      const fa = report.falseAccepts.find((x) => x.cell === 'fault:extra:notes/0#0')!;
      expect(fa.evidence!.differences[0]).toMatchObject({ table: 'notes', extraAdded: [{ text: 'hello' }] });
      expect(report.flow.map((r) => r.family)).toEqual(['claim-only', 'omit', 'partial', 'wrong-value', 'extra', 'extra-ni']);
      for (const row of report.flow) {
        expect(row.refused + row.incomplete + row.degenerate + row.immaterial + row.candidate + row.classified).toBe(row.scheduled);
      }
      const ledger = readLedger(ledgerPath(runDir)).entries;
      expect(new Set(ledger.map((e) => e.cell)).size).toBe(ledger.length);
      expect(ledger.length).toBe(f.increment.manifest.cells);
    });
  }

  // workers=3 with a zero threshold starts worker threads at once, so cells land in both the main thread and workers
  it.each([0, 1, 3])('a checker that hangs, throws, stalls or answers garbage gives Error, and the run goes on (workers=%i)', async (workers) => {
    for (const [mode, pattern] of [
      ['hang', /time limit/],
      ['throw', /exploded/],
      ['garbage', /garbage/],
      ['slow', /timed out/],
    ] as const) {
      process.env.TOY_MODE = mode;
      const root = tmp();
      const f = await frozenToy(root, ['extra']);
      const runDir = join(root, 'run');
      const res = await runIncrement({ incrementDir: f.dir, runDir, workers, limitMs: 300, workerThresholdMs: 0 });
      expect(res.status).toBe('complete');
      const { classification } = await writeReport(runDir);
      const odd = classification.cells.filter((c) => c.generator === 'odd');
      expect(odd).toHaveLength(2);
      for (const c of odd) {
        expect(c.verdict, mode).toBe('error');
        expect(c.detail, mode).toMatch(pattern);
        expect(c.falseAccept).toBe(false);
      }
      expect(classification.cells.filter((c) => c.generator !== 'odd').every((c) => c.verdict !== 'error')).toBe(true);
    }
  }, 30_000);

  it('refuses to run when a checker file changed after freeze, naming the file', async () => {
    const root = tmp();
    const copy = join(root, 'checker.ts');
    const { writeFileSync, appendFileSync } = await import('node:fs');
    writeFileSync(copy, readFileSync(TOY));
    process.env.TOY_CHECKER_FILE = copy;
    try {
      const f = await frozenToy(root, ['omit']);
      appendFileSync(copy, '\n// weakened\n');
      await expect(runIncrement({ incrementDir: f.dir, runDir: join(root, 'run'), workers: 0, limitMs: 1000 })).rejects.toThrow(
        new RegExp(`${copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(edited\\)`),
      );
    } finally {
      delete process.env.TOY_CHECKER_FILE;
    }
  });

  it('resumes a stopped run without scoring any cell twice, with the same report', async () => {
    const root = tmp();
    const f = await frozenToy(root);
    const full = join(root, 'full');
    await runIncrement({ incrementDir: f.dir, runDir: full, workers: 0, limitMs: 1000 });
    const part = join(root, 'part');
    const first = await runIncrement({ incrementDir: f.dir, runDir: part, workers: 0, limitMs: 1000, stopAfter: 7 });
    expect(first.status).toBe('interrupted');
    // The toy is a module target, scored in child processes: cells already sent to
    // a child when the stop comes are still recorded, never thrown away.
    expect(first.scoredNow).toBeGreaterThanOrEqual(7);
    expect(first.scoredNow).toBeLessThan(f.increment.manifest.cells);
    const second = await runIncrement({ incrementDir: f.dir, runDir: part, workers: 2, limitMs: 1000 });
    expect(second.status).toBe('complete');
    expect(second.alreadyScored).toBe(first.scoredNow);
    expect(second.scoredNow).toBe(f.increment.manifest.cells - first.scoredNow);
    const ids = readLedger(ledgerPath(part)).entries.map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);
    const strip = (r: any) => ({ ...r, run: undefined, evidence: { ...r.evidence, date: undefined } });
    expect(strip((await writeReport(part)).report)).toEqual(strip((await writeReport(full)).report));
    const run = JSON.parse(readFileSync(join(part, 'run.json'), 'utf8'));
    expect(run.sessions.map((s: any) => s.status)).toEqual(['interrupted', 'complete']);
  });

  it('drops a torn final ledger line and rescores that cell', async () => {
    const root = tmp();
    const f = await frozenToy(root, ['omit']);
    const runDir = join(root, 'run');
    await runIncrement({ incrementDir: f.dir, runDir, workers: 0, limitMs: 1000, stopAfter: 2 });
    const { appendFileSync } = await import('node:fs');
    appendFileSync(ledgerPath(runDir), '{"cell":"fault:omit:notes/1#0","status":"sco');
    const res = await runIncrement({ incrementDir: f.dir, runDir, workers: 0, limitMs: 1000 });
    expect(res.status).toBe('complete');
    const entries = readLedger(ledgerPath(runDir)).entries;
    expect(entries.length).toBe(f.increment.manifest.cells);
    const run = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
    expect(run.sessions[1].droppedTornLine).toBe(true);
  });
});
