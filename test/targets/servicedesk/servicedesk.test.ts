// The servicedesk target end to end through the real CLI: controls, the five GUI
// families, raw-value readback (alias of a default is degenerate), incomplete
// deliveries with page evidence, residue, the prospective rerun, session-scoped
// swap rejections, no browser left behind; and its isolation: an instance
// (database and random credentials, owner-only files) per run, shared by the run's
// workers and sessions, so a resumed run sweeps only its own killed episodes.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { auditStoppedPartWay, BIN, cli, comparable } from '../../fixtures/cli.ts';
import { instanceResidue, sweepEpisodeResidue } from '../../../targets/servicedesk/residue.ts';
import { episodeUserPrefix, instanceIn, openInstanceDb } from '../../../targets/servicedesk/app/instance.ts';
import { InstanceDb } from '../../../targets/servicedesk/app/db.ts';
import { openServicedesk } from '../../../targets/servicedesk/target.ts';
import { describeWithChromium } from '../../fixtures/requires.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { readLedger } from '../../../src/run/ledger.ts';
import { ledgerPath } from '../../../src/run/run.ts';

// Named now, created only when the tests run, so a skipped run leaves nothing behind.
const root = join(tmpdir(), `blindspot-sdtest-${process.pid}-${Date.now()}`);
const dirs = ['--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses')];
const audit = join(root, 'audit');
const TASKS = 'create_incident,create_hardware_asset,order_apple_watch';

/** Each CLI child gets a label in its environment, which the browsers it starts inherit. */
const MARK = 'BLINDSPOT_SERVICEDESK_TEST';
const envOf = (label: string) => ({ [MARK]: join(root, label) });
const env = envOf('main');

/** Browser processes started by the CLI children labelled `label`. */
function browsersOf(label: string): number[] {
  const tag = `${MARK}=${join(root, label)}\0`;
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/environ`, 'utf8').includes(tag) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('chrom');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Browsers of a killed process exit on their own shortly after it: wait for them, up to a deadline. */
async function browsersLeft(label: string, deadlineMs = 15_000): Promise<number[]> {
  const end = Date.now() + deadlineMs;
  while (browsersOf(label).length && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return browsersOf(label);
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const ledger = (run: string) => readLedger(ledgerPath(run)).entries;
/** Where a run keeps its servicedesk instance. */
const state = (run: string) => join(run, 'target-state');
const mode = (path: string) => statSync(path).mode & 0o777;

describe('servicedesk instances', () => {
  const tmp = useTmp();

  it('gives each target opened without a state directory its own private instance, removed at close', async () => {
    const [t1, t2] = await Promise.all([openServicedesk({}), openServicedesk({})]);
    const [i1, i2] = await Promise.all([t1.instance(), t2.instance()]);
    expect(i1.dbPath).not.toBe(i2.dbPath);
    expect(i1.id).not.toBe(i2.id);
    expect(i1.admin.password).not.toBe(i2.admin.password);
    const db = openInstanceDb(i1);
    try {
      expect(mode(i1.dir)).toBe(0o700);
      const files = readdirSync(i1.dir).sort();
      expect(files).toEqual(['credentials.json', `${relative(i1.dir, i1.dbPath)}`, `${relative(i1.dir, i1.dbPath)}-shm`, `${relative(i1.dir, i1.dbPath)}-wal`]);
      for (const f of files) expect([f, mode(join(i1.dir, f))]).toEqual([f, 0o600]);
    } finally {
      db.close();
    }
    await Promise.all([t1.close(), t2.close()]);
    expect([existsSync(i1.dir), existsSync(i2.dir)]).toEqual([false, false]);
  });

  it('opens one instance for every target of a run (its workers, its sessions) and another for another run', async () => {
    const [a, b] = [join(tmp(), 'a'), join(tmp(), 'b')];
    const targets = await Promise.all([openServicedesk({ stateDir: a }), openServicedesk({ stateDir: a }), openServicedesk({ stateDir: b })]);
    const [x, y, z] = await Promise.all(targets.map((t) => t.instance()));
    expect(y).toEqual(x);
    expect(z.id).not.toBe(x.id);
    expect(z.dbPath).not.toBe(x.dbPath);
    await Promise.all(targets.map((t) => t.close()));
    const again = await openServicedesk({ stateDir: a });
    expect(await again.instance()).toEqual(x);
    await again.close();
    expect(existsSync(join(a, 'credentials.json'))).toBe(true); // a run's instance outlives its sessions
  });

  it('counts and sweeps only its own episodes\' rows, even in a database someone shared by hand', async () => {
    const inst = await instanceIn(tmp());
    const mine = `${episodeUserPrefix(inst)}0a1b2c3d4e5f`;
    const theirs = 'bs-episode-0123456789ab-0a1b2c3d4e5f';
    const db = openInstanceDb(inst);
    try {
      for (const user of [mine, theirs]) {
        db.insert('sys_user', { user_name: user, name: user, email: '', password: 'x' }, 'admin');
        db.insert('incident', { short_description: 'left by a killed episode' }, user);
      }
      expect(await instanceResidue(inst.dir)).toEqual([{ table: 'incident', rows: 1 }, { table: 'sys_user', rows: 1 }]);
      expect(sweepEpisodeResidue(inst)).toEqual(['incident: 1 row(s) of killed episodes', 'sys_user: 1 row(s) of killed episodes']);
      expect(await instanceResidue(inst.dir)).toEqual([]);
      expect(db.select('incident').map((r) => r.sys_created_by)).toEqual([theirs]);
      expect(db.select('sys_user', [['user_name', '=', theirs]])).toHaveLength(1);
    } finally {
      db.close();
    }
  });

  it('refuses to open a database made for other credentials', async () => {
    const inst = await instanceIn(tmp());
    openInstanceDb(inst).close();
    expect(() => new InstanceDb(inst.dbPath, 'another-password-of-some-length')).toThrow(/belongs to another instance/);
  });

  it('refuses the retired shared-database variable instead of ignoring it', async () => {
    process.env.BLINDSPOT_SERVICEDESK_DB = join(tmp(), 'shared.db');
    try {
      await expect(openServicedesk({})).rejects.toThrow(/BLINDSPOT_SERVICEDESK_DB is no longer read/);
    } finally {
      delete process.env.BLINDSPOT_SERVICEDESK_DB;
    }
  });

  it('keeps no password in its source', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    const literal = /password['"]?\s*[:=]\s*(['"`])(?!\1)/;
    const found = ['targets/servicedesk', 'src', 'bench'].flatMap(files).filter((f) => literal.test(readFileSync(f, 'utf8')) || readFileSync(f, 'utf8').includes('blindspot-admin'));
    expect(found).toEqual([]);
  });
});

