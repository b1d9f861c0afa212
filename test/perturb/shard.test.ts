// The perturbation arm on the run core: `perturb --shard i/n` runs a share of the
// set's tasks, `merge` puts the shards together into the run an unsharded
// perturb makes (its report byte for byte), and an interrupted run resumes to
// every episode exactly once, with the sessions and checkpoint in run.json.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { openTarget } from '../../src/target/registry.ts';
import { freezePerturbations } from '../../src/perturb/freeze.ts';
import { readEpisodes, runPerturbations } from '../../src/perturb/run.ts';
import { literalAgent, replayAgent } from '../../src/agent/builtin.ts';
import type { EpisodeRecord } from '../../src/perturb/record.ts';

const tmp = useTmp();
const TASKS = ['--tasks', 'messages_send_message/0,messages_send_message/1,todo_create_todo/0', '--families', 'U-incorrect,T-incorrect,P-redundant', '--agent', 'literal', '--no-progress', '--bootstrap', '200'];
const REPORT = ['perturb.md', 'perturb.json', 'perturb.csv', 'heatmap.csv', 'perturb.html'];
/** What an episode decided, without its timings. */
const decided = (records: EpisodeRecord[]) => records.map(({ ms: _ms, ...r }) => r);

describe('perturb --shard and merge', () => {
  it('two shards merged give the unsharded run: the same episodes, the same report byte for byte', { timeout: 180_000 }, async () => {
    const root = tmp();
    const single = join(root, 'single');
    const r = await runCli(['perturb', '--target', 'apps', ...TASKS, '--out', single]);
    expect(r.code, r.stderr).toBe(0);
    for (const i of [1, 2]) {
      const s = await runCli(['perturb', '--perturbations', single, ...TASKS, '--shard', `${i}/2`, '--out', join(root, `s${i}`)]);
      expect(s.code, s.stderr).toBe(0);
    }
    const shares = await Promise.all([1, 2].map((i) => readEpisodes(join(root, `s${i}`))));
    const all = (await readEpisodes(single)).records;
    // whole tasks to each shard, every instance in exactly one
    expect(shares.every((s) => s.records.length > 0)).toBe(true);
    const firstTasks = new Set(shares[0].records.map((x) => x.task));
    expect(shares[1].records.filter((x) => firstTasks.has(x.task))).toEqual([]);
    expect(shares[0].records.length + shares[1].records.length).toBe(all.length);

    const merged = join(root, 'merged');
    const m = await runCli(['merge', join(root, 's2'), join(root, 's1'), '--out', merged, '--bootstrap', '200']);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toMatch(/Merged 2 shards/);
    expect(decided((await readEpisodes(merged)).records)).toEqual(decided(all));
    for (const f of REPORT) expect(readFileSync(join(merged, f), 'utf8'), f).toBe(readFileSync(join(single, f), 'utf8'));
    // the merged folder is reported again by perturb, never scored further
    const again = await runCli(['perturb', ...TASKS, '--out', merged]);
    expect(again.code, again.stderr).toBe(0);
    for (const f of REPORT) expect(readFileSync(join(merged, f), 'utf8'), f).toBe(readFileSync(join(single, f), 'utf8'));
  });
});

describe('an interrupted perturbation run', () => {
  it('resumes to every episode exactly once, as an uninterrupted run, with both sessions and the checkpoint recorded', async () => {
    const root = tmp();
    const target = await openTarget('apps');
    const set = await freezePerturbations({ target, spec: 'apps', root, split: 'dev', seeds: [0], families: ['U-incorrect', 'T-incorrect'], taskIds: ['messages_send_message/0', 'todo_create_todo/0'] });
    await target.close();
    const base = { set, agent: literalAgent(), workers: 2, limits: { steps: 20, timeMs: 10_000 }, progress: false };
    const whole = await runPerturbations({ ...base, out: join(root, 'whole') });
    expect(whole.status).toBe('complete');

    const out = join(root, 'part');
    const first = await runPerturbations({ ...base, out, stopAfter: 2 });
    expect(first.status).toBe('interrupted');
    expect(first.ran).toBeGreaterThanOrEqual(2);
    expect(first.ran).toBeLessThan(set.instances.length);
    // another agent is refused on a folder that holds this one's run
    await expect(runPerturbations({ ...base, agent: replayAgent(), out })).rejects.toThrow(/agent: this folder holds a run of agent 'literal', not of agent 'replay'/);
    const rest = await runPerturbations({ ...base, out });
    expect(rest).toMatchObject({ status: 'complete', resumed: first.ran, ran: set.instances.length - first.ran });
    expect(rest.records.map((x) => x.instance)).toEqual(set.instances.map((i) => i.id));
    expect(decided(rest.records)).toEqual(decided(whole.records));

    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(run.agent).toEqual({ name: 'literal' });
    expect(run.sessions.map((s: { status: string }) => s.status)).toEqual(['interrupted', 'complete']);
    expect(run.sessions.map((s: { timeLimit: { source: string } }) => s.timeLimit.source)).toEqual(['calibrated', 'calibrated']);
    expect(run.ledger.lines).toBe(set.instances.length);
  }, 120_000);
});
