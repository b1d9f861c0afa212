import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readdirSync, writeFileSync } from 'node:fs';
import { cli } from '../fixtures/cli.ts';
import { useTmp, PROTOCOL_TOY } from '../fixtures/tmp.ts';
import { openTarget } from '../../src/target/registry.ts';
import { main } from '../../src/cli/main.ts';

const tmp = useTmp();

/** Exit 2 with exactly one line on stderr, starting with the flag. */
async function refused(args: string[], line: RegExp) {
  const r = await cli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(line);
  return r;
}

/** The CLI's argument handling in this process: the exit code and what it printed on stderr. */
async function inProcess(args: string[]) {
  const err: string[] = [];
  const code = await main(args, { log: () => {}, err: (l) => err.push(l) });
  return { code, stderr: err.join('\n') };
}

// Every command that takes a numeric option, with each kind of bad value; the
// argument handling runs in this process (it refuses before any handler runs),
// and the real CLI is run for one bad value of each option below. Words after
// `--` (a protocol target's command) are ignored by the other commands.
const NUMERIC: [string[], string, string][] = [
  [['audit'], '--time-limit', 'expected a whole number of milliseconds > 0'],
  [['run', 'mutants/x'], '--time-limit', 'expected a whole number of milliseconds > 0'],
  [['repair', 'reports/x', '--patch', 'cardinality'], '--time-limit', 'expected a whole number of milliseconds > 0'],
  [['guard', '--baseline', 'b.json'], '--time-limit', 'expected a whole number of milliseconds > 0'],
  [['rerun', '--from', 'x', '--where', 'family=omit'], '--time-limit', 'expected a whole number of milliseconds > 0'],
  [['freeze'], '--pilot', 'expected a whole number of off-diagonal cells > 0'],
  [['freeze'], '--budget', 'expected a whole number of plans per task > 0'],
  [['target', 'check'], '--timeout', 'expected a whole number of milliseconds > 0'],
];
const BAD_POSITIVE = ['0', '-5', 'abc', '1.5'];

