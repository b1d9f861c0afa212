import { beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { auditStoppedPartWay, runCli, useAppsAudit } from '../fixtures/cli.ts';
import { sha256 } from '../../src/util/hash.ts';
import { loadRun } from '../../src/run/load.ts';
import { classify } from '../../src/classify/classify.ts';
import { budgets } from '../../src/consequence/budget.ts';
import type { ConsequenceResult } from '../../src/consequence/result.ts';

// One apps audit shared by these tests (apps has confirmed false accepts: extra and
// extra-ni duplicate non-idempotent writes); they read it and add only consequence files.
const audit = useAppsAudit('blindspot-consequence-');
let root: string;
let run: string;
beforeEach(() => ({ root, run } = { root: audit.root(), run: audit.run() }));

type Row = Record<string, string>;
const csv = (file: string) => parse(readFileSync(join(run, file), 'utf8'), { columns: true }) as Row[];
const distinct = (rows: Row[]) => new Set(rows.map((r) => r.generator)).size;

function scoresFile(name: string, text: string): string {
  const f = join(root, name);
  writeFileSync(f, text);
  return f;
}
const GOOD = 'configuration,split,score\nA,dev,0.91\nB,dev,62%\nC,dev,0.20\nA,test,0.5\nB,test,0.48\n';

/** Every file of a folder with its hash. */
const hashes = (dir: string) =>
  Object.fromEntries(readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile()).map((f) => [f, sha256(readFileSync(join(dir, f)))]));

describe('generator-level budgets on a real run', () => {
  it('counts generators, never cells, per family and for any family, as the report\'s cells.csv shows them', async () => {
    const { increment, manifest, ledger } = await loadRun(run);
    const b = budgets([{ target: increment.target.name, manifest, classification: classify(manifest, ledger, increment.target.semantics), generatorName: (g) => g }], undefined, 0.95);
    const cells = csv('cells.csv').filter((r) => r.arm === 'fault' && r.status === 'confirmed');
    const fas = csv('false-accepts.csv');
    expect(fas.length).toBeGreaterThan(0);
    for (const f of b.families) {
      const of = f.family === 'any' ? cells : cells.filter((r) => r.family === f.family);
      const fa = f.family === 'any' ? fas : fas.filter((r) => r.family === f.family);
      expect([f.family, f.of, f.count]).toEqual([f.family, distinct(of), distinct(fa)]);
      expect(f.generators).toEqual([...new Set(fa.map((r) => r.generator))].sort());
      expect(f.observed).toBe(f.count / f.of);
    }
    // apps repeats each generator over daily variants: cells outnumber generators
    const extra = b.families.find((f) => f.family === 'extra')!;
    expect(fas.filter((r) => r.family === 'extra').length).toBeGreaterThan(extra.count);
    const controls = csv('cells.csv').filter((r) => r.arm === 'control');
    expect(b.controls).toMatchObject({ count: 0, of: distinct(controls), observed: 0 });
  });
});

