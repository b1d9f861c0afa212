// `--help` is the reference a user reads before a script calls a command: every
// option it accepts is described there, and the examples work as given.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { runCli } from '../fixtures/cli.ts';

const COMMANDS = [
  ['audit'],
  ['census'],
  ['freeze'],
  ['run'],
  ['report'],
  ['merge'],
  ['targets'],
  ['rerun'],
  ['target', 'check'],
  ['repair'],
  ['guard'],
  ['triage'],
  ['consequence'],
  ['perturb'],
  ['perturb', 'compare'],
  ['init'],
];

async function help(words: string[]): Promise<string> {
  const r = await runCli([...words, '--help']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/**
 * The options and positionals whose first line in the help is their name and
 * [type] tags alone (a wrapped description's lines are indented further).
 */
function undescribed(text: string): string[] {
  let section = '';
  const bare: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\S.*:$/.test(line)) section = line;
    const m = /^ {2}(?:-\w, | {4})?(--[\w-]+|\w+)\s*(?:\[[^\]]*\]\s*)*$/.exec(line);
    if (m && (section === 'Options:' || section === 'Positionals:')) bare.push(m[1]);
  }
  return bare;
}

describe('--help', () => {
  it.each(COMMANDS.map((words) => [words.join(' '), words]))('%s: describes every option it accepts', async (_, words) => {
    const text = await help(words as string[]);
    expect(text).toMatch(/Options:/);
    expect(undescribed(text)).toEqual([]);
  });

  it('blindspot --help lists the exit codes a script or CI job tells apart', async () => {
    const text = await help([]);
    for (const code of ['0', '1', '2', '130']) expect(text).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
    expect(text).toMatch(/guard: a regression/);
    expect(text).toMatch(/repair: a control the patched checkers fail/);
    expect(await help(['repair'])).toMatch(/^Exits 1 when a control/m);
  });

  it('an example names no increment that is not there: a frozen increment\'s id changes with what it holds', async () => {
    for (const words of COMMANDS) {
      const ids = (await help(words)).match(/mutants\/[\w.-]+-[0-9a-f]{12}\b/g) ?? [];
      for (const id of ids) expect(existsSync(id), `${words.join(' ')} --help: ${id}`).toBe(true);
    }
  });

  it('the scoring commands\' --workers default is the CPU count, not this machine\'s number alone', async () => {
    for (const words of [['audit'], ['run'], ['guard'], ['rerun']]) expect(await help(words)).toMatch(/\[default: the number of CPUs \(\d+ here\)\]/);
  });

  it('the progress option says how to turn it off', async () => {
    for (const words of [['audit'], ['run'], ['guard'], ['rerun'], ['repair'], ['perturb']]) expect(await help(words)).toMatch(/--no-progress/);
  });
});
