import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkConformance, DECLARATION_CHECKS } from '../../src/target/protocol/conformance.ts';
import { jsonError, runCli } from '../fixtures/cli.ts';
import { PROTOCOL_TOY, useTmp } from '../fixtures/tmp.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';

const tmp = useTmp();

describe('blindspot target check', { timeout: 60_000 }, () => {
  it('passes a conforming target', async () => {
    const r = await runCli(['target', 'check', '--', 'node', PROTOCOL_TOY]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/conforms: every check passed/);
  });

  it('refuses a --tasks name that selects no task, as freeze does, rather than passing on the others or on none', async () => {
    for (const [known, target] of [['notes/0', ['--', 'node', PROTOCOL_TOY]], ['wa/0', ['--target', 'test/fixtures/world-toy.ts']]] as const) {
      const r = await runCli(['target', 'check', '--json', '--tasks', `${known},nope/0`, ...target]);
      expect(r.code).toBe(2);
      expect(jsonError(r)).toMatchObject({ kind: 'input', option: '--tasks' });
      expect(r.stderr).toMatch(/^blindspot: --tasks: no selected task or generator named 'nope\/0'/);
    }
    const one = JSON.parse((await runCli(['target', 'check', '--json', '--tasks', 'wa', '--target', 'test/fixtures/world-toy.ts'])).stdout);
    expect(one).toMatchObject({ ok: true, tasks: 2 });
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

  it('holds a target that declares pipeline to its promise: ids of blindspot\'s choosing, requests sent together answered in order', async () => {
    const name = 'pipeline: requests sent together are served in order, under the client\'s episode ids';
    const honest = await checkConformance(['node', PROTOCOL_TOY, '--pipeline', 'honest'], {});
    expect(honest.ok).toBe(true);
    expect(honest.checks.find((c) => c.name === name)).toMatchObject({ ok: true, summary: '1/1 episodes' });
    const own = await checkConformance(['node', PROTOCOL_TOY, '--pipeline', 'own-ids'], {});
    expect(own.ok).toBe(false);
    const failed = own.checks.find((c) => c.name === name)!;
    expect(failed.ok).toBe(false);
    expect(failed.failures).toHaveLength(1);
    expect(failed.failures[0]).toMatch(/^notes\/0: open \{episode: conformance-p1\}: answered episode e\d+; deliver: unknown-episode: no episode conformance-p1; /);
    expect(failed.failures[0]).toMatch(/open \{episode: conformance-p1\} while it is open: expected an invalid-params error, got an episode/);
    // a target that does not declare it is not asked
    expect((await checkConformance(['node', PROTOCOL_TOY], {})).checks.map((c) => c.name)).not.toContain(name);
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

    const c = await runCli(['target', 'check', '--json', '--', 'node', PROTOCOL_TOY, '--mode', 'broken']);
    expect(c.code).toBe(1);
    expect(JSON.parse(c.stdout).ok).toBe(false);
  });

  const byName = (r: { checks: { name: string }[] }) => Object.fromEntries(r.checks.map((c) => [c.name, c])) as Record<string, Awaited<ReturnType<typeof checkConformance>>['checks'][number]>;
  const DECLARED = Object.values(DECLARATION_CHECKS);

  it('reports the protocol version accepted, and a check per declaration of that version', async () => {
    const c = await runCli(['target', 'check', '--json', '--', 'node', PROTOCOL_TOY, '--protocol', '3', '--worlds', 'same']);
    expect(c.stderr).toBe('');
    expect(c.code).toBe(0);
    const r = JSON.parse(c.stdout);
    expect(r).toMatchObject({ ok: true, protocol: 3, tasks: 3 });
    const checks = byName(r);
    for (const name of DECLARED) expect(checks[name]?.ok, name).toBe(true);
    expect(checks[DECLARATION_CHECKS.world].summary).toBe('1/1 tasks');
    // every task's reference, started through a task of the other world, naming its own
    expect(checks[DECLARATION_CHECKS.trajectoryWorld].summary).toBe('3/3 deliveries');
    expect(checks[DECLARATION_CHECKS.answer].summary).toBe('3 of 3 references answer through supervisor.complete_task.answer');
    expect(checks[DECLARATION_CHECKS.tables]).toMatchObject({ summary: '1 of 2 declarations name a read-back table', notes: ['archive names none of the tables these tasks read back'] });

    const text = await runCli(['target', 'check', '--', 'node', PROTOCOL_TOY, '--protocol', '2', '--worlds', 'same']);
    expect(text.stdout).toMatch(/^ {2}protocol 2 accepted \(blindspot speaks 3, 2, 1\)$/m);
    expect(text.stdout).toMatch(/note: archive names none/);
    // protocol 1 has no declarations to check
    const old = await checkConformance(['node', PROTOCOL_TOY, '--worlds', 'same'], {});
    expect(old.protocol).toBe(1);
    expect(old.checks.filter((k) => (DECLARED as string[]).includes(k.name))).toEqual([]);
    // a protocol-2 target that declares nothing passes each as not declared
    const none = byName(await checkConformance(['node', PROTOCOL_TOY, '--protocol', '2'], {}));
    for (const name of DECLARED) expect(none[name]).toMatchObject({ ok: true, summary: 'not declared' });
  });

  it('fails a target whose two tasks claim one world but start differently', async () => {
    const c = await runCli(['target', 'check', '--json', '--', 'node', PROTOCOL_TOY, '--protocol', '2', '--worlds', 'differ']);
    expect(c.code).toBe(1);
    const r = JSON.parse(c.stdout);
    expect(r.ok).toBe(false);
    const checks = byName(r);
    expect(checks[DECLARATION_CHECKS.world]).toMatchObject({ ok: false, summary: '1 of 1 tasks fail' });
    expect(checks[DECLARATION_CHECKS.world].failures).toEqual([
      expect.stringMatching(/^notes\/1 claims world w with notes\/0, but notes\/0's reference delivered in notes\/1's world reads back otherwise: notes: /),
    ]);
    expect(r.checks.filter((k: { ok: boolean }) => !k.ok).map((k: { name: string }) => k.name)).toEqual([DECLARATION_CHECKS.world]);
  });

  it('fails a target that starts an episode in the trajectory task\'s world whatever Trajectory.world names', async () => {
    const checks = byName(await checkConformance(['node', PROTOCOL_TOY, '--protocol', '2', '--worlds', 'ignore'], {}));
    expect(checks[DECLARATION_CHECKS.world].ok).toBe(true);
    const named = checks[DECLARATION_CHECKS.trajectoryWorld];
    expect(named.ok).toBe(false);
    expect(named.failures).toContainEqual(expect.stringMatching(/^notes\/0's reference, delivered as notes\/2 with world notes\/0, reads back otherwise/));
  });

  it('fails an answer call no reference makes and table declarations that name no table read back', async () => {
    const checks = byName(await checkConformance(['node', PROTOCOL_TOY, '--protocol', '2', '--semantics', 'bad'], {}));
    expect(checks[DECLARATION_CHECKS.answer]).toMatchObject({ ok: false, failures: ['none of the 2 references makes the answer call finish'] });
    expect(checks[DECLARATION_CHECKS.tables]).toMatchObject({ ok: false, failures: ['no declaration names a table the readbacks name (notes)'] });
  });

  it('checks the declarations of a target that runs in process', async () => {
    const worlds = JSON.parse((await runCli(['target', 'check', '--json', '--target', 'test/fixtures/world-toy.ts'])).stdout);
    expect(worlds.protocol).toBeUndefined();
    const w = byName(worlds);
    expect(w[DECLARATION_CHECKS.world]).toMatchObject({ ok: true, summary: '1/1 tasks' });
    expect(w[DECLARATION_CHECKS.trajectoryWorld]).toMatchObject({ ok: true, summary: '3/3 deliveries' });
    const answers = await runCli(['target', 'check', '--target', 'test/fixtures/answer-toy.ts']);
    expect(answers.code, answers.stdout).toBe(0);
    expect(answers.stdout).toMatch(/ok {3}semantics.answer: references carry the answer where it is declared: 2 of 2 references answer through done.answer/);
    expect(answers.stdout).toMatch(/ok {3}TaskInfo.world: tasks that claim one world start from the same state: not declared/);
  });

  it('reports a target that never shakes hands', async () => {
    const r = await runCli(['target', 'check', '--', 'node', '-e', 'process.exit(2)']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL handshake: no valid handshake[\s\S]*exited with code 2/);
  });

  it('an audit through the protocol finishes when the child dies mid-run; that cell is incomplete', async () => {
    const dir = tmp();
    const marker = join(dir, 'die');
    const f = await runCli(['freeze', '--target', 'protocol', '--mutants', join(dir, 'm'), '--censuses', join(dir, 'c'), '--json', '--', 'node', PROTOCOL_TOY, '--die-once', marker]);
    expect(f.code).toBe(0);
    const inc = JSON.parse(f.stdout).dir as string;
    writeFileSync(marker, '');
    const r = await runCli(['run', inc, '--out', join(dir, 'run'), '--workers', '1', '--progress', 'false']);
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
