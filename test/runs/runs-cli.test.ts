// The recorded-runs arm through the CLI a user types, on the embedded apps target
// (no venv): classes, resume after SIGKILL, a changed run file refused, bad input.
import { describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditStoppedPartWay, runCli, ledgerLines } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import { openTarget } from '../../src/target/registry.ts';
import { readLedger } from '../../src/run/ledger.ts';
import { ledgerPath } from '../../src/run/run.ts';

const tmp = useTmp();
const FIXTURE = 'test/fixtures/runs/apps-runs.jsonl';
const dirs = (root: string) => ['--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--no-progress'];

describe('audit --arms runs on apps', () => {
  it('replays each recorded run and reports it in its class, with the readback that proves a false accept', async () => {
    const root = tmp();
    const out = join(root, 'run');
    const r = await runCli(['audit', '--target', 'apps', '--arms', 'runs', '--runs', FIXTURE, '--out', out, ...dirs(root)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Recorded runs: 5 replayed, 4 reproduced their recorded verdict; 1 real false accepts, 0 real false rejects, 0 need review, 3 excluded/);
    expect(r.stdout).toContain('\n  eager-agent venmo_request_payment/0: venmo_payment_requests: 1 row(s) added beyond the reference\n');
    const runs = JSON.parse(readFileSync(join(out, 'runs.json'), 'utf8'));
    const byPipeline = Object.fromEntries(runs.pipelines.map((p: { pipeline: string }) => [p.pipeline, p]));
    expect(byPipeline['eager-agent']).toMatchObject({ runs: 1, recordedPasses: 1, falseAccepts: 1, correctedUtility: 0 });
    expect(byPipeline['careful-agent']).toMatchObject({ runs: 1, falseAccepts: 0, correctedUtility: 1 });
    expect(runs.falseAccepts).toHaveLength(1);
    expect(runs.falseAccepts[0]).toMatchObject({ pipeline: 'eager-agent', task: 'venmo_request_payment/0', evidence: ['venmo_payment_requests: 1 row(s) added beyond the reference'] });
    // the clumsy agent's rejected call is answered as recorded and the run goes on to a correct pass
    expect(runs.counts).toMatchObject({ 'correct-pass': 2, 'correct-fail': 1, 'not-reproduced': 1, excluded: 3 });
    expect(runs.excluded.map((e: { reason: string }) => e.reason)).toEqual([
      expect.stringMatching(/no_such_task\/0/),
      expect.stringMatching(/#7: message 0: tool call venmo.search_users: arguments are not valid JSON/),
      expect.stringMatching(/#8: not valid JSON/),
    ]);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/## Per pipeline/);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/<h2>Real false accepts<\/h2>/);
    expect(readFileSync(join(out, 'runs-pipelines.csv'), 'utf8').split('\n')[0]).toMatch(/^pipeline,runs,recorded_passes/);

    // consequence reads the observed corrections without published scores
    const cq = await runCli(['consequence', out, '--json']);
    expect(cq.code, cq.stderr).toBe(0);
    const observed = JSON.parse(cq.stdout).observed;
    expect(observed.pipelines.find((p: { pipeline: string }) => p.pipeline === 'eager-agent')).toMatchObject({ recordedUtility: 1, correctedUtility: 0, falseAccepts: 1 });
    expect(observed.orders.top1).toEqual({ recorded: ['careful-agent', 'clumsy-agent', 'eager-agent'], corrected: ['careful-agent', 'clumsy-agent'], changed: true });

    // a dismissal is keyed by task and difference: it marks the finding and gives the pipeline its pass back
    const triageFile = join(root, 'triage.json');
    const key = runs.falseAccepts[0].key;
    const listed = await runCli(['triage', out, '--triage', triageFile]);
    expect(listed.stdout).toContain(`${key}  open       venmo_request_payment/0  recorded run: real-false-accept`);
    expect((await runCli(['triage', out, '--cell', key, '--dismiss', 'the toy says a second request is harmless', '--triage', triageFile])).code).toBe(0);
    expect((await runCli(['report', out, '--triage', triageFile])).code).toBe(0);
    const after = JSON.parse(readFileSync(join(out, 'runs.json'), 'utf8'));
    expect(after.falseAccepts[0].triage).toEqual({ status: 'dismissed', reason: 'the toy says a second request is harmless' });
    expect(after.pipelines.find((p: { pipeline: string }) => p.pipeline === 'eager-agent')).toMatchObject({ falseAccepts: 0, correctedUtility: 1 });
  });

  it('refuses to resume once a run file it was frozen from has changed', async () => {
    const root = tmp();
    const runsFile = join(root, 'runs.jsonl');
    copyFileSync(FIXTURE, runsFile);
    const args = ['audit', '--target', 'apps', '--arms', 'runs', '--runs', runsFile, '--out', join(root, 'run'), ...dirs(root)];
    expect((await runCli(args)).code).toBe(0);
    const inc = JSON.parse(readFileSync(join(root, 'run', 'run.json'), 'utf8')).increment;
    appendFileSync(runsFile, '\n');
    const again = await runCli(['run', join(root, 'm', inc.id), '--out', join(root, 'run2'), '--no-progress']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/runs\.jsonl: changed since increment .* was frozen/);
  });

  it('refuses bad --runs input before freezing anything', async () => {
    const root = tmp();
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const cases: [string[], RegExp][] = [
      [['--arms', 'runs'], /--runs: the runs arm needs --runs/],
      [['--arms', 'faults', '--runs', FIXTURE], /add --arms runs/],
      [['--arms', 'runs', '--runs', join(root, 'nope')], /--runs: .*nope does not exist/],
      [['--arms', 'runs', '--runs', empty], /holds no \.json or \.jsonl run files/],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli(['audit', '--target', 'apps', ...flags, '--out', join(root, 'run'), ...dirs(root)]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('a recorded-runs audit killed with SIGKILL part-way', () => {
  it('resumes with no run scored twice and the same report as an uninterrupted one', async () => {
    const root = tmp();
    // three agents over every apps task: the reference's own calls, the last write twice, and one call refused
    const target = await openTarget('apps');
    const lines: string[] = [];
    for (const t of (await target.tasks()).filter((x) => x.split === 'dev')) {
      const calls = (await target.reference(t.id)).steps.filter((s) => s.kind !== 'claim');
      const last = calls.filter((s) => s.kind === 'write').at(-1);
      const messages = (cs: typeof calls) => cs.map((c) => ({ role: 'assistant', tool_calls: [{ function: { name: c.call, arguments: JSON.stringify(c.args) } }] }));
      lines.push(JSON.stringify({ task: t.id, pipeline: 'ref', verdict: true, messages: messages(calls) }));
      if (last) lines.push(JSON.stringify({ task: t.id, pipeline: 'twice', verdict: true, messages: messages([...calls, last]) }));
      lines.push(JSON.stringify({ task: t.id, pipeline: 'nothing', verdict: false, messages: [] }));
    }
    await target.close();
    const file = join(root, 'many.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    const common = ['--target', 'apps', '--arms', 'runs', '--runs', file, '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1'];
    const full = join(root, 'full');
    expect((await runCli(['audit', ...common, '--out', full])).code).toBe(0);
    const total = ledgerLines(full);

    const part = join(root, 'part');
    const { result, lines: atKill } = await auditStoppedPartWay(common, part, 60, 'SIGKILL');
    expect(result.signal).toBe('SIGKILL');
    expect(atKill).toBeLessThan(total);
    const resumed = await runCli(['audit', ...common, '--out', part]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const ids = readLedger(ledgerPath(part)).entries.map((e) => e.cell);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    const strip = (dir: string) => {
      const r = JSON.parse(readFileSync(join(dir, 'runs.json'), 'utf8'));
      return { ...r, input: undefined };
    };
    expect(strip(part)).toEqual(strip(full));
    expect(strip(full).counts['real-false-accept']).toBeGreaterThan(0);
  });
});
