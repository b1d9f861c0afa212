import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { freeze } from '../../src/freeze/freeze.ts';
import { runIncrement } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('intent swap across tasks that start from different worlds', () => {
  it('compares an off-diagonal Pass with the checker task\'s reference delivered in the trajectory task\'s world', async () => {
    const root = tmp();
    const f = await freeze({ target: 'test/fixtures/world-toy.ts', arms: ['swap'], splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
    const cells = (await import('../../src/protocol/increment.ts')).loadManifest(f.dir, f.increment);
    const worldRefs = (await cells).filter((c) => c.family === 'world-reference').map((c) => c.id).sort();
    // one per (checker, other world): wa/0 and wa/1 in world b, wb/0 in world a
    expect(worldRefs).toEqual(['swap:wa/0@world:b', 'swap:wa/1@world:b', 'swap:wb/0@world:a']);
    const runDir = join(root, 'run');
    expect((await runIncrement({ incrementDir: f.dir, runDir, workers: 1, limitMs: 2000 })).status).toBe('complete');
    const { report } = await writeReport(runDir);
    const swap = report.swap!;
    // the grid itself is unchanged: 3 diagonal cells, 6 off-diagonal ones
    expect(swap.rungs.reduce((n, r) => n + r.valid, 0)).toBe(9);
    const pass = (cell: string) => swap.offDiagonalPasses.find((p) => p.cell === cell)!;
    // wa/1 ("no note seed") passes wb/0's work only because world b has no seed: its own reference cannot even run there
    expect(pass('swap:wa/1<-wb/0').evidence[0]).toMatch(/different worlds \(a and b\).*does not run in wb\/0's world/);
    // wa/0 ("a note x exists") passes wb/0's work, which does in world b what wa/0's reference does there
    expect(pass('swap:wa/0<-wb/0')).toMatchObject({ collateral: true });
    expect(pass('swap:wa/0<-wb/0').evidence[0]).toMatch(/compared with wa\/0's reference delivered in wb\/0's world/);
    // within one world, no world note
    expect(swap.offDiagonalPasses.filter((p) => p.cell.startsWith('swap:wa/0<-wa/')).every((p) => !p.evidence.join().includes('world'))).toBe(true);
  });
});
