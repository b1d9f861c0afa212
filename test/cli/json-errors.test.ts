// A script that passes --json reads stdout as JSON: a refused or failed command
// prints its error there as one JSON document, with the human line still on
// stderr and the same exit code.
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, jsonError, runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { wantsJson } from '../../src/cli/main.ts';

const tmp = useTmp();

describe('errors under --json are one JSON document on stdout', () => {
  it.each([
    { args: ['audit', '--workers', 'abc', '--json'], fields: { kind: 'input', option: '--workers' }, says: /^--workers: expected a whole number >= 0, got 'abc'$/ },
    { args: ['report', 'nope', '--json'], fields: { kind: 'input', argument: '<run>' }, says: /^<run>: nope: no such folder/ },
    { args: ['repot', 'r', '--json'], fields: { kind: 'input' }, says: /^unknown command 'repot' .*did you mean 'report'\?$/ },
    { args: ['consequence', 'nope', '--scores', 's.csv', '--json'], fields: { kind: 'input', argument: '<runs>' }, says: /^<runs>: nope: no such folder/ },
    { args: ['triage', 'r', '--json=true'], fields: { kind: 'input', path: 'r/run.json', code: 'EISDIR' }, says: /^r\/run\.json: is a folder, not a file/ },
    { args: ['perturb', 'compare', 'nope', '--json'], fields: { kind: 'input' }, says: /^perturb compare: nope: no such folder/ },
  ])('$args', async ({ args, fields, says }) => {
    const cwd = tmp();
    writeFileSync(join(cwd, 's.csv'), 'configuration,split,score\na,all,0.5\n');
    mkdirSync(join(cwd, 'r', 'run.json'), { recursive: true });
    const r = await runCli(args, {}, cwd);
    expect(r.code, r.stderr).toBe(2);
    const error = jsonError(r);
    expect(error).toMatchObject(fields);
    expect(error.message).toMatch(says);
  });

  it('the spawned CLI prints it too, and nothing without --json', async () => {
    const cwd = tmp();
    const withJson = await cli(['run', 'nope', '--json'], {}, cwd);
    expect(withJson.code).toBe(2);
    expect(JSON.parse(withJson.stdout).error).toMatchObject({ exitCode: 2, kind: 'input', message: expect.stringMatching(/^nope\/increment\.json: /) });
    const without = await runCli(['run', 'nope', '--json=false'], {}, cwd);
    expect(without.code).toBe(2);
    expect(without.stdout).toBe('');
    expect(without.stderr).toBe(withJson.stderr);
  });

  it.each([
    [['audit', '--json'], true],
    [['audit', '--json=true'], true],
    [['audit', '--json', 'true'], true],
    [['audit', '--json', 'false'], false],
    [['audit', '--json=false'], false],
    [['audit', '--json', '--no-json'], false],
    [['audit', '--no-json', '--json'], true],
    [['audit'], false],
    // a protocol target's own --json is not blindspot's
    [['audit', '--target', 'protocol', '--', 'my-target', '--json'], false],
  ])('wantsJson(%j) = %s', (argv, expected) => {
    expect(wantsJson(argv)).toBe(expected);
  });
});
