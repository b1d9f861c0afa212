import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { analysePerturbRun, type PerturbAnalysis } from '../../src/perturb/analysis.ts';
import { comparePerturbRuns } from '../../src/perturb/compare.ts';
import { degradationColor, formatPerturbSummary, writeComparison, writePerturbReport } from '../../src/perturb/render.ts';
import { PERTURB_FAMILIES } from '../../src/perturb/inputs.ts';
import { episode, task } from './records.ts';

// 12 tasks, 8 passing clean (every third fails); of those, U-missing passes on the odd
// ones (4), T-incorrect from the fifth task on (5), U-redundant on all; C-missing only
// where clean failed (C = 0 there); one P-redundant Pass is a grader false accept.
const records = () =>
  Array.from({ length: 12 }, (_, i) => {
    const clean = i % 3 !== 2;
    return task(`t${String(i).padStart(2, '0')}`, clean, { 'U-missing': i % 2 === 1 && clean, 'T-incorrect': i >= 4 && clean, 'U-redundant': clean, ...(clean ? {} : { 'C-missing': false }) }, {
      usage: { inputTokens: 1000 + i, outputTokens: 100, costUsd: 0.001 },
    });
  })
    .flat()
    .concat(episode('t00', 'P-redundant', true, { effect: 'differs', graderFalseAccept: true, evidence: 'invoice 3: total 0.00, reference 120.00' }));

const close = (text: string, x: number | null) => (x === null ? expect(text).toBe('') : expect(Number(text)).toBeCloseTo(x, 3));

