import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkConformance } from '../../src/target/protocol/conformance.ts';
import { cli } from '../fixtures/cli.ts';
import { PROTOCOL_TOY, useTmp } from '../fixtures/tmp.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';

const tmp = useTmp();

describe('blindspot target check', { timeout: 60_000 }, () => {
  it('passes a conforming target', async () => {
    const r = await cli(['target', 'check', '--', 'node', PROTOCOL_TOY]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/conforms: every check passed/);
  });

  it('exercises inputs and call when a protocol-3 target advertises them', async () => {
    const r = await checkConformance(['node', PROTOCOL_TOY, '--protocol', '3'], {});
    expect(r.ok).toBe(true);
    const names = r.checks.map((c) => c.name);
    expect(names).toContain('inputs: the tool contract offers every call of the reference');
    expect(names).toContain('call: the reference, call by call, passes its own checker');
    const old = await checkConformance(['node', PROTOCOL_TOY], {});
    expect(old.checks.map((c) => c.name).filter((n) => /^(inputs|call):/.test(n))).toEqual([]);
  });

  it('fails a broken target and says what is wrong, task by task', async () => {
    const r = await checkConformance(['node', PROTOCOL_TOY, '--mode', 'broken'], {});
    expect(r.ok).toBe(false);
    const byName = Object.fromEntries(r.checks.map((c) => [c.name, c]));
    expect(byName.handshake.ok).toBe(true);
    expect(byName['every reference passes its own checker'].failures).toEqual(['notes/1: own checker says fail (no note "bye")']);
    expect(byName['two fresh deliveries read back identical effects'].failures[0]).toMatch(/notes\/0: second delivery differs/);
    expect(byName['checker is deterministic on controls'].failures[0]).toMatch(/notes\/0: verdicts pass, fail, pass/);
    expect(byName['malformed requests get structured errors'].failures[0]).toMatch(/not JSON: .*exited with code 1[\s\S]*cannot parse request/);

    const c = await cli(['target', 'check', '--json', '--', 'node', PROTOCOL_TOY, '--mode', 'broken']);
    expect(c.code).toBe(1);
    expect(JSON.parse(c.stdout).ok).toBe(false);
  });

  it('reports a target that never shakes hands', async () => {
    const r = await cli(['target', 'check', '--', 'node', '-e', 'process.exit(2)']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL handshake: no valid handshake[\s\S]*exited with code 2/);
  });

  it('an audit through the protocol finishes when the child dies mid-run; that cell is incomplete', async () => {
    const dir = tmp();
    const marker = join(dir, 'die');
    const f = await cli(['freeze', '--target', 'protocol', '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--json', '--', 'node', PROTOCOL_TOY, '--die-once', marker]);
    expect(f.code).toBe(0);
    const inc = JSON.parse(f.stdout).dir as string;
    writeFileSync(marker, '');
    const r = await cli(['run', inc, '--out', join(dir, 'run'), '--workers', '1', '--progress', 'false']);
    expect(r.code).toBe(0);
    const ledger = readLedger(ledgerPath(join(dir, 'run'))).entries;
    const manifest = readFileSync(join(inc, 'manifest.jsonl'), 'utf8').trim().split('\n');
    expect(ledger).toHaveLength(manifest.length);
    const lost = ledger.filter((e) => e.delivery && !e.delivery.completed);
    expect(lost).toHaveLength(1);
    expect(lost[0].delivery?.error).toMatch(/exited with code 3/);
    expect(lost[0].verdict?.verdict).toBe('error');
    expect(ledger.filter((e) => e.verdict?.verdict === 'pass').length).toBeGreaterThan(0);
    expect(readdirSync(join(dir, 'run'))).toContain('report.json');
  });
});
