import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { execa } from 'execa';
import { BIN, cli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('--version', () => {
  it.concurrent.each([['--version'], ['-v']])('%s prints the package version', async (flag) => {
    const r = await cli([flag]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});

describe('start-up', () => {
  /** The module URLs a CLI command resolves, recorded by a loader hook. */
  async function modulesOf(args: string[]): Promise<string[]> {
    const file = join(tmp(), 'loads.txt');
    writeFileSync(file, '');
    const r = await execa('node', ['--import', './test/fixtures/record-loads.mjs', BIN, ...args], { reject: false, env: { RECORD_LOADS: file } });
    expect(r.exitCode, r.stderr).toBe(0);
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  }

  // The speed is measured by `npm run bench -- startup`; this only keeps the
  // heavy dependencies out of the commands that need none of them.
  it.each([[['--help']], [['targets']], [['audit', '--help']], [['merge', '--help']], [['consequence', '--help']], [['report', '--help']]])('%j loads none of the engine\'s heavy dependencies', async (args) => {
    const loaded = await modulesOf(args);
    expect(loaded.some((u) => u.includes('/node_modules/yargs/'))).toBe(true);
    const heavy = loaded.filter((u) => /\/node_modules\/(ts-morph|playwright-core|better-sqlite3|execa|zod|fast-check)\//.test(u));
    expect(heavy).toEqual([]);
  });

  // What only some runs use loads only for them: the bar's library on a terminal,
  // the search's modules for a search run, node:child_process for a target scored
  // in child processes, the edit distance for a mistyped name. An audit of a
  // built-in target with no bar loads none.
  it('an audit of a built-in target without a bar loads no bar, no search, no typo guesser and no node:child_process', async () => {
    const root = tmp();
    const loaded = await modulesOf(['audit', '--target', 'apps', '--no-progress', '--out', join(root, 'run'), '--mutants', join(root, 'm'), '--censuses', join(root, 'c')]);
    expect(loaded.some((u) => u.endsWith('/src/run/run.ts')), 'the sources were recorded, scoring included').toBe(true);
    expect(loaded.filter((u) => /\/node_modules\/(cli-progress|fastest-levenshtein)\/|\/src\/search\/|^node:child_process$/.test(u))).toEqual([]);
  });

  // The report's model and the recorded-runs summary load once the scoring is done:
  // the audit command's own modules (its options, its tail) hold none of them.
  it('audit --help loads none of the report\'s or the recorded runs\' modules but the default thresholds', async () => {
    const loaded = await modulesOf(['audit', '--help']);
    expect(loaded.some((u) => u.endsWith('/src/cli/audit.ts'))).toBe(true);
    expect([...new Set(loaded.filter((u) => /\/src\/(report|runs)\//.test(u)))]).toEqual([expect.stringMatching(/\/src\/report\/thresholds\.ts$/)]);
  });

  // A command's module is loaded only when its name is on the command line; the
  // top-level listing comes from the heads in COMMANDS, src/cli/main.ts.
  const COMMAND_FILES = ['audit', 'stages', 'merge', 'targets', 'rerun', 'target-check', 'repair', 'guard', 'triage', 'consequence', 'perturb', 'init'];
  const commandFiles = (loaded: string[]) => COMMAND_FILES.filter((f) => loaded.some((u) => u.endsWith(`/src/cli/${f}.ts`)));

  it('--help loads no command module, and lists every command all the same', async () => {
    expect(commandFiles(await modulesOf(['--help']))).toEqual([]);
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['audit', 'census', 'freeze', 'run <increment>', 'report <run>', 'merge <runs..>', 'targets', 'rerun', 'target', 'repair <run>', 'guard', 'triage <run>', 'consequence <runs..>', 'perturb', 'init']) {
      expect(r.stdout).toMatch(new RegExp(`^  blindspot ${c}  `, 'm'));
    }
  });

  it.each([
    [['audit', '--help'], 'audit'],
    [['run', '--help'], 'stages'],
    [['merge', '--help'], 'merge'],
    [['target', 'check', '--help'], 'target-check'],
    [['targets'], 'targets'],
  ])('%j loads the module of its command and of no other', async (args, file) => {
    expect(commandFiles(await modulesOf(args))).toEqual([file]);
  });
});