describe('blindspot consequence', () => {
  it('prints the table, writes consequence.json, .md and .html into the run folder, and changes nothing else there', async () => {
    const before = hashes(run);
    const r = await runCli(['consequence', run, '--scores', scoresFile('s.csv', GOOD), '--json']);
    expect(r.code, r.stderr).toBe(0);
    // the result as consequence.json holds it, and where it and its siblings were written
    const { dir, files, ...result } = JSON.parse(r.stdout) as ConsequenceResult & { dir: string; files: string[] };
    expect(JSON.parse(readFileSync(join(run, 'consequence.json'), 'utf8'))).toEqual(result);
    expect(dir).toBe(run);
    expect(files).toEqual(['consequence.json', 'consequence.md', 'consequence.html'].map((f) => `${run}/${f}`));
    for (const f of files) expect(existsSync(f)).toBe(true);
    const after = hashes(run);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), 'consequence.html', 'consequence.json', 'consequence.md'].sort());
    for (const [f, h] of Object.entries(before)) expect([f, after[f]]).toEqual([f, h]);

    const any = result.budgets.families.find((f) => f.family === 'any')!;
    expect(result.family).toBe('any');
    expect(result.readings).toEqual([
      { reading: 'observed', label: 'Observed magnitude', alpha: any.count / any.of, beta: 0 },
      { reading: 'bound', label: 'Illustrative 95%', alpha: any.bound, beta: result.budgets.controls.bound },
    ]);
    expect(result.splits.map((s) => [s.split, s.readings.map((k) => k.pairs)])).toEqual([['dev', [3, 3]], ['test', [1, 1]]]);
    const md = readFileSync(join(run, 'consequence.md'), 'utf8');
    expect(md).toContain('Budgets are assumptions, not estimates');
    expect(md).toMatch(/\| dev \| Observed magnitude \| \d\.\d{4} \| 0\.0000 \| 3 \| \d\/3 \| (yes|no) \|/);

    // --family picks that family's budget and says so
    const fam = await runCli(['consequence', run, '--scores', join(root, 's.csv'), '--family', 'extra', '--out', join(root, 'extra')]);
    expect(fam.code, fam.stderr).toBe(0);
    expect(fam.stdout).toContain('## Budgets (alpha from fault family extra)');
    const extra = JSON.parse(readFileSync(join(root, 'extra', 'consequence.json'), 'utf8')) as ConsequenceResult;
    const e = extra.budgets.families.find((f) => f.family === 'extra')!;
    expect(extra.readings[0].alpha).toBe(e.count / e.of);
  });

  it('a dismissal in the triage file takes a generator out of the numerator only when all its false accepts are dismissed', async () => {
    const fas = csv('false-accepts.csv').filter((f) => f.family === 'extra');
    const [g1, g2] = [...new Set(fas.map((f) => f.generator))];
    const dismissed = [...fas.filter((f) => f.generator === g1), fas.find((f) => f.generator === g2)!];
    const triage = join(root, 'triage.json');
    const at = new Date(0).toISOString();
    writeFileSync(
      triage,
      JSON.stringify({
        schema: 'blindspot.triage/1',
        entries: dismissed.map((f) => ({ key: f.key, target: 'apps', task: f.task, construction: f.edit, status: 'dismissed', reason: 'test', at })),
      }),
    );
    const read = async (extra: string[]) => {
      const r = await runCli(['consequence', run, '--scores', join(root, 's.csv'), '--family', 'extra', '--json', '--out', join(root, 'tri'), ...extra]);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as ConsequenceResult).budgets.families.find((f) => f.family === 'extra')!;
    };
    const [plain, marked] = [await read([]), await read(['--triage', triage])];
    expect(marked.count).toBe(plain.count - 1);
    expect(marked.of).toBe(plain.of);
    expect(marked.generators).toEqual(plain.generators.filter((g) => g !== g1));
    expect(marked.dismissedCells).toBe(dismissed.length);
  });

  it('pools several runs by generator: two disjoint halves give the budgets of the whole', async () => {
    const generators = [...new Set(csv('cells.csv').map((r) => r.generator))].sort();
    const half = generators.filter((_, i) => i % 2 === 0);
    const rest = generators.filter((_, i) => i % 2 === 1);
    const common = ['audit', '--target', 'apps', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '2', '--no-progress'];
    for (const [name, tasks] of [['h1', half], ['h2', rest]] as const) expect((await runCli([...common, '--tasks', tasks.join(','), '--out', join(root, name)])).code).toBe(0);
    const whole = await runCli(['consequence', run, '--scores', join(root, 's.csv'), '--json', '--out', join(root, 'whole')]);
    const pooled = await runCli(['consequence', join(root, 'h1'), join(root, 'h2'), '--scores', join(root, 's.csv'), '--json', '--out', join(root, 'pooled')]);
    expect(pooled.code, pooled.stderr).toBe(0);
    const [w, p] = [JSON.parse(whole.stdout), JSON.parse(pooled.stdout)] as ConsequenceResult[];
    expect(p.budgets).toEqual(w.budgets);
    expect(p.splits).toEqual(w.splits);
    expect(p.prefixed).toBe(false);
    expect(p.perRun.map((x) => x.budgets.controls.of)).toEqual([half.length, rest.length]);
    expect(readFileSync(join(root, 'pooled', 'consequence.md'), 'utf8')).toContain("## Per run (each run's own budget");
    // the same target twice with shared generators would count them twice
    const twice = await runCli(['consequence', run, join(root, 'h1'), '--scores', join(root, 's.csv'), '--out', join(root, 'twice')]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/both audit apps: pooling them would count its generators twice/);
  }, 120_000);

  it.each([
    ['bad.csv', 'configuration,split,score\nA,dev,0.5\nB,dev,120\n', /bad\.csv: line 3: field score: expected a fraction in \[0, 1\] or a percentage such as 88\.66%, got "120"/],
    ['pct.csv', 'configuration,split,score\nA,dev,101%\n', /pct\.csv: line 2: field score: expected a fraction/],
    ['header.csv', 'model,split,score\nA,dev,0.5\n', /header\.csv: line 1: header lacks configuration \(expected a header with configuration,split,score; got model,split,score\)/],
    ['width.csv', 'configuration,split,score\nA,dev,0.5,extra\n', /width\.csv: not valid CSV \(.*line 2/],
    ['twice.csv', 'configuration,split,score\nA,dev,0.5\nA,dev,0.6\n', /twice\.csv: line 3: configuration 'A' appears twice in split 'dev' \(first at line 2\)/],
    ['entry.json', '[{"configuration":"A","split":"dev","score":0.5},{"split":"dev","score":0.4}]', /entry\.json: entry 1: field configuration: missing/],
    ['object.json', '{"A": 0.5}', /object\.json: expected a JSON array of \{configuration, split, score\} objects/],
  ])('refuses the scores file %s with one line naming file, place and field (exit 2)', async (name, text, message) => {
    const r = await runCli(['consequence', run, '--scores', scoresFile(name, text), '--out', join(root, 'bad')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('refuses a run killed part-way, whose unscored cells would make its budgets too small, naming how to resume it (exit 2)', async () => {
    const part = join(root, 'killed');
    const { result } = await auditStoppedPartWay(['--target', 'apps', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1'], part, 120, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    const r = await runCli(['consequence', part, '--scores', scoresFile('k.csv', GOOD)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/killed: the run is not finished \(\d+ of its \d+ cells are not scored yet\); resume it \(the audit or run command that made it, with --out \S+killed\)/);
    expect(existsSync(join(part, 'consequence.json'))).toBe(false);
  });

  it('refuses an unknown family, several runs without --out and a missing scores file (exit 2)', async () => {
    const s = join(root, 's.csv');
    const unknown = await runCli(['consequence', run, '--scores', s, '--family', 'nope', '--out', join(root, 'x')]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/--family: no fault family 'nope' in these runs \(known: any, claim-only, extra/)]);
    const several = await runCli(['consequence', run, join(root, 'h1'), '--scores', s]);
    expect([several.code, several.stderr]).toEqual([2, expect.stringMatching(/--out: several runs pool into one result/)]);
    const missing = await runCli(['consequence', run, '--scores', join(root, 'none.csv')]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/^blindspot: --scores: \S*none\.csv does not exist$/)]);
  });

  it('--help says the budgets are assumptions, not estimates', async () => {
    const r = await runCli(['consequence', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('assumptions, not estimates');
    expect(r.stdout).toContain('Clopper-Pearson');
  });
});