describe('perturbation report files', () => {
  let dir: string;
  let a: PerturbAnalysis;
  let files: string[];
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'perturb-report-'));
    a = analysePerturbRun(records(), { bootstrap: 400, seed: 5 });
    files = await writePerturbReport(join(dir, 'nested'), a);
    dir = join(dir, 'nested');
  });
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('writes the five files, perturb.json being the analysis itself', () => {
    expect(files).toEqual(['perturb.json', 'perturb.md', 'perturb.html', 'perturb.csv', 'heatmap.csv']);
    expect(JSON.parse(read('perturb.json'))).toEqual(JSON.parse(JSON.stringify(a)));
  });

  it('perturb.csv: one row per family with the analysis numbers and intervals', () => {
    const rows = parse(read('perturb.csv'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.family)).toEqual(PERTURB_FAMILIES);
    for (const f of a.families) {
      const r = rows.find((x) => x.family === f.family)!;
      expect(Number(r.tasks)).toBe(f.tasks);
      expect(Number(r.instances)).toBe(f.instances);
      close(r.clean, f.clean);
      close(r.perturbed, f.perturbed);
      close(r.degradation, f.degradation);
      close(r.degradation_lo, f.ci?.degradation?.lo ?? null);
      close(r.degradation_hi, f.ci?.degradation?.hi ?? null);
      expect(r.reason).toBe(f.reason ?? '');
      expect(Number(r.false_accepts)).toBe(f.falseAccepts);
      expect([Number(r.broke), Number(r.fixed), Number(r.asked)]).toEqual([f.broke, f.fixed, f.asked]);
    }
    // the arithmetic behind it: C 8/12, P 4/12 -> D 50; T-incorrect P 5/12 -> D 37.5
    expect(rows.find((x) => x.family === 'U-missing')!.degradation).toBe('50');
    expect(rows.find((x) => x.family === 'C-missing')!.reason).toMatch(/C = 0/);
  });

  it('heatmap.csv: targets by types, the families relative degradation', () => {
    const rows = parse(read('heatmap.csv'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.target)).toEqual(['U', 'P', 'C', 'T']);
    a.heatmap.targets.forEach((t, i) => a.heatmap.types.forEach((y, j) => close(rows[i][y], a.heatmap.degradation[i][j])));
    expect(rows[0].missing).toBe('50');
    expect(rows[3].incorrect).toBe('37.5');
    expect(rows[2].missing).toBe('');
  });

  it('perturb.md: summary, family table with intervals, marginals, heatmap, Spearman matrix, false accepts with evidence, cost', () => {
    const md = read('perturb.md');
    const um = a.families.find((f) => f.family === 'U-missing')!;
    const ci = (k: 'clean' | 'perturbed' | 'degradation') => `[${um.ci![k]!.lo.toFixed(1)}, ${um.ci![k]!.hi.toFixed(1)}]`;
    expect(md).toContain(`| U-missing | 12 | 12 | 66.7 ${ci('clean')} | 33.3 ${ci('perturbed')} | 50.0 ${ci('degradation')} | 4 | 0 | 0 | 0 | 0 |`);
    expect(md).toContain('| C-missing | 4 | 4 | 0.0 [0.0, 0.0] | 0.0 [0.0, 0.0] | n/a (C = 0) | 0 | 0 | 0 | 0 | 0 |');
    expect(md).toContain('| U (user utterance) | 12 | 24 |');
    expect(md).toContain('| U (user utterance) | 50.0 (n=12) | 0.0 (n=12) | – |');
    expect(md).toContain('| T (tool contract) | – | – | 37.5 (n=12) |');
    expect(md).toContain('| C (context) | n/a (n=4) | – | – |');
    const pair = a.correlation.pairs.find((p) => p.a === 'U-missing' && p.b === 'T-incorrect')!;
    expect(pair.rho).not.toBeNull();
    expect(md).toContain(`${pair.rho!.toFixed(2)} (n=12)`);
    expect(md).toContain('| t00::P-redundant#0 | P-redundant | pass | all checks passed | invoice 3: total 0.00, reference 120.00 |');
    expect(md).toMatch(/\| all \| 53 \| \d+ \(52 episodes\) \| [\d.]+ \| [\d.]+ \| 0\.0520 \(52 episodes\) \| 0\.0021 \|/);
    // cost per family: U-missing's 12 episodes, 4 successes, $0.012
    expect(md).toMatch(/\| U-missing \| 12 \| \d+ \(12 episodes\) \| [\d.]+ \| [\d.]+ \| 0\.0120 \(12 episodes\) \| 0\.0030 \|/);
    expect(md).toContain('| same target | 1 | 0 | n/a |');
    expect(md).toContain('Degradation constant on every task: U-redundant, P-redundant, C-missing.');
    expect(md).toContain(`clean success C % | ${a.clean.rate!.toFixed(1)} [`);
  });

  it('perturb.md: what was perturbed with an example and the rejections, the failures the perturbation caused apart from the agent own', async () => {
    const set = {
      hash: 'ab'.repeat(32),
      target: 'apps',
      instances: [{ id: 't00::U-missing#0', family: 'U-missing' as const, edit: 'utterance: name "Ann" removed', recovery: { ask: 'What is the name?', answer: 'Ann' } }],
      rejected: [{ family: 'U-incorrect' as const, reason: 'not applicable: nothing to misspell' }],
    };
    const withSet = join(dir, 'with-set');
    await writePerturbReport(withSet, analysePerturbRun(records(), { bootstrap: 0, set }));
    const md = readFileSync(join(withSet, 'perturb.md'), 'utf8');
    expect(md).toContain('## What was perturbed');
    expect(md).toContain('| U-missing | 1 | t00::U-missing#0: utterance: name "Ann" removed (asked "What is the name?", the user answers "Ann") | 0 |  |');
    expect(md).toContain('| U-incorrect | 0 | – | 1 | not applicable: nothing to misspell (1) |');
    // t00 passed clean and failed U-missing: the perturbation's; t02 failed clean: the agent's own
    expect(md).toContain('## Failures the perturbation caused');
    expect(md).toContain('| t00::U-missing#0 | U-missing | check failed |');
    expect(md).toContain("## The agent's own failures (clean episodes)");
    expect(md).toContain('| t02::clean | clean | check failed |');
    expect(md.indexOf('| t02::clean |')).toBeGreaterThan(md.indexOf("## The agent's own failures"));
  });

  it('perturb.html: self-contained, heatmap cells coloured by degradation', () => {
    const html = read('perturb.html');
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|src="http/);
    expect(html).toContain(`style="background:${degradationColor(50)}">50.0 (n=12)</td>`);
    expect(html).toContain(`style="background:${degradationColor(null)}">–</td>`);
    expect(html).toContain('invoice 3: total 0.00, reference 120.00');
    expect(degradationColor(0)).toBe('rgb(255,255,255)');
    expect(degradationColor(100)).toBe('rgb(198,40,40)');
    expect(degradationColor(-250)).toBe('rgb(46,125,50)');
  });

  it('formatPerturbSummary: a few lines with the headline numbers', () => {
    const s = formatPerturbSummary(a);
    expect(s.split('\n').length).toBeLessThanOrEqual(6);
    expect(s).toContain(`clean ${a.clean.rate!.toFixed(1)}% [`);
    expect(s).toContain(`relative degradation ${a.overall.degradation!.toFixed(1)}% [`);
    expect(s).toContain('most damaging families: U-missing 50.0% (n=12), T-incorrect 37.5% (n=12)');
    expect(s).toContain('grader false accepts: 1 (t00::P-redundant#0)');
    expect(s).toMatch(/cost: \d+ tokens, [\d.]+ successes per M tokens; \$0\.0520, \$0\.0021 per success/);
  });

  it('formatPerturbSummary of a run with no perturbed instance says n/a without a percent sign, and no empty list', () => {
    const s = formatPerturbSummary(analysePerturbRun(task('t00', true, {}), { bootstrap: 0 }));
    expect(s).toContain('perturbed n/a over 0 instances; relative degradation n/a (');
    expect(s).toContain('by target: no perturbed instance; by type: no perturbed instance');
    expect(s).not.toContain('n/a%');
  });
});

