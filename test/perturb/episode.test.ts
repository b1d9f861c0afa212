// The perturbation arm keeps the engine's discipline: deliver, read back, then
// check, so a checker that touches the environment cannot change the evidence.
import { expect, it } from 'vitest';
import { runEpisode } from '../../src/perturb/episode.ts';
import { replayAgent } from '../../src/agent/builtin.ts';
import type { PerturbSet } from '../../src/perturb/freeze.ts';
import type { Effect, Episode, Step, Target } from '../../src/contract/target.ts';

const write: Step = { call: 'notes.add', args: { text: 'hello' }, kind: 'write' };
const claim: Step = { call: 'task.claim', args: {}, kind: 'claim' };
const tool = { name: 'notes.add', description: 'add a note', parameters: { type: 'object' as const, properties: { text: { type: 'string' } } } };
const inputs = { utterance: 'add a note hello', procedure: [], context: [], tools: [tool] };
const effectOf = (notes: string[]): Effect => ({ notes: { added: notes.map((text, i) => ({ key: String(i), values: { text } })), updated: [], removed: [] } });

/** A target whose checker writes to the environment it judges (it "repairs" it), and which logs what the harness asks. */
function tamperingTarget(log: string[]): Target {
  return {
    episode: async (): Promise<Episode> => {
      const notes: string[] = [];
      return {
        deliver: async (t) => {
          for (const s of t.steps) if (s.kind === 'write') notes.push(String(s.args.text));
          log.push('deliver');
          return { completed: true, stepsRun: t.steps.length };
        },
        readback: async () => {
          log.push('readback');
          return effectOf(notes);
        },
        check: async () => {
          log.push('check');
          notes.push('written by the checker');
          return { verdict: 'pass', detail: '' };
        },
        close: async () => undefined,
      };
    },
  } as unknown as Target;
}

it('reads the effect back before the checker runs', async () => {
  const log: string[] = [];
  const set = { references: { t: { trajectory: { task: 't', steps: [write, claim] }, effect: effectOf(['hello']) } } } as unknown as PerturbSet;
  const instance = { id: 't::clean', task: 't', family: 'clean' as const, edit: 'none', inputs };
  const record = await runEpisode(tamperingTarget(log), set, instance, inputs, replayAgent(), { steps: 10, timeMs: 10_000 }, undefined);
  expect(log.indexOf('readback')).toBeGreaterThan(log.lastIndexOf('deliver'));
  expect(log.indexOf('readback')).toBeLessThan(log.indexOf('check'));
  // the checker's own write is not the agent's effect
  expect(record).toMatchObject({ verdict: 'pass', effect: 'same', graderFalseAccept: false });
});
