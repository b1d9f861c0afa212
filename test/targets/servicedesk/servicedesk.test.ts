// The servicedesk target end to end through the real CLI, on a private instance
// database: controls, the five GUI families, raw-value readback (alias of a
// default is degenerate), incomplete deliveries with page evidence, residue,
// the prospective rerun, session-scoped swap rejections, no browser left behind.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditStoppedPartWay, cli } from '../../fixtures/cli.ts';
import { instanceResidue } from '../../../targets/servicedesk/residue.ts';
import { describeWithChromium } from '../../fixtures/requires.ts';
import { readLedger } from '../../../src/run/ledger.ts';
import { ledgerPath } from '../../../src/run/run.ts';

// Named now, created only when the tests run, so a skipped run leaves nothing behind.
const root = join(tmpdir(), `blindspot-servicedesk-${process.pid}-${Date.now()}`);
const db = join(root, 'instance.db');
const env = { BLINDSPOT_SERVICEDESK_DB: db };
const dirs = ['--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses')];
const audit = join(root, 'audit');

/** Browser processes started by this test: they inherit the private database path. */
function browsersOfThisTest(): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/environ`, 'utf8').includes(db) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('chrom');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Browsers of a killed process exit on their own shortly after it: wait for them, up to a deadline. */
async function browsersLeft(deadlineMs = 15_000): Promise<number[]> {
  const end = Date.now() + deadlineMs;
  while (browsersOfThisTest().length && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return browsersOfThisTest();
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const ledger = (run: string) => readLedger(ledgerPath(run)).entries;

describeWithChromium()('servicedesk target', () => {
  let report: any;
  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    const r = await cli(['audit', '--target', 'servicedesk', '--tasks', 'create_incident,create_hardware_asset,order_apple_watch', '--out', audit, '--workers', '2', '--no-progress', ...dirs], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    report = json(join(audit, 'report.json'));
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('passes every diagonal control', () => {
    expect(report.controls).toMatchObject({ total: 9, pass: 9, falseRejects: [] });
  });

  it('has a flow row for every GUI family', () => {
    expect(report.flow.map((f: any) => f.family)).toEqual(['omit-field', 'omit-divergent', 'no-submit', 'extra-field', 'claim-only']);
  });

  it('confirms extra-field false accepts with the persisted out-of-scope value from the Table API', () => {
    const fa = report.falseAccepts.filter((f: any) => f.family === 'extra-field').map((f: any) => f.cell).sort();
    expect(fa).toEqual(['fault:extra-field:create_hardware_asset/0#0', 'fault:extra-field:create_hardware_asset/1#0', 'fault:extra-field:create_incident/0#0', 'fault:extra-field:create_incident/2#0']);
    const incident = report.falseAccepts.find((f: any) => f.cell === 'fault:extra-field:create_incident/0#0');
    expect(incident.evidence.summary).toContain('incident.contact_type: stored "phone" where the reference stores ""');
  });

  it('classifies a display-label alias of the stored default as degenerate, though the checker passes', () => {
    const cells = readFileSync(join(audit, 'cells.csv'), 'utf8');
    expect(cells).toMatch(/fault:extra-field:create_incident\/1#0,fault,extra-field,create_incident,[^\n]*,degenerate,pass/);
  });

  it('keeps the page URL and a screenshot of an incomplete delivery', () => {
    const d = ledger(audit).find((x) => x.cell === 'fault:omit-field:create_hardware_asset/1#0')?.delivery;
    expect(d?.completed).toBe(false);
    expect(d?.error).toMatch(/mandatory/);
    expect(d?.page?.url).toMatch(/\/alm_hardware\.do\?sys_id=-1$/);
    expect(d?.page?.screenshot).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('leaves no residue in the instance and no browser running', () => {
    expect(instanceResidue(db)).toEqual([]);
    expect(browsersOfThisTest()).toEqual([]);
  });

  it('reruns the extra-field Pass cells with readback and reproduces their verdicts', async () => {
    const out = join(root, 'rerun');
    const r = await cli(['rerun', '--from', audit, '--where', 'family=extra-field,verdict=pass', '--out', out, '--workers', '1', '--json', '--mutants', join(root, 'mutants')], env);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ selected: 5, confirmedWrongEffect: 4, degenerate: 1, verdictsReproduced: 5 });
    expect(s.cells.every((c: any) => c.after.verdict === 'pass')).toBe(true);
    expect(instanceResidue(db)).toEqual([]);
  }, 60_000);

  it('counts swap rejections from another session\'s evidence separately', async () => {
    const out = join(root, 'swap');
    const r = await cli(['audit', '--target', 'servicedesk', '--arms', 'swap', '--tasks', 'create_incident,order_apple_watch', '--out', out, '--workers', '2', ...dirs], env);
    expect(r.code).toBe(0);
    const swap = json(join(out, 'report.json')).swap;
    expect(swap.rungs.find((x: any) => x.rung === 'diag')).toMatchObject({ valid: 6, pass: 6 });
    const causes = Object.fromEntries(swap.rejectionCauses.map((c: any) => [c.cause, c.cells]));
    // a form checker finds no key of its own instance (same form) or is not on its form page (catalog
    // trajectory); a catalog checker on a form page finds no request id in the URL; catalog on catalog
    // reads the other request and rejects it on its values (unclassified)
    expect(causes).toEqual({ 'session-scoped:storage-key': 6, 'session-scoped:page-url': 9, 'session-scoped:url': 9, unclassified: 6 });
    expect(swap.note).toMatch(/24 rejection\(s\) used a session-scoped evidence path/);
    expect(browsersOfThisTest()).toEqual([]);
  }, 90_000);

  it('resumes a run killed with SIGKILL: each cell once, the killed episodes swept, no browser left', async () => {
    const out = join(root, 'killed');
    const common = ['--target', 'servicedesk', '--tasks', 'create_incident,order_apple_watch', '--workers', '2', ...dirs];
    const { result } = await auditStoppedPartWay(common, out, 12, 'SIGKILL', env);
    expect(result.signal).toBe('SIGKILL');
    expect(await browsersLeft()).toEqual([]);
    const leftByKill = instanceResidue(db).map((x) => `${x.table}: ${x.rows} row(s) of killed episodes`);

    const r = await cli(['audit', ...common, '--out', out], env);
    expect(r.code, r.stderr).toBe(0);
    const ids = ledger(out).map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(json(join(out, 'report.json')).evidence.counts.cells);
    const sessions = json(join(out, 'run.json')).sessions;
    expect(sessions.map((x: any) => x.status)).toEqual(['killed', 'complete']);
    expect([...sessions[1].recovered].sort()).toEqual(leftByKill.sort());
    expect(instanceResidue(db)).toEqual([]);
    expect(browsersOfThisTest()).toEqual([]);
  }, 180_000);
});
