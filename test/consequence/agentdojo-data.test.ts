import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { parse } from 'csv-parse/sync';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { readScores } from '../../src/consequence/scores.ts';

const tmp = useTmp();
const D = 'reports/agentdojo-0.1.35';
const SCORES = 'data/agentdojo-0.1.35/utility.csv';

const tr = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;

describe('scripts/derive-agentdojo-scores.py', () => {
  it('keeps one row per model + defense when its attacks agree on utility, and one per attack, named, when they differ', async () => {
    const html = join(tmp(), 'results-table.html');
    const head = '<table><thead><tr>' + ['Provider', 'Model', 'Defense', 'Attack', 'Utility', 'Utility under attack', 'Targeted ASR', 'Date', 'Traces'].map((h) => `<th>${h}</th>`).join('') + '</tr></thead><tbody>';
    const rows = [
      ['p', 'm1', 'None', 'a1', '50.52%', '1%', '1%', '2024-06-05', '<a href="x">Explore &rarr;</a>'],
      ['p', 'm1', 'None', 'a2', '50.52%', '2%', '2%', '2024-06-05', ''],
      ['p', 'm1', 'filter', 'a1', '60.82%', '3%', '3%', '2024-06-05', ''],
      ['p', 'm2', 'None', 'a1', '40.21%', '4%', '4%', '2024-06-06', ''],
      ['p', 'm2', 'None', 'a2', '41.24%', '5%', '5%', '2024-06-06', ''],
    ];
    writeFileSync(html, head + rows.map(tr).join('\n') + '</tbody></table>');
    const r = await execa('python3', ['scripts/derive-agentdojo-scores.py', html]);
    const out = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(out.map((x) => [x.configuration, x.split, x.score, x.attacks])).toEqual([
      ['m1', 'all-suites', '50.52%', 'a1;a2'],
      ['m1 + filter', 'all-suites', '60.82%', 'a1'],
      ['m2 (a1)', 'all-suites', '40.21%', 'a1'],
      ['m2 (a2)', 'all-suites', '41.24%', 'a2'],
    ]);
  });
});

describe('the committed AgentDojo score file and consequence output', () => {
  it('holds 24 configurations of one split, every utility a whole number of the 97 user tasks', () => {
    const scores = readScores(SCORES);
    expect(scores).toHaveLength(24);
    expect(new Set(scores.map((s) => s.split))).toEqual(new Set(['all-suites']));
    for (const s of scores) expect([s.configuration, Math.abs(Math.round(s.score * 97) / 97 - s.score)]).toEqual([s.configuration, expect.closeTo(0, 4)]);
  });

  it('is what the command computes now from the committed runs, score file and triage', async () => {
    const out = tmp();
    const r = await runCli(['consequence', ...['banking', 'slack', 'travel', 'workspace'].map((s) => `${D}/${s}`), '--scores', SCORES, '--triage', `${D}/triage.json`, '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { dir, ...result } = JSON.parse(r.stdout);
    expect(dir).toBe(out);
    expect(result).toEqual({ ...JSON.parse(readFileSync(`${D}/consequence/consequence.json`, 'utf8')), files: ['json', 'md', 'html'].map((x) => `${out}/consequence.${x}`) });
    expect(readFileSync(join(out, 'consequence.md'), 'utf8')).toBe(readFileSync(`${D}/consequence/consequence.md`, 'utf8'));
  });
});
