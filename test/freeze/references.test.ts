import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { freeze } from '../../src/freeze/freeze.ts';
import { loadManifest } from '../../src/protocol/increment.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

// A module target whose reference() answers a tick later, and which counts the
// calls waiting at once: a freeze asks a pipelining target for every reference
// together (one round trip over a pipe), any other one at a time.
const counting = (pipeline: boolean) => `
let waiting = 0;
globalThis.mostWaiting = 0;
const step = (t) => ({ call: 'notes.add', args: { text: t }, kind: 'write' });
const TASKS = ['a', 'b', 'c', 'd'].map((t, i) => ({ id: 'notes/' + i, generator: 'notes', variant: i, split: 'dev', instruction: 'add ' + t, params: { text: t } }));
export const target = {
  name: 'counting',
  async open() {
    return {
      async describe() {
        return { name: 'counting', version: '1', checkerHash: 'x', checkerFiles: [], corpusHash: 'y', capabilities: ['api', 'readback'${pipeline ? ", 'pipeline'" : ''}] };
      },
      async tasks() { return TASKS; },
      async reference(id) {
        globalThis.mostWaiting = Math.max(globalThis.mostWaiting, ++waiting);
        await new Promise((r) => setTimeout(r, 5));
        waiting--;
        return { task: id, steps: [step(id)] };
      },
      async episode() { throw new Error('freeze of the floor arm opens no episode'); },
      async close() {},
    };
  },
};
`;

describe('freeze asks for the references', () => {
  it.each([
    [true, 4],
    [false, 1],
  ])('pipeline %s: at most %i at once, each kept as its own task\'s', async (pipeline, most) => {
    const root = tmp();
    const spec = join(root, `counting-${pipeline}.mjs`);
    writeFileSync(spec, counting(pipeline));
    const frozen = await freeze({ target: spec, arms: ['floor'], splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
    expect((globalThis as { mostWaiting?: number }).mostWaiting).toBe(most);
    const controls = (await loadManifest(frozen.dir, frozen.increment)).filter((c) => c.arm === 'control');
    expect(controls.map((c) => [c.trajectory, c.construction.ok && c.construction.steps[0].args.text])).toEqual(['0', '1', '2', '3'].map((i) => [`notes/${i}`, `notes/${i}`]));
  });
});
