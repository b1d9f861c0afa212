import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { freeze } from '../../src/freeze/freeze.ts';
import { loadManifest } from '../../src/protocol/increment.ts';
import { runIncrement } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';

const tmp = useTmp();
const swapFreeze = (root: string, swap = {}) =>
  freeze({ target: TOY, arms: ['swap'], families: [], swap, splits: ['dev'], mutantsDir: join(root, 'mutants'), censusDir: join(root, 'censuses') });

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

  it('restricts checkers and trajectories, and freezes a deterministic pilot', async () => {
    const root = tmp();
    const sub = await swapFreeze(root, { checkers: ['notes'], trajectories: ['flag/0', 'lenient'] });
    const subCells = (await loadManifest(sub.dir, sub.increment)).filter((c) => c.arm === 'swap');
    expect(subCells.map((c) => c.id).sort()).toEqual(
      ['notes/0', 'notes/1', 'notes/2'].flatMap((i) => [`swap:${i}<-flag/0`, `swap:${i}<-lenient/0`]).sort(),
    );
    const a = await swapFreeze(join(root, 'a'), { pilot: 5, seed: 7 });
    const b = await swapFreeze(join(root, 'b'), { pilot: 5, seed: 7 });
    const c = await swapFreeze(join(root, 'c'), { pilot: 5, seed: 8 });
    const ids = async (x: typeof a) => (await loadManifest(x.dir, x.increment)).filter((k) => k.arm === 'swap').map((k) => k.id);
    expect(await ids(a)).toHaveLength(5);
    expect(await ids(a)).toEqual(await ids(b));
    expect(await ids(a)).not.toEqual(await ids(c));
    expect(a.increment.extras.swap).toMatchObject({ pilot: { n: 5, seed: 7 } });
  });
});
