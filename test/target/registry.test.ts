import { describe, expect, it } from 'vitest';
import { spawnProcess, spawnThread, type FromScorer, type ScorerInit } from '../../src/run/scorers.ts';
import { knownTargets, registerTargets, targetFactory, targetLists } from '../../src/target/registry.ts';
import { targetList } from '../../targets/index.ts';

describe('target registry', () => {
  it('knows the built-in targets only from the list it was given, then the protocol target', () => {
    expect(knownTargets()).toEqual([...Object.keys(targetList.factories), 'protocol']);
    registerTargets(targetList);
    expect(targetLists()).toEqual([targetList.url]);
  });

  it('refuses an unknown name, naming the known ones', async () => {
    await expect(targetFactory('nope')).rejects.toThrow(`unknown target 'nope' (known: ${knownTargets().join(', ')})`);
  });

  it('a target brings its own repair profile', async () => {
    expect((await (await targetFactory('agentdojo')).pythonRepair!()).package).toBe('agentdojo');
    expect((await targetFactory('apps')).pythonRepair).toBeUndefined();
  });

  // A scorer starts with an empty registry: the lists its parent registered travel with its init.
  it.each([
    ['thread', spawnThread],
    ['process', spawnProcess],
  ] as const)('a scorer %s opens a target its parent registered', async (_kind, spawn) => {
    const first = (init: ScorerInit) =>
      new Promise<FromScorer | string>((resolve) => {
        const scorer = spawn(init, {
          message: (m) => {
            scorer.terminate();
            resolve(m);
          },
          gone: resolve,
        });
      });
    const init = { target: 'apps', open: {}, limitMs: 10_000 };
    expect(await first({ ...init, targetLists: targetLists() })).toEqual({ type: 'ready' });
    expect(await first(init)).toMatchObject({ type: 'fatal', error: expect.stringContaining("unknown target 'apps'") });
  });
});
