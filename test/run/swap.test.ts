import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { freeze } from '../../src/freeze/freeze.ts';
import { loadManifest } from '../../src/protocol/increment.ts';
import { runIncrement } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { swapFreeze } from '../fixtures/swap.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/verify.ts';

const tmp = useTmp();

describe('intent-swap arm on the toy target', () => {
  it('grades every trajectory with every checker and explains each off-diagonal Pass', async () => {
    const root = tmp();
    const f = await swapFreeze(root);
    const cells = await loadManifest(f.dir, f.increment);
    const n = f.increment.selection.tasks.length;
    expect(cells.filter((c) => c.arm === 'swap')).toHaveLength(n * (n - 1));
    expect(cells.filter((c) => c.arm === 'control').every((c) => c.rung === 'diag')).toBe(true);
    await runIncrement({ incrementDir: f.dir, runDir: join(root, 'run'), workers: 0, limitMs: 2000 });
    const { report } = await writeReport(join(root, 'run'));
    const swap = report.swap!;
    const valid = swap.rungs.reduce((k, r) => k + r.valid, 0);
    expect(valid + swap.errors.length).toBe(n * n);
    expect(swap.rungs.find((r) => r.rung === 'diag')).toMatchObject({ valid: n, pass: n });

    const byCell = new Map(swap.offDiagonalPasses.map((p) => [p.cell, p]));
    // notes/2 adds "hello" too: the "a note hello exists" checker is satisfied collaterally
    expect(byCell.get('swap:notes/0<-notes/2')).toMatchObject({ collateral: true, rung: 'rung-1' });
    // the lenient checker accepts another task's note although its own was never written
    const other = byCell.get('swap:lenient/0<-notes/1')!;
    expect(other).toMatchObject({ collateral: false, rung: 'rung-2' });
    expect(other.evidence.join()).toMatch(/of lenient\/0's reference effect: notes: 1 reference row\(s\) not added/);
    // every Pass off the diagonal is listed, and only those
    const passes = swap.rungs.filter((r) => r.rung !== 'diag').reduce((k, r) => k + r.pass, 0);
    expect(swap.offDiagonalPasses).toHaveLength(passes);
    expect(report.falseAccepts).toEqual([]);
  });

  it('delivers and reads back the world-reference cells of tasks with their own worlds, and never asks their checker', async () => {
    const root = tmp();
    const checks = join(root, 'checks.log');
    writeFileSync(checks, '');
    process.env.WORLD_TOY_CHECKS = checks;
    try {
      const f = await freeze({ target: 'test/fixtures/world-toy.ts', arms: ['swap'], splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
      const cells = await loadManifest(f.dir, f.increment);
      const runDir = join(root, 'run');
      expect((await runIncrement({ incrementDir: f.dir, runDir, workers: 1, limitMs: 2000 })).status).toBe('complete');
      const entries = new Map(readLedger(ledgerPath(runDir)).entries.map((e) => [e.cell, e]));
      const worldRefs = cells.filter((c) => c.family === 'world-reference');
      expect(worldRefs).toHaveLength(3);
      for (const c of worldRefs) {
        const e = entries.get(c.id)!;
        expect(e.status).toBe('scored');
        expect(e.verdict).toBeUndefined();
        // wa/1 deletes "seed", which world b lacks: its reference does not run there, and says so
        if (c.checker === 'wa/1') expect(e.delivery).toMatchObject({ completed: false, error: expect.stringMatching(/no note seed/) });
        else expect(e.effect).toEqual({ notes: { added: [{ key: 'x', values: { text: 'x' } }], updated: [], removed: [] } });
      }
      // every other cell was graded, each once; no world-reference delivery was
      const graded = readFileSync(checks, 'utf8').trim().split('\n');
      expect(graded).toHaveLength(cells.length - worldRefs.length);
      expect(graded.filter((l) => !l.endsWith('@-'))).toEqual([]);
      const { report } = await writeReport(runDir);
      expect(report.swap!.rungs.reduce((n, r) => n + r.valid, 0)).toBe(9);
      const csv = readFileSync(join(runDir, 'cells.csv'), 'utf8').split('\n').filter((l) => l.includes('@world:'));
      expect(csv.map((l) => l.split(',').slice(6, 8).join(',')).sort()).toEqual(['incomplete,', 'read-back,', 'read-back,']);
    } finally {
      delete process.env.WORLD_TOY_CHECKS;
    }
  });
});