describeWithChromium()('servicedesk target', () => {
  let report: any;
  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    const r = await cli(['audit', '--target', 'servicedesk', '--tasks', TASKS, '--out', audit, '--workers', '2', '--no-progress', ...dirs], env);
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

  it('leaves no residue in the run\'s instance and no browser running', async () => {
    expect(await instanceResidue(state(audit))).toEqual([]);
    expect(browsersOf('main')).toEqual([]);
  });

  it('reruns the extra-field Pass cells with readback and reproduces their verdicts', async () => {
    const out = join(root, 'rerun');
    const r = await cli(['rerun', '--from', audit, '--where', 'family=extra-field,verdict=pass', '--out', out, '--workers', '1', '--json', '--mutants', join(root, 'mutants')], env);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ selected: 5, confirmedWrongEffect: 4, degenerate: 1, verdictsReproduced: 5 });
    expect(s.cells.every((c: any) => c.after.verdict === 'pass')).toBe(true);
    expect(await instanceResidue(state(out))).toEqual([]);
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
    expect(browsersOf('main')).toEqual([]);
  }, 90_000);

  it('runs two audits in parallel, one killed with SIGKILL and resumed: each on its own instance, both equal to the solo run', async () => {
    const args = ['--target', 'servicedesk', '--tasks', TASKS, ...dirs, '--no-progress'];
    const [a, b] = [join(root, 'a'), join(root, 'b')];
    const other = execa('node', [BIN, 'audit', ...args, '--workers', '1', '--out', b], { reject: false, env: { ...process.env, ...envOf('b') } });
    const { result } = await auditStoppedPartWay([...args, '--workers', '2'], a, 16, 'SIGKILL', envOf('a'));
    expect(result.signal).toBe('SIGKILL');
    expect(await browsersLeft('a')).toEqual([]);
    const leftByKill = (await instanceResidue(state(a))).map((x) => `${x.table}: ${x.rows} row(s) of killed episodes`);
    const resumed = await cli(['audit', ...args, '--workers', '2', '--out', a], envOf('a'));
    expect(resumed.code, resumed.stderr).toBe(0);
    const parallel = await other;
    expect(parallel.exitCode, parallel.stderr).toBe(0);

    const [sa, sb] = [a, b].map((run) => json(join(run, 'run.json')).sessions);
    expect(sa.map((x: any) => x.status)).toEqual(['killed', 'complete']);
    // the other run was still scoring when this one resumed and swept what its killed episodes left
    expect(Date.parse(sb[0].endedAt)).toBeGreaterThan(Date.parse(sa[1].startedAt));
    expect([...sa[1].recovered].sort()).toEqual(leftByKill.sort());
    const ids = ledger(a).map((e) => e.cell);
    expect(new Set(ids).size).toBe(ids.length);
    expect(comparable(a)).toEqual(comparable(audit));
    expect(comparable(b)).toEqual(comparable(audit));

    const [ia, ib] = await Promise.all([a, b].map((run) => instanceIn(state(run), false)));
    expect(ia.id).not.toBe(ib.id);
    for (const run of [a, b]) {
      expect(mode(run)).toBe(mode(root)); // the run folder keeps the ordinary mode
      expect(mode(state(run))).toBe(0o700);
      for (const f of readdirSync(state(run))) expect([f, mode(join(state(run), f))]).toEqual([f, 0o600]);
      expect(await instanceResidue(state(run))).toEqual([]);
    }
    expect([...browsersOf('a'), ...browsersOf('b')]).toEqual([]);
  }, 240_000);
});
