import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadManifest } from '../../src/protocol/increment.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { swapFreeze } from '../fixtures/swap.ts';

const tmp = useTmp();

describe('freezing the intent-swap arm', () => {
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