describe('numeric options are whole numbers in range, or one line and exit 2', () => {
  it.each(NUMERIC.flatMap(([cmd, flag, what]) => BAD_POSITIVE.map((v) => [[...cmd, flag, v, '--', 'node', PROTOCOL_TOY], flag, what, v] as const)))(
    '%j',
    async (args, flag, what, value) => {
      const r = await inProcess([...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`blindspot: ${flag}: ${what}, got '${value}'`);
    },
  );

  it.each([
    [['audit', '--workers', '-5'], "blindspot: --workers: expected a whole number >= 0, got '-5'"],
    [['audit', '--workers', 'abc'], "blindspot: --workers: expected a whole number >= 0, got 'abc'"],
    [['audit', '--workers', '1.5'], "blindspot: --workers: expected a whole number >= 0, got '1.5'"],
    [['repair', 'reports/x', '--patch', 'cardinality', '--workers', '-1'], "blindspot: --workers: expected a whole number >= 0, got '-1'"],
    [['audit', '--workers', '2', '--workers', '3'], 'blindspot: --workers: given 2 times (2, 3); give it once'],
    // so many scorers exhausted the memory (a V8 abort) once the run started them
    [['audit', '--workers', '100000'], "blindspot: --workers: expected a whole number <= 256, got '100000'"],
    [['run', 'mutants/x', '--workers', '257'], "blindspot: --workers: expected a whole number <= 256, got '257'"],
    [['perturb', '--agent', 'replay', '--workers', '100000'], "blindspot: --workers: expected a whole number <= 256, got '100000'"],
    [['repair', 'reports/x', '--patch', 'cardinality', '--workers', '100000'], "blindspot: --workers: expected a whole number <= 256, got '100000'"],
    [['freeze', '--seed', 'abc'], "blindspot: --seed: expected an integer, got 'abc'"],
    [['freeze', '--seed', '1.5'], "blindspot: --seed: expected an integer, got '1.5'"],
    [['audit', '--time-limit'], 'blindspot: --time-limit: expected a value, got none'],
    // past Node's longest timer a limit fired after 1 ms: every cell timed out at once
    [['run', 'mutants/x', '--time-limit', '3000000000'], "blindspot: --time-limit: expected a whole number of milliseconds <= 2147483647, got '3000000000'"],
    [['perturb', '--agent', 'replay', '--episode-time-limit', '2147483648'], "blindspot: --episode-time-limit: expected a whole number of milliseconds <= 2147483647, got '2147483648'"],
    [['target', 'check', '--timeout', '9999999999', '--', 'node', PROTOCOL_TOY], "blindspot: --timeout: expected a whole number of milliseconds <= 2147483647, got '9999999999'"],
    // 10^7 seeds overflowed the perturbation set's file with an internal error
    [['perturb', '--agent', 'replay', '--seeds', '99999999999'], "blindspot: --seeds: expected a whole number <= 1000, got '99999999999'"],
    // as perturb's: merging perturbation shards with 1e9 resamples ran for hours with nothing shown
    [['merge', 'a', 'b', '--out', 'm', '--bootstrap', '1000000000'], "blindspot: --bootstrap: expected a whole number <= 100000, got '1000000000'"],
  ])('%j', async (args, line) => {
    expect(await inProcess(args)).toEqual({ code: 2, stderr: line });
  });

  it.concurrent.each([
    [['audit', '--time-limit', '0'], "blindspot: --time-limit: expected a whole number of milliseconds > 0, got '0'"],
    [['run', 'mutants/x', '--time-limit', 'abc'], "blindspot: --time-limit: expected a whole number of milliseconds > 0, got 'abc'"],
    [['audit', '--workers', '1.5'], "blindspot: --workers: expected a whole number >= 0, got '1.5'"],
    [['freeze', '--pilot', '-5'], "blindspot: --pilot: expected a whole number of off-diagonal cells > 0, got '-5'"],
    [['freeze', '--seed', 'abc'], "blindspot: --seed: expected an integer, got 'abc'"],
    [['target', 'check', '--timeout', '0', '--', 'node', PROTOCOL_TOY], "blindspot: --timeout: expected a whole number of milliseconds > 0, got '0'"],
  ])('the CLI: %j', async (args, line) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(line);
  });

  it('refuses before anything is frozen or scored', async () => {
    const root = tmp();
    const dirs = ['--out', join(root, 'run'), '--mutants', join(root, 'm'), '--censuses', join(root, 'c')];
    await refused(['audit', '--target', 'apps', '--time-limit', 'abc', ...dirs], /--time-limit/);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe('enumerated options name the flag, the bad value and the known values', () => {
  it.each([
    [['freeze', '--arms', 'faults,bogus'], /^blindspot: --arms: unknown arm 'bogus' \(known: faults, floor, swap, search, runs\)$/],
    [['freeze', '--split', 'bogus'], /^blindspot: --split: unknown split 'bogus' \(known: dev, test, holdout\)$/],
    [['freeze', '--unseal', 'bogus', '--reason', 'r'], /^blindspot: --unseal: unknown split 'bogus' \(known: dev, test, holdout\)$/],
    [['repair', 'reports/x', '--patch', 'bogus'], /^blindspot: --patch: unknown value 'bogus' \(known: cardinality, count-guard, scope-guard, empty-turn, threshold\)$/],
  ])('%j', async (args, line) => {
    const r = await inProcess(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(line);
  });
});

describe('an empty value of a list option is refused, naming the flag', () => {
  it.each([
    [['freeze', '--families', ''], "blindspot: --families: expected one or more families, space or comma separated, got ''"],
    [['freeze', '--families', 'omit,'], "blindspot: --families: expected one or more families, space or comma separated, got 'omit,'"],
    [['freeze', '--families'], 'blindspot: --families: expected one or more families, space or comma separated, got nothing'],
    [['freeze', '--arms', ','], "blindspot: --arms: expected one or more arms, space or comma separated, got ','"],
    [['freeze', '--arms', 'search', '--operators', ''], "blindspot: --operators: expected one or more operators, space or comma separated, got ''"],
    [['census', '--tasks', ''], "blindspot: --tasks: expected one or more task ids or generator names, space or comma separated, got ''"],
    [['census', '--split', ''], "blindspot: --split: expected one or more splits, space or comma separated, got ''"],
    [['freeze', '--arms', 'swap', '--checkers', ''], "blindspot: --checkers: expected one or more task ids or generator names, space or comma separated, got ''"],
    [['perturb', '--agent', 'replay', '--families', ''], "blindspot: --families: expected one or more families, space or comma separated, got ''"],
  ])('%j', async (args, line) => {
    expect(await inProcess(args)).toEqual({ code: 2, stderr: line });
  });

  it('target check --tasks is a list like the other commands\' (an empty one checked every task)', async () => {
    expect(await inProcess(['target', 'check', '--tasks', '', '--', 'node', PROTOCOL_TOY])).toEqual({
      code: 2,
      stderr: "blindspot: --tasks: expected one or more task ids or generator names, space or comma separated, got ''",
    });
  });

  it('a list value is trimmed around its commas', async () => {
    const root = tmp();
    const r = await cli(['freeze', '--target', 'apps', '--families', 'omit, extra', '--json', '--mutants', join(root, 'm'), '--censuses', join(root, 'c')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).increment.families).toEqual(['omit', 'extra']);
  });
});

// An empty path meant the current folder (merge --out "" merged into it, freeze
// --mutants "" froze there) and a repeated one an array that crashed the command,
// some after their work (census, freeze): both are refused as they are parsed.
describe('a path option is given once and not empty', () => {
  it.each([
    [['merge', 'a', '--out', ''], '--out'],
    [['rerun', '--from', 'x', '--out', ''], '--out'],
    [['rerun', '--from', 'x', '--mutants', ''], '--mutants'],
    [['rerun', '--from', ''], '--from'],
    [['guard', '--baseline', ''], '--baseline'],
    [['guard', '--baseline', 'b.json', '--junit', ''], '--junit'],
    [['guard', '--baseline', 'b.json', '--checker-dir', ''], '--checker-dir'],
    [['freeze', '--mutants', ''], '--mutants'],
    [['census', '--censuses', ''], '--censuses'],
    [['report', 'r', '--triage', ''], '--triage'],
    [['report', 'r', '--mutants', ''], '--mutants'],
    [['triage', 'r', '--triage', ''], '--triage'],
  ])('%j', async (args, flag) => {
    expect(await inProcess(args)).toEqual({ code: 2, stderr: `blindspot: ${flag}: expected a value, got an empty one` });
  });

  it.each([
    [['freeze', '--mutants', 'a', '--mutants', 'b'], '--mutants: given 2 times (a, b)'],
    [['census', '--censuses', 'a', '--censuses', 'b'], '--censuses: given 2 times (a, b)'],
    [['guard', '--baseline', 'a.json', '--baseline', 'b.json'], '--baseline: given 2 times (a.json, b.json)'],
    [['guard', '--baseline', 'b.json', '--junit', 'a.xml', '--junit', 'b.xml'], '--junit: given 2 times (a.xml, b.xml)'],
    [['rerun', '--from', 'x', '--out', 'a', '--out', 'b'], '--out: given 2 times (a, b)'],
    [['rerun', '--from', 'x', '--where', 'family=omit', '--where', 'verdict=pass'], '--where: given 2 times (family=omit, verdict=pass)'],
  ])('%j', async (args, says) => {
    expect(await inProcess(args)).toEqual({ code: 2, stderr: `blindspot: ${says}; give it once` });
  });
});

describe('a --target-option the target does not take is refused before it opens', () => {
  it.each([
    ['apps', 'foo', /^blindspot: --target-option: target apps takes no option 'foo' \(it takes none\)$/],
    ['servicedesk', 'foo', /^blindspot: --target-option: target servicedesk takes no option 'foo' \(known: validate\)$/],
    ['servicedesk', 'validat', /^blindspot: --target-option: target servicedesk takes no option 'validat' \(known: validate\); did you mean 'validate'\?$/],
  ])('%s, %s', async (target, option, line) => {
    const root = tmp();
    await refused(['freeze', '--target', target, '--target-option', `${option}=1`, '--mutants', join(root, 'm'), '--censuses', join(root, 'c')], line);
    expect(readdirSync(root)).toEqual([]);
  });

  it('servicedesk refuses a validation schedule it does not know, naming the ones it does', async () => {
    const root = tmp();
    await refused(
      ['freeze', '--target', 'servicedesk', '--target-option', 'validate=sometimes', '--mutants', join(root, 'm'), '--censuses', join(root, 'c')],
      /^blindspot: --target-option validate: expected final, per-step or both comma separated \(e\.g\. validate=final,per-step\), got 'sometimes'$/,
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it('the protocol target refuses a timeout that is not a whole number of ms', async () => {
    await refused(
      ['freeze', '--target', 'protocol', '--target-option', 'timeout=abc', '--', 'node', PROTOCOL_TOY],
      /^blindspot: --target-option timeout: expected a whole number of milliseconds > 0, got 'abc'$/,
    );
  });

  // target check read --timeout alone: the option went to the target's handshake unread, and a typo in it passed
  it('target check reads the protocol target\'s timeout option, as an audit does', async () => {
    await refused(['target', 'check', '--target-option', 'timeout=abc', '--', 'node', PROTOCOL_TOY], /^blindspot: --target-option timeout: expected a whole number of milliseconds > 0, got 'abc'$/);
    await refused(['target', 'check', '--timeout', '5000', '--target-option', 'timeout=500', '--', 'node', PROTOCOL_TOY], /^blindspot: --timeout 5000 and --target-option timeout=500: give one of them$/);
  });

  it('the protocol target refuses a timeout no timer can wait', async () => {
    await refused(
      ['freeze', '--target', 'protocol', '--target-option', 'timeout=3000000000', '--', 'node', PROTOCOL_TOY],
      /^blindspot: --target-option timeout: expected a whole number of milliseconds <= 2147483647, got '3000000000'$/,
    );
  });

  it('a module target declares the options it takes', async () => {
    const file = join(tmp(), 'target.mjs');
    writeFileSync(
      file,
      "export const target = { name: 'mine', description: 'test', options: ['color'], open: async () => ({ close: async () => {} }) };\n",
    );
    await expect(openTarget(`${file}?color=red`)).resolves.toBeDefined();
    await expect(openTarget(`${file}?colour=red`)).rejects.toThrow("--target-option: target mine takes no option 'colour' (known: color)");
  });
});
