// The report step writes a reporter's files beside its own: a toy reporter that
// knows blindspot only through its public entry ('blindspot') gets its file
// written, checksummed and listed; and report.md and report.html render the same sections.
import { expect, it } from 'vitest';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Reporter } from 'blindspot';
import { writeReport } from '../../src/report/write.ts';
import type { Report } from '../../src/report/build.ts';
import { auditFigures } from '../../src/report/html.ts';
import { auditPage } from '../../src/report/sections.ts';
import { judge } from '../../src/classify/outcome.ts';
import { esc, htmlPage, markdownPage, mdTable } from '../../src/report/section.ts';
import { sha256 } from '../../src/util/hash.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { runCli } from '../fixtures/cli.ts';
import { toyReporter as toy } from '../fixtures/toy-reporter.ts';

const tmp = useTmp();

/** A copy of the committed example run, whose increment is in the repository's mutants/. */
function exampleRun(): string {
  const copy = join(tmp(), 'run');
  cpSync('reports/example', copy, { recursive: true, filter: (p) => !p.includes('/repair') });
  return copy;
}

/** The toy's file, checked against the built-in formats of the same run. */
function checkToyFile(run: string, report: Report) {
  const text = readFileSync(join(run, 'outcomes.txt'), 'utf8');
  expect(readFileSync(join(run, 'checksums.sha256'), 'utf8')).toContain(`${sha256(text)}  outcomes.txt\n`);
  const counts = Object.fromEntries(text.trim().split('\n').slice(1).map((l) => l.split(' ')).map(([o, k]) => [o, Number(k)]));
  expect(text.split('\n')[0]).toBe(`${report.evidence.target} ${report.evidence.incrementId}`);
  // the outcomes the toy counted are the ones every built-in format shows
  expect(counts['false-accept']).toBe(report.falseAccepts.length);
  expect(counts['false-accept']).toBeGreaterThan(0);
  expect(counts['control-pass']).toBe(report.controls.pass);
  // csv-stringify writes true as 1
  const cells = parse(readFileSync(join(run, 'cells.csv'), 'utf8'), { columns: true }) as { false_accept: string; status: string }[];
  expect(cells.filter((c) => c.false_accept === '1').length).toBe(counts['false-accept']);
  expect(cells.filter((c) => c.status === 'refused').length).toBe(counts.refused);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(cells.length);
}

it('writes, checksums and lists the files of a reporter given through the public interface', async () => {
  const run = exampleRun();
  const written = await writeReport(run, { mutants: 'mutants', reporters: [toy] });
  expect(written.files).toContain('outcomes.txt');
  checkToyFile(run, written.report);
});

it('loads reporters from a module with --reporter', async () => {
  const run = exampleRun();
  const r = await runCli(['report', run, '--mutants', 'mutants', '--json', '--reporter', 'test/fixtures/toy-reporter.ts']);
  expect(r.code, r.stderr).toBe(0);
  checkToyFile(run, JSON.parse(r.stdout) as Report);
  const bad = await runCli(['report', run, '--mutants', 'mutants', '--reporter', 'test/fixtures/plugin-ops.ts']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--reporter: test\/fixtures\/plugin-ops\.ts must export `reporters`/);
});

it('refuses a reporter that would write over another format, and writes nothing then', async () => {
  const run = exampleRun();
  const before = readFileSync(join(run, 'report.md'), 'utf8');
  const clash: Reporter = { name: 'clash', files: () => ({ 'report.md': 'mine\n' }) };
  await expect(writeReport(run, { mutants: 'mutants', reporters: [clash] })).rejects.toThrow(/reporter 'clash' writes report\.md, which reporter 'markdown' writes already/);
  expect(readFileSync(join(run, 'report.md'), 'utf8')).toBe(before);
});

it('refuses a reporter that would write the checksums the report step writes over every file', async () => {
  const run = exampleRun();
  const forged: Reporter = { name: 'forged', files: () => ({ 'checksums.sha256': 'nothing to check\n' }) };
  await expect(writeReport(run, { mutants: 'mutants', reporters: [forged] })).rejects.toThrow(/a reporter may not write checksums\.sha256: the report step writes it over every file/);
  expect(readFileSync(join(run, 'checksums.sha256'), 'utf8')).toBe(readFileSync('reports/example/checksums.sha256', 'utf8'));
});

it('renders every section in report.md and report.html, the false rejects with their generator and the unscored controls in both', async () => {
  const { report, classification } = await writeReport(exampleRun(), { mutants: 'mutants' });
  const r = {
    ...report,
    controls: {
      ...report.controls,
      falseRejects: [{ task: 'made/0', generator: 'gen-rejected', verdict: 'fail', detail: 'rejects its own reference' }],
      unscored: [{ task: 'made/1', generator: 'gen-unscored', verdict: 'error', detail: 'delivery failed: step 2 | broke' }],
    },
  };
  const page = auditPage(r, auditFigures(r, judge(classification)), undefined);
  const md = markdownPage(page);
  const html = htmlPage(page);
  expect(page.sections.map((s) => s.title)).toEqual(expect.arrayContaining(['At a glance', 'Diagonal controls', 'Execution flow per family (paper Table 5)', 'Verdict vectors per generator', 'Evidence record']));
  // each section's heading and every row of its tables, in the order the page lists them, in both files
  let [mdAt, htmlAt] = [0, 0];
  for (const s of page.sections) {
    const level = s.level ?? 2;
    mdAt = md.indexOf(`\n${'#'.repeat(level)} ${s.title}\n`, mdAt);
    htmlAt = html.indexOf(`<h${level}>${esc(s.title)}</h${level}>`, htmlAt);
    expect(Math.min(mdAt, htmlAt), s.title).toBeGreaterThan(0);
    for (const b of s.blocks) {
      if (!('table' in b) || b.html) continue;
      for (const row of b.table.rows) {
        expect(md.slice(mdAt)).toContain(mdTable(b.table.head, [row]).split('\n')[2]);
        expect(html.slice(htmlAt)).toContain(`<tr>${row.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`);
      }
    }
  }
  expect(md).toContain('| made/0 | gen-rejected | fail | rejects its own reference |');
  expect(html).toContain('<td>made/0</td><td>gen-rejected</td><td>fail</td>');
  expect(md).toContain('| made/1 | error | delivery failed: step 2 \\| broke |');
  expect(html).toContain('<td>made/1</td><td>error</td><td>delivery failed: step 2 | broke</td>');
});

it('builds every markdown table one way, escaping what would break a row', () => {
  expect(mdTable(['a', 'b'], [['x|y', 'two\nlines']])).toBe('| a | b |\n| --- | --- |\n| x\\|y | two lines |');
});
