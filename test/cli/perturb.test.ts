// `blindspot perturb` as a user types it: bad input refused in one line, a run
// killed with SIGKILL part-way resumed to every episode exactly once with the
// results of an uninterrupted run, no agent process left behind, and compare.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { BIN, cli, runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { labelledLeft } from '../fixtures/processes.ts';

const tmp = useTmp();
const LABEL = 'BLINDSPOT_PERTURB_KILL_TEST';
const TASKS = ['--tasks', 'messages_send_message/0,messages_send_message/1,messages_send_message/2', '--no-progress', '--bootstrap', '200'];
const episodes = (dir: string) => (existsSync(join(dir, 'ledger.jsonl')) ? readFileSync(join(dir, 'ledger.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
const outcome = (dir: string) =>
  Object.fromEntries(episodes(dir).map((e) => [e.cell, [e.record.verdict, e.record.effect, e.record.calls, e.record.graderFalseAccept]]));

describe('blindspot perturb', () => {
  it('refuses bad input in one line naming the flag', async () => {
    const none = await runCli(['perturb', '--target', 'apps']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--agent: name a built-in agent \(replay, literal\) or give the agent's command after --/);
    const both = await runCli(['perturb', '--agent', 'replay', '--', 'node', 'x.mjs']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
    const family = await runCli(['perturb', '--agent', 'replay', '--families', 'U-sideways', '--out', tmp()]);
    expect(family.code).toBe(2);
    expect(family.stderr).toMatch(/--families: unknown family 'U-sideways' \(known: U-missing, /);
    const agent = await runCli(['perturb', '--agent', 'oracle']);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toMatch(/--agent: unknown value 'oracle' \(known: replay, literal\)/);
    const help = await runCli(['perturb', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/docs\/agent-protocol\.md/);
    expect(help.stdout).toMatch(/--episode-time-limit/);
  });

  it('refuses a selection flag that differs from a reused or resumed set, instead of running the set while the flag is ignored', { timeout: 120_000 }, async () => {
    const root = tmp();
    const small = join(root, 'small');
    const frozen = await cli(['perturb', '--target', 'apps', '--tasks', 'messages_send_message/0', '--families', 'U-redundant', '--agent', 'replay', '--out', small, '--no-progress']);
    expect(frozen.code, frozen.stderr).toBe(0);
    const cases: [string[], RegExp][] = [
      [['--target', 'agentdojo', '--suite', 'banking'], /--target agentdojo\?suite=banking \(the set's target: apps\) would be ignored/],
      [['--tasks', 'messages_send_message/1'], /--tasks messages_send_message\/1 \(the set's 1 tasks: messages_send_message\/0\) would be ignored/],
      [['--families', 'T-incorrect'], /--families T-incorrect \(the set's: U-redundant\) would be ignored/],
    ];
    for (const [flags, says] of cases) {
      const other = join(root, flags[0].slice(2));
      const r = await runCli(['perturb', '--agent', 'literal', '--perturbations', small, '--out', other, ...flags]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(says);
      expect(existsSync(join(other, 'ledger.jsonl'))).toBe(false);
      // a resumed folder's own set is held to the same
      const resumed = await runCli(['perturb', '--agent', 'replay', '--out', small, ...flags]);
      expect(resumed.code, resumed.stderr).toBe(2);
      expect(resumed.stderr).toMatch(/^blindspot: --out: .* is a frozen set the run scores whole/);
    }
    // an audit run is not a perturbation set: the refusal names the flag and the folder given
    const audit = await runCli(['perturb', '--agent', 'literal', '--perturbations', 'reports/example', '--out', join(root, 'audit')]);
    expect(audit.code).toBe(2);
    expect(audit.stderr).toMatch(/^blindspot: --perturbations: reports\/example is not a perturbation run or set: .*holds no perturbation set/);
    // the same selection as the set's is what the set is: run
    const same = await cli(['perturb', '--target', 'apps', '--tasks', 'messages_send_message/0', '--families', 'U-redundant', '--agent', 'literal', '--perturbations', small, '--out', join(root, 'same'), '--no-progress']);
    expect(same.code, same.stderr).toBe(0);
  });

  it('interrupted with Ctrl-C, says so with how to resume and exits 130; an agent that fails every episode fails the command', { timeout: 120_000 }, async () => {
    const root = tmp();
    const part = join(root, 'part');
    const child = execa('node', [BIN, 'perturb', '--target', 'apps', ...TASKS, '--agent-name', 'messenger', '--out', part, '--', 'node', 'test/fixtures/agents/messenger.mjs', '--delay', '100'], { reject: false });
    while (episodes(part).length < 2) {
      if (child.exitCode !== null) throw new Error(`perturb finished before it could be stopped:\n${(await child).stderr}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGINT');
    const stopped = await child;
    expect(stopped.exitCode, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(new RegExp(`interrupted: ${episodes(part).length} of \\d+ episodes scored, and the report covers those alone; run the same command again to resume`));
    // and so do its report files, read apart from the terminal
    expect(readFileSync(join(part, 'perturb.md'), 'utf8')).toMatch(/\| episodes \| \d+ of the set's \d+: the run was interrupted, run the same command again to resume;/);
    expect(JSON.parse(readFileSync(join(part, 'perturb.json'), 'utf8')).interrupted).toEqual({ of: expect.any(Number) });

    // a missing API key: the agent dies before answering, every time
    const crash = await runCli(['perturb', '--target', 'apps', '--tasks', 'messages_send_message/0', '--families', 'U-missing', '--no-progress', '--out', join(root, 'crash'), '--', 'node', '-e', "console.error('OPENAI_API_KEY missing'); process.exit(1)"]);
    expect(crash.code).toBe(1);
    expect(crash.stderr).toMatch(/blindspot: the agent failed every episode \(2\); the first: the agent exited with code 1 before answering; its stderr ends: OPENAI_API_KEY missing/);
    expect(existsSync(join(root, 'crash', 'perturb.md'))).toBe(true);
  });

  it('killed with SIGKILL part-way, resumes to every episode exactly once, as an uninterrupted run; no agent left running; compare refuses another set', { timeout: 180_000 }, async () => {
    const root = tmp();
    const agent = ['--', 'node', 'test/fixtures/agents/messenger.mjs', '--delay', '100'];
    const env = { [LABEL]: root };
    const full = join(root, 'full');
    const done = await cli(['perturb', '--target', 'apps', ...TASKS, '--agent-name', 'messenger', '--out', full, ...agent], env);
    expect(done.code, done.stderr).toBe(0);
    // the set is the run's increment: one manifest cell per instance
    const run = JSON.parse(readFileSync(join(full, 'run.json'), 'utf8'));
    const set = { instances: readFileSync(join(full, run.increment.dir, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
    expect(episodes(full)).toHaveLength(set.instances.length);

    const part = join(root, 'part');
    const child = execa('node', [BIN, 'perturb', '--target', 'apps', ...TASKS, '--agent-name', 'messenger', '--perturbations', full, '--out', part, ...agent], {
      reject: false,
      env: { ...process.env, ...env },
    });
    while (episodes(part).length < 3) {
      if (child.exitCode !== null) throw new Error(`perturb finished before it could be stopped:\n${(await child).stderr}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    // a second process (a CI retry) on the same folder is refused while the first writes it
    const second = await cli(['perturb', '--target', 'apps', ...TASKS, '--agent-name', 'messenger', '--out', part, ...agent], env);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/this run folder is being written by pid \d+/);
    child.kill('SIGKILL');
    expect((await child).signal).toBe('SIGKILL');
    const before = episodes(part).length;
    expect(before).toBeLessThan(set.instances.length);
    expect(await labelledLeft(LABEL, root)).toEqual([]);

    const resumed = await cli(['perturb', '--target', 'apps', ...TASKS, '--agent-name', 'messenger', '--out', part, ...agent], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`resumed: ${before} episodes kept from earlier sessions, ${set.instances.length - before} run now`));
    const ids = episodes(part).map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(set.instances.map((i: { id: string }) => i.id).sort());
    expect(outcome(part)).toEqual(outcome(full));
    expect(await labelledLeft(LABEL, root)).toEqual([]);

    const replay = join(root, 'replay');
    expect((await cli(['perturb', '--agent', 'replay', '--perturbations', full, '--out', replay, '--no-progress'])).code).toBe(0);
    const cmp = await cli(['perturb', 'compare', part, replay, '--json', '--bootstrap', '100']);
    expect(cmp.code, cmp.stderr).toBe(0);
    const ranked = JSON.parse(cmp.stdout).agents;
    expect(ranked.map((x: { agent: string }) => x.agent)).toEqual(['replay', 'messenger']);
    const other = join(root, 'other');
    expect((await cli(['perturb', '--target', 'apps', '--tasks', 'messages_send_message/0', '--families', 'U-redundant', '--agent', 'replay', '--out', other, '--no-progress'])).code).toBe(0);
    const mixed = await cli(['perturb', 'compare', full, other]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/different perturbation sets/);
  });
});
