import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { schema } from 'mutation-testing-report-schema';
import type { MutationTestResult } from 'mutation-testing-report-schema';
import { appsAudit } from '../fixtures/cli.ts';
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