describe('comparison files', () => {
  it('compare.json/.md/.html/.csv carry the ranking and the correlation, saying why it is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perturb-compare-'));
    try {
      const literal = analysePerturbRun(records(), { bootstrap: 100, seed: 1 });
      const replay = analysePerturbRun(records().map((r) => ({ ...r, agent: 'replay', success: r.family === 'clean' ? r.success : true })), { bootstrap: 0 });
      const c = comparePerturbRuns([literal, replay]);
      expect(await writeComparison(dir, c)).toEqual(['compare.json', 'compare.md', 'compare.html', 'compare.csv']);
      expect(JSON.parse(readFileSync(join(dir, 'compare.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(c)));
      const rows = parse(readFileSync(join(dir, 'compare.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
      expect(rows.map((r) => [r.rank, r.agent])).toEqual([
        ['1', 'replay'],
        ['2', 'literal'],
      ]);
      close(rows[1].degradation, literal.overall.degradation);
      close(rows[0].degradation, replay.overall.degradation);
      close(rows[1]['degradation_U-missing'], 50);
      close(rows[1].degradation_T, 37.5);
      expect(rows[1]['degradation_C-missing']).toBe('');
      const md = readFileSync(join(dir, 'compare.md'), 'utf8');
      expect(md).toContain(`| 2 | literal | ${literal.clean.rate!.toFixed(1)} [`);
      expect(md).toContain('| literal | 25.0 | 0.0 | n/a | 37.5 |');
      expect(md).toContain('| literal | 50.0 | 0.0 | n/a | n/a | 0.0 | n/a | n/a | n/a | n/a | n/a | n/a | 37.5 |');
      expect(md).toContain('Spearman rho (clean score vs relative degradation): n/a over 2 ranked agent(s): only 2 pair(s); at least 3 are needed.');
      // the page's HTML shows the same rows
      const html = readFileSync(join(dir, 'compare.html'), 'utf8');
      expect(html).toContain('<h2>Relative degradation % per family</h2>');
      expect(html).toContain('<tr><td>literal</td><td>25.0</td><td>0.0</td><td>n/a</td><td>37.5</td>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
