import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runCli } from '../fixtures/cli.ts';
import { TOY } from '../fixtures/tmp.ts';

// One finished toy audit; every case resumes it with `audit --out` and other flags.
describe('audit --out <existing run> with flags that choose something else', () => {
  let root: string;
  let run: string;
  let common: string[];
  const files = () => ['ledger.jsonl', 'run.json'].map((f) => readFileSync(join(run, f), 'utf8'));
  let before: string[];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'blindspot-test-'));
    run = join(root, 'run');
    common = ['--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '0', '--no-progress'];
    const r = await runCli(['audit', '--target', TOY, '--tasks', 'notes,flag/0', '--families', 'omit,extra', '--out', run, ...common]);
    expect(r.code, r.stderr).toBe(0);
    before = files();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.concurrent.each([
    [['--target', 'apps'], `--target: this run folder holds target ${TOY}, not apps; resume without --target or choose another --out`],
    [['--arms', 'faults,swap'], '--arms: this run folder holds arms faults,floor, not faults,swap; resume without --arms or choose another --out'],
    [['--families', 'omit'], '--families: this run folder holds families omit,extra, not omit; resume without --families or choose another --out'],
    [
      ['--tasks', 'notes'],
      '--tasks: this run folder holds tasks flag/0,notes/0,notes/1,notes/2, not notes/0,notes/1,notes/2 (generator names expanded to task ids); ' +
        'resume without --tasks or choose another --out',
    ],
    [['--split', 'test'], '--split: this run folder holds splits dev, not test; resume without --split or choose another --out'],
    [['--budget', '8'], '--budget: this run folder holds no search arm, not a budget of 8; resume without --budget or choose another --out'],
    [['--target-option', 'suite=banking'], '--target-option: this run folder holds target options (none), not suite=banking; resume without --target-option or choose another --out'],
    [
      ['--arms', 'swap', '--families', 'omit'],
      '--arms: this run folder holds arms faults,floor, not swap; --families: this run folder holds families omit,extra, not omit; ' +
        'resume without --arms, --families or choose another --out',
    ],
  ])('%j is refused naming the difference, and nothing is scored', async (flags, line) => {
    const r = await runCli(['audit', ...flags, '--out', run, ...common]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`blindspot: ${line}`);
    expect(r.stdout).not.toMatch(/Resuming/);
    expect(files()).toEqual(before);
  });

  // After the refusals (not concurrent with them): a resume adds a session to run.json.
  it.each([
    [[]],
    [['--target', TOY, '--tasks', 'flag/0,notes', '--families', 'extra,omit', '--arms', 'floor,faults', '--split', 'dev']],
  ])('%j (the same intent, in any order or spelling) resumes', async (flags) => {
    const r = await runCli(['audit', ...flags, '--out', run, ...common]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Resuming run /);
    expect(r.stdout).toMatch(/Scored 0 cells \(\d+ already in the ledger\)/);
  });
});

describe('audit --out <existing search run> with other search settings', () => {
  it('refuses another --seed, --budget or --operators, and resumes with the same ones', async () => {
    const root = mkdtempSync(join(tmpdir(), 'blindspot-test-'));
    try {
      const run = join(root, 'run');
      const common = ['--target', TOY, '--tasks', 'notes/0', '--out', run, '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '0', '--no-progress'];
      expect((await runCli(['audit', '--arms', 'search', '--budget', '4', ...common])).code).toBe(0);
      const ledger = readFileSync(join(run, 'ledger.jsonl'), 'utf8');
      const r = await runCli(['audit', '--seed', '1', '--budget', '8', '--operators', 'drop,duplicate', ...common]);
      expect(r.code).toBe(2);
      // every built-in operator by default; how many there are is the search arm's business
      expect(r.stderr).toMatch(
        new RegExp(
          '^blindspot: --seed: this run folder holds seed 0, not 1; --budget: this run folder holds a search budget of 4, not a budget of 8; ' +
            '--operators: this run folder holds \\d+ search operators \\(drop, duplicate, \\w+, \\.\\.\\.\\), not drop,duplicate; ' +
            'resume without --seed, --budget, --operators or choose another --out$',
        ),
      );
      expect(readFileSync(join(run, 'ledger.jsonl'), 'utf8')).toBe(ledger);
      const same = await runCli(['audit', '--arms', 'search', '--seed', '0', '--budget', '4', ...common]);
      expect(same.code, same.stderr).toBe(0);
      expect(same.stdout).toMatch(/^Resuming run /);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
