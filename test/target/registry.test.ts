import { describe, expect, it, vi } from 'vitest';
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
    // options joined to the name as other tools join them are shown as blindspot takes them
    await expect(targetFactory('servicedesk:validat=final')).rejects.toThrow(
      `--target: unknown target 'servicedesk:validat=final' (known: ${knownTargets().join(', ')}); a target's options are given apart: --target servicedesk --target-option validat=final`,
    );
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

  // A scorer that cannot open its target says why, and stays up for the pool to end
  // it: its messages and its crash reach the pool apart, and a crash read first was
  // taken for a scorer dying at boot (the pool started another, and another). One the
  // pool does not end ends itself.
  it.each([
    ['thread', spawnThread],
    ['process', spawnProcess],
  ] as const)('a scorer %s that cannot open its target says why, then waits for the pool to end it', async (_kind, spawn) => {
    const events: { at: number; what: FromScorer | string }[] = [];
    let gone: () => void = () => {};
    const ended = new Promise<void>((r) => (gone = r));
    spawn({ target: 'apps', open: {}, limitMs: 10_000 }, {
      message: (m) => events.push({ at: Date.now(), what: m }),
      gone: (why) => {
        events.push({ at: Date.now(), what: why });
        gone();
      },
    });
    // however long the scorer takes to boot (a loaded machine), its reason comes first and alone
    await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    expect(events[0].what).toEqual({ type: 'fatal', error: expect.stringContaining("unknown target 'apps'") });
    await ended;
    expect(events).toHaveLength(2);
    expect(events[1].what).toMatch(/worker crashed: --target: unknown target 'apps'|scorer process exited with code 1/);
    // it stayed up after saying why: timers fire late, never early
    expect(events[1].at - events[0].at).toBeGreaterThanOrEqual(900);
  });
});
