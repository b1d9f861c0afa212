// Per-checker columns (targets that judge each episode with several checkers, such
// as MiniWoB's raw reward and harness rules) in report.md and report.html alike,
// rendered from a copy of the committed MiniWoB run.
import { expect, it } from 'vitest';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const COMMITTED = 'reports/miniwob-1.1.0';
const tmp = useTmp();

it('report.md and report.html carry the same false-accept counts per checker', async () => {
  const copy = join(tmp(), 'run');
  cpSync(join(COMMITTED, 'run'), copy, { recursive: true });
  const r = await runCli(['report', copy, '--mutants', join(COMMITTED, 'mutants'), '--json']);
  expect(r.code, r.stderr).toBe(0);
  const { checkers } = JSON.parse(r.stdout);
  expect(checkers.names.length).toBeGreaterThan(1);
  const html = readFileSync(join(copy, 'report.html'), 'utf8');
  const md = readFileSync(join(copy, 'report.md'), 'utf8');
  expect(html).toContain('<h2>False accepts per checker</h2>');
  expect(md).toContain('## False accepts per checker');
  for (const n of checkers.names) {
    expect(html).toContain(`FA ${n}`);
    const total = checkers.rows.reduce((s: number, row: { fa: Record<string, number> }) => s + row.fa[n], 0);
    const tasks = checkers.generators[n] as string[];
    expect(html).toContain(`${n}: false accepts on ${tasks.length ? tasks.join(', ') : 'no task'}`);
    expect(total).toBeGreaterThanOrEqual(tasks.length);
  }
  // the harnesses accept more than the raw reward: the partial-credit finding
  const fa = (n: string) => checkers.rows.reduce((s: number, row: { fa: Record<string, number> }) => s + row.fa[n], 0);
  expect(Math.max(...checkers.names.map(fa))).toBeGreaterThan(Math.min(...checkers.names.map(fa)));
}, 60_000);
