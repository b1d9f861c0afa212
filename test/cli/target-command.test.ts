// The words after `--` are the protocol target's command, recorded in the target
// spec as one string. A path with a space in it stays one word: the target starts
// from it, and the spec (which workers and later runs reopen) carries it escaped.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { PROTOCOL_TOY, useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();
const escaped = (path: string) => path.replace(/ /g, '\\ ');
const starts = (log: string) => readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('start ')).length;

describe('the command after --', { timeout: 30_000 }, () => {
  it('keeps a path with a space as one word, in the spec a later run reopens', async () => {
    const dir = join(tmp(), 'my targets');
    mkdirSync(dir);
    const server = join(dir, 'toy target.mjs');
    copyFileSync(resolve(PROTOCOL_TOY), server);
    const log = join(dir, 'toy.log');
    const mutants = join(tmp(), 'm');
    const frozen = await runCli(['freeze', '--json', '--mutants', mutants, '--censuses', join(tmp(), 'c'), '--target', 'protocol', '--', 'node', server, '--log', log]);
    expect(frozen.code, frozen.stderr).toBe(0);
    const [increment] = readdirSync(mutants);
    const spec = JSON.parse(readFileSync(join(mutants, increment, 'increment.json'), 'utf8')).target.spec as string;
    expect(new URLSearchParams(spec.slice(spec.indexOf('?') + 1)).get('command')).toBe(`node ${escaped(server)} --log ${escaped(log)}`);
    // the run opens the target from the recorded spec alone
    const run = await runCli(['run', join(mutants, increment), '--workers', '1', '--no-progress', '--out', join(tmp(), 'run')]);
    expect(run.code, run.stderr).toBe(0);
    expect(starts(log), 'the freeze started the target once, and the run once more').toBe(2);
  });

  it('runs a whole command quoted as one word as the words it holds, as it always did', async () => {
    const r = await runCli(['census', '--censuses', join(tmp(), 'c'), '--target', 'protocol', '--', `node ${resolve(PROTOCOL_TOY)}`]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('passes a quoted argument to the command whole, spaces and quotes included', async () => {
    // split at its spaces, the script would be `node` alone, reading its program from the protocol's stdin
    const r = await runCli(['census', '--censuses', join(tmp(), 'c'), '--target', 'protocol', '--', 'sh', '-c', `exec node '${resolve(PROTOCOL_TOY)}'`]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('reports the exit code of a quoted script, not of the script cut at its first space', async () => {
    const r = await runCli(['target', 'check', '--', 'sh', '-c', 'exit 7']);
    expect(r.stdout).toMatch(/exited with code 7/);
    // the command is shown as it would be typed, so the message names the one that ran
    expect(r.stdout).toContain("target process sh -c 'exit 7' exited with code 7");
  });

  it('puts the `--` a target\'s or an agent\'s command was typed without where it belongs', async () => {
    const check = await runCli(['target', 'check', '--json', 'node', 'my adapter.mjs']);
    expect(check.code).toBe(2);
    expect(check.stderr).toBe("blindspot: Unknown arguments: node, my adapter.mjs; the target's command goes after `--`: blindspot target check --json -- node 'my adapter.mjs'");
    const census = await runCli(['census', '--target', 'protocol', 'node', 'x.mjs', '--tasks-from', 'f']);
    expect(census.stderr).toMatch(/; the target's command goes after `--`: blindspot census --target protocol -- node x\.mjs --tasks-from f$/);
    const perturb = await runCli(['perturb', '--target', 'apps', 'node', 'agent.mjs']);
    expect(perturb.stderr).toMatch(/; the agent's command goes after `--`: blindspot perturb --target apps -- node agent\.mjs$/);
    // a stray word where no command is taken, or one that names no program, is only that
    expect((await runCli(['audit', '--target', 'apps', 'extra'])).stderr).toBe('blindspot: Unknown argument: extra');
    expect((await runCli(['target', 'check', 'no-such-program-here', 'x'])).stderr).toBe('blindspot: Unknown arguments: no-such-program-here, x');
  });

  it('refuses a path it cannot carry, before starting anything', async () => {
    const server = join(tmp(), 'toy target.mjs ');
    copyFileSync(resolve(PROTOCOL_TOY), server);
    const r = await runCli(['census', '--censuses', join(tmp(), 'c'), '--target', 'protocol', '--', 'node', server, '--x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`blindspot: the command after \`--\`: ${JSON.stringify(server)} cannot be passed through as one word (an empty word, or one ending in a space, or in a backslash before the next word); rename the path, or start the command from a script`);
  });
});
