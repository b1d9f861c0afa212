import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Ajv04 from 'ajv-draft-04';
import { schema } from 'mutation-testing-report-schema';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { appsAudit, runCli } from '../fixtures/cli.ts';
import { describeWithChromium } from '../fixtures/requires.ts';
import { launchChromium } from '../../src/util/browser.ts';
import { strykerStatus } from '../../src/report/stryker.ts';
import type { Report } from '../../src/report/build.ts';
import type { ClassifiedCell } from '../../src/classify/classify.ts';

// One apps audit shared by the format tests: they read its artifacts, never change them.
let root: string;
let run: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'blindspot-report-'));
  run = await appsAudit(root);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (name: string) => readFileSync(join(run, name), 'utf8');

describe('mutation-testing-report.json', () => {
  it('validates against mutation-testing-report-schema and maps every fault cell to a mutant with the documented status', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const stryker = JSON.parse(read('mutation-testing-report.json')) as MutationTestResult;
    expect(validate(stryker), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);

    const report = JSON.parse(read('report.json')) as Report;
    const mutants = Object.values(stryker.files).flatMap((f) => f.mutants);
    expect(mutants.length).toBe(report.evidence.counts.faultCells);
    const survived = mutants.filter((m) => m.status === 'Survived').map((m) => m.id).sort();
    expect(survived).toEqual(report.falseAccepts.map((f) => f.cell).sort());
    const degenerate = report.flow.reduce((n, f) => n + f.degenerate, 0);
    const refused = report.flow.reduce((n, f) => n + f.refused, 0);
    expect(mutants.filter((m) => m.status === 'Ignored').length).toBeGreaterThanOrEqual(degenerate + refused);
    // each mutant sits in its generator's checker file, whose audited source is embedded
    for (const [path, file] of Object.entries(stryker.files)) {
      expect(file.source).toBe(readFileSync(path, 'utf8'));
      for (const m of file.mutants) expect(path).toContain(m.id.replace(/^fault:[^:]+:/, '').replace(/\/\d+#\d+$/, ''));
    }
    expect(read('checksums.sha256')).toMatch(/ {2}mutation-testing-report\.json\n/);
  });

  it('maps each class to one Stryker status', () => {
    const base: ClassifiedCell = { cell: 'c', arm: 'fault', family: 'extra', checker: 't/0', trajectory: 't/0', generator: 't', falseAccept: false, falseReject: false };
    const s = (c: Partial<ClassifiedCell>) => strykerStatus({ ...base, ...c }).status;
    expect(s({ status: 'confirmed', verdict: 'pass', falseAccept: true })).toBe('Survived');
    expect(s({ status: 'confirmed', verdict: 'fail' })).toBe('Killed');
    expect(s({ status: 'degenerate', verdict: 'pass' })).toBe('Ignored');
    expect(s({ status: 'refused', reason: 'no write' })).toBe('Ignored');
    expect(s({ status: 'incomplete', reason: 'step 1 failed' })).toBe('RuntimeError');
    expect(s({ status: 'confirmed', verdict: 'error', detail: 'Error: boom' })).toBe('RuntimeError');
    expect(s({ status: 'confirmed', verdict: 'error', detail: 'checker timed out after 10 ms' })).toBe('Timeout');
    expect(s({ status: 'confirmed', verdict: 'error', detail: 'cell exceeded the time limit (10 ms); worker terminated' })).toBe('Timeout');
  });
});

describeWithChromium()('mutation-testing-elements', () => {
  it('renders the Stryker JSON offline, with the false accepts as survived mutants', async () => {
    const bundle = readFileSync('node_modules/mutation-testing-elements/dist/mutation-test-elements.js', 'utf8');
    const report = read('mutation-testing-report.json');
    const page = join(root, 'elements.html');
    writeFileSync(page, `<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script>${bundle}</script></head><body>` +
      `<mutation-test-report-app title-postfix="blindspot"></mutation-test-report-app>` +
      `<script>document.querySelector('mutation-test-report-app').report = ${report.replace(/</g, '\\u003c')};</script></body></html>`);
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const problems: string[] = [];
      tab.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      tab.on('pageerror', (e) => problems.push(e.message));
      await tab.goto(pathToFileURL(page).href);
      // the app computes its totals from the report: survived mutants = confirmed false accepts
      const survived = (JSON.parse(read('report.json')) as Report).falseAccepts.length;
      await tab.locator('mutation-test-report-app').getByText('Survived').first().waitFor({ timeout: 15_000 });
      await tab.screenshot({ path: process.env.BLINDSPOT_KEEP_ELEMENTS ?? join(root, 'elements.png') });
      expect(survived).toBeGreaterThan(0);
      const killed = Object.values((JSON.parse(report) as MutationTestResult).files).flatMap((f) => f.mutants).filter((m) => m.status === 'Killed').length;
      // the totals row shows the counts the app computed from our statuses
      for (const n of [killed, survived]) await tab.locator('mutation-test-report-app').getByText(String(n), { exact: true }).first().waitFor({ timeout: 5_000 });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describeWithChromium()('report.html', () => {
  it('is self-contained and opens from disk in headless Chromium with no console errors', async () => {
    const html = read('report.html');
    // nothing fetched from elsewhere: no external src/href, no script
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script/i);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(join(run, 'report.html')).href);
      expect(problems).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
      const report = JSON.parse(read('report.json')) as Report;
      // both charts are drawn: a bar row per family, a heatmap row per generator
      expect(await page.locator('svg[aria-label="verdicts per family"] text.lab').count()).toBe(report.flow.length);
      expect(await page.locator('svg[aria-label="generator by family verdict heatmap"] text.lab').count()).toBe(report.generators.length);
      expect(await page.locator('h1').innerText()).toContain('blindspot audit: apps');
      for (const fa of report.falseAccepts.slice(0, 3)) await expect(page.getByText(fa.cell, { exact: true }).count()).resolves.toBe(1);
      const shot = join(root, 'report.png');
      if (process.env.BLINDSPOT_KEEP_SCREENSHOT) await page.screenshot({ path: process.env.BLINDSPOT_KEEP_SCREENSHOT, fullPage: true });
      await page.screenshot({ path: shot, fullPage: true });
      const png = readFileSync(shot);
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      expect(width).toBe(1200);
      expect(height).toBeGreaterThan(900);
      expect(png.length).toBeGreaterThan(30_000);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

/** The official SARIF 2.1.0 schema (draft-04; one of its patterns is not valid in unicode mode). */
function sarifValidator() {
  const ajv = new Ajv04.default({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats.default(ajv as unknown as Ajv);
  return ajv.compile(JSON.parse(readFileSync('node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', 'utf8')));
}

describe('report.sarif', () => {
  it('validates against the SARIF 2.1.0 schema, with one result per false accept at its checker file and line', () => {
    const validate = sarifValidator();
    const sarif = JSON.parse(read('report.sarif'));
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    // the validator is not vacuous: a level SARIF does not know is refused
    expect(validate({ ...sarif, runs: [{ ...sarif.runs[0], results: [{ ...sarif.runs[0].results[0], level: 'fatal' }] }] })).toBe(false);

    const report = JSON.parse(read('report.json')) as Report;
    const results = sarif.runs[0].results;
    expect(report.falseAccepts.length).toBeGreaterThan(0);
    expect(results.map((r: { properties: { cell: string } }) => r.properties.cell).sort()).toEqual(report.falseAccepts.map((f) => f.cell).sort());
    for (const r of results) {
      const fa = report.falseAccepts.find((f) => f.cell === r.properties.cell)!;
      const loc = r.locations[0].physicalLocation;
      expect(loc.artifactLocation.uri).toBe(`targets/apps/checkers/${fa.generator}.ts`);
      expect(readFileSync(loc.artifactLocation.uri, 'utf8').split('\n')[loc.region.startLine - 1]).toMatch(/^export default function check\(/);
      expect(r.ruleId).toBe(`blindspot/${fa.family}`);
      for (const line of fa.evidence!.summary) expect(r.message.text).toContain(line);
    }
    expect(read('checksums.sha256')).toMatch(/ {2}report\.sarif\n/);
  });
});

describe('kill rates and thresholds', () => {
  it('are in every format, and a family below --threshold-break exits 1 (config file or flags)', async () => {
    const report = JSON.parse(read('report.json')) as Report;
    const rows = report.killRates!.families;
    // computed from the cells: Fail / (Fail + Pass) over confirmed wrong effects
    for (const f of report.supported) {
      const row = rows.find((r) => r.family === f.family)!;
      expect(row.killed + row.survived + row.errors).toBe(f.n);
      expect(row.survived).toBe(f.fa);
    }
    const weakest = Math.min(...rows.filter((r) => r.rate !== undefined).map((r) => r.rate!));
    expect(weakest).toBeLessThan(100);
    expect(read('report.md')).toMatch(/## Kill rate per family/);
    expect(read('report.html')).toMatch(/<h2>Kill rate per family<\/h2>/);
    expect(read('kill-rates.csv').split('\n')[0]).toBe('family,killed,survived,errors,dismissed,kill_rate,band,below_break');
    expect(JSON.parse(read('mutation-testing-report.json')).thresholds).toEqual({ high: 80, low: 60 });
    expect(JSON.parse(read('report.sarif')).runs[0].properties.killRates.families).toEqual(rows);

    const copy = join(root, 'thresholds');
    cpSync(run, copy, { recursive: true });
    const above = Math.ceil(weakest + 1);
    const broken = await runCli(['report', copy, '--mutants', join(root, 'm'), '--threshold-low', String(above), '--threshold-high', String(Math.max(above, 80)), '--threshold-break', String(above)]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`kill rate below the break threshold \\(${above}%\\)`));
    expect(JSON.parse(readFileSync(join(copy, 'report.json'), 'utf8')).killRates.broken).toBe(true);
    expect(readFileSync(join(copy, 'kill-rates.csv'), 'utf8')).toMatch(/,yes\n/);

    const fine = await runCli(['report', copy, '--mutants', join(root, 'm'), '--threshold-low', String(Math.floor(weakest)), '--threshold-break', String(Math.floor(weakest))]);
    expect(fine.code, fine.stderr).toBe(0);

    const config = join(root, 'blindspot.config.json');
    writeFileSync(config, JSON.stringify({ thresholds: { high: 100, low: above, break: above } }));
    const viaConfig = await runCli(['report', copy, '--mutants', join(root, 'm'), '--config', config]);
    expect(viaConfig.code).toBe(1);
    writeFileSync(config, JSON.stringify({ thresholds: { high: 50, low: 60 } }));
    const bad = await runCli(['report', copy, '--mutants', join(root, 'm'), '--config', config]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/blindspot\.config\.json: thresholds: field low: low must not exceed high/);
    writeFileSync(config, JSON.stringify({ thresholds: { break: 'high' } }));
    const wrongType = await runCli(['report', copy, '--mutants', join(root, 'm'), '--config', config]);
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toMatch(/blindspot\.config\.json: field thresholds\.break/);
  }, 60_000);
});
