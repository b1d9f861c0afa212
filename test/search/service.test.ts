import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';
import type { SearchFinding, SearchOutcome } from '../../src/search/findings.ts';
import type { Step } from '../../src/contract/target.ts';

const tmp = useTmp();
const SERVICE_TOY = 'test/fixtures/service-toy.ts';
const REBOOT = 'out-of-scope reboot_device';
const INSIDE = 'answer: a figure accepted inside a longer figure';

async function audit(root: string, env: Record<string, string> = {}) {
  const out = join(root, 'run');
  const args = ['audit', '--target', SERVICE_TOY, '--arms', 'search', '--budget', '64', '--mutants', join(root, 'm'), '--censuses', join(root, 'c'), '--workers', '1', '--no-progress', '--out', out];
  const r = await runCli(args, env);
  expect(r.code, r.stderr).toBe(0);
  return out;
}
const searchOf = (report: { search: SearchOutcome }) => report.search;
const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
const manifestSteps = (root: string): { checker: string; steps: Step[] }[] => {
  const dir = join(root, 'run', JSON.parse(readFileSync(join(root, 'run', 'run.json'), 'utf8')).increment.dir);
  return readFileSync(join(dir, 'manifest.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((c) => c.arm === 'search')
    .map((c) => ({ checker: c.checker, steps: c.construction.steps }));
};

describe('search on a customer-service toy: substring answers, list arguments, harmless inserts', () => {
  it('finds the substring answer and the empty recipient list as named minimal mutants, and the reboot as one mechanism that one triage line dismisses', async () => {
    const root = tmp();
    const run = await audit(root);
    const s = searchOf(readReport(run));
    expect(s.complete).toBe(true);
    const named = (task: string, weakness: string) => s.findings.filter((f: SearchFinding) => f.task === task && f.weakness === weakness);

    // "4" in answer: an answer holding 4 only inside 14 is a minimal mutant, confirmed through the answer declaration
    const inside = named('count/0', 'answer: "4" accepted inside "14"');
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatchObject({ stop: 'minimal', minimal: { size: { edits: 1 } }, evidence: { kind: 'answer' } });
    expect(inside[0].minimal.steps.at(-1)!.args.text).toBe('Ann has 14 reservations');
    expect(named('count/0', 'answer: "4" accepted among wrong alternatives')).toHaveLength(1);
    // the neighbours and the dropped figure hold no "4": the substring check rejects them
    for (const f of s.findings.filter((x) => x.task === 'count/0')) expect(f.minimal.steps.at(-1)!.args.text).toContain('4');

    // a mail sent to nobody passes a check that every recipient is wanted
    const emptied = named('mail/0', 'send_email.recipients emptied');
    expect(emptied).toHaveLength(1);
    expect(emptied[0].stop).toBe('minimal');
    expect(emptied[0].minimal.steps[0].args.recipients).toEqual([]);
    // adding or putting a stranger in is caught
    expect(s.findings.filter((f) => f.task === 'mail/0' && /one (added|replaced)/.test(f.weakness))).toEqual([]);

    // the reboot: named by its call, one mechanism over the three checkers that ignore devices, taken from the task that reboots
    expect(s.mechanisms.find((m) => m.weakness === REBOOT)).toMatchObject({ tasks: ['count/0', 'mail/0', 'plan/0'], of: 6, mutants: 3 });
    for (const f of s.findings.filter((x) => x.weakness === REBOOT)) expect(f.minimal.edits).toEqual(['insert out-of-scope reboot_device({"device":"phone"}), taken from reboot/0']);
    expect(s.findings.filter((f) => f.weakness.startsWith('out-of-scope') && f.weakness !== REBOOT)).toEqual([]);

    // inserts stay in their world and never carry a placeholder; the task with no world-mate says why it has none
    for (const { checker, steps } of manifestSteps(root)) {
      if (checker !== 'wipe/0') expect(steps.map((x) => x.call)).not.toContain('wipe_device');
      if (checker !== 'report/0') expect(steps.map((x) => x.args.body)).not.toContain('<summary>');
    }
    expect(s.spec.withoutInserts).toEqual({ 'wipe/0': 'no other task starts from world lab' });

    // markdown: mechanisms first, then one row per (task, weakness)
    const md = readFileSync(join(run, 'report.md'), 'utf8');
    expect(md.indexOf('### Mechanisms')).toBeGreaterThan(0);
    expect(md.indexOf('### Mechanisms')).toBeLessThan(md.indexOf('### Per task'));
    expect(md).toContain(`| ${REBOOT} | 3 of 6 | 3 |`);
    const rows = md.split('\n').filter((l) => l.startsWith('| count/0 |'));
    expect(rows).toHaveLength(new Set(s.findings.filter((f) => f.task === 'count/0').map((f) => f.weakness)).size);

    // one triage line dismisses the reboot on every task, and nothing else
    const file = join(root, 'triage.json');
    const marked = await runCli(['triage', run, '--weakness', REBOOT, '--dismiss', 'a reboot changes nothing the customer pays for', '--triage', file]);
    expect(marked.code, marked.stderr).toBe(0);
    expect(marked.stdout).toContain('3 minimal mutant(s) of 3 task(s)');
    expect((await runCli(['triage', run, '--weakness', 'out-of-scope nothing', '--dismiss', 'x', '--triage', file])).code).toBe(2);
    const report = JSON.parse((await runCli(['report', run, '--json', '--triage', file])).stdout);
    const dismissed = report.search.findings.filter((f: SearchFinding) => f.triage?.status === 'dismissed');
    expect(dismissed.map((f: SearchFinding) => f.task).sort()).toEqual(['count/0', 'mail/0', 'plan/0']);
    expect(dismissed.every((f: SearchFinding) => f.weakness === REBOOT)).toBe(true);
    expect(report.triage).toMatchObject({ dismissed: 3, accepted: 0 });
    const triaged = readFileSync(join(run, 'report.md'), 'utf8');
    expect(triaged).toContain(`| ${REBOOT} [dismissed: a reboot changes nothing the customer pays for] | 3 of 6 | 3 |`);
    // what is dismissed outright follows what is left to triage
    const perTask = triaged.slice(triaged.indexOf('### Per task'), triaged.indexOf('Every minimal mutant')).split('\n').filter((l) => /^\| (?!---|task)/.test(l));
    const firstDismissed = perTask.findIndex((l) => l.includes('[dismissed'));
    expect(firstDismissed).toBeGreaterThan(0);
    expect(perTask.slice(firstDismissed).every((l) => l.includes(`| ${REBOOT} [dismissed`))).toBe(true);
    expect(perTask.slice(firstDismissed)).toHaveLength(3);
    expect(triaged).toContain('A row whose every minimal mutant triage dismissed follows the rows left to triage.');

    // the answer's figure inside 14, 40 and 4.5: three exact weaknesses of one mechanism, which one triage line dismisses
    const insides = s.findings.filter((f) => f.task === 'count/0' && /^answer: "4" accepted inside /.test(f.weakness));
    expect(insides.map((f) => f.weakness).sort()).toEqual(['answer: "4" accepted inside "14"', 'answer: "4" accepted inside "4.5"', 'answer: "4" accepted inside "40"']);
    expect(new Set(insides.map((f) => f.mechanism))).toEqual(new Set([INSIDE]));
    expect(s.findings.filter((f) => f.weakness === REBOOT).every((f) => f.mechanism === REBOOT)).toBe(true);
    const shape = await runCli(['triage', run, '--weakness', INSIDE, '--dismiss', 'counts are read by a person', '--triage', file]);
    expect(shape.code, shape.stderr).toBe(0);
    expect(shape.stdout).toContain('3 minimal mutant(s) of 1 task(s) in this run, and the mechanism in later runs');
    // a weakness's own entry comes before its mechanism's
    const own = await runCli(['triage', run, '--weakness', 'answer: "4" accepted inside "14"', '--accept', '14 is a real misreading', '--triage', file]);
    expect(own.code, own.stderr).toBe(0);
    const unknown = await runCli(['triage', run, '--weakness', 'answer: a figure accepted nowhere', '--dismiss', 'x', '--triage', file]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`its mechanisms: `);
    expect(unknown.stderr).toContain(JSON.stringify(INSIDE));
    const after = JSON.parse((await runCli(['report', run, '--json', '--triage', file])).stdout).search.findings as SearchFinding[];
    const said = (f: SearchFinding) => [f.weakness, f.triage?.status, f.triage?.reason];
    expect(after.filter((f) => f.mechanism === INSIDE).map(said).sort()).toEqual([
      ['answer: "4" accepted inside "14"', 'accepted', '14 is a real misreading'],
      ['answer: "4" accepted inside "4.5"', 'dismissed', 'counts are read by a person'],
      ['answer: "4" accepted inside "40"', 'dismissed', 'counts are read by a person'],
    ]);
    expect(after.filter((f) => f.weakness === REBOOT).every((f) => f.triage?.reason === 'a reboot changes nothing the customer pays for')).toBe(true);
    expect(after.filter((f) => f.weakness === 'answer: "4" accepted among wrong alternatives').map((f) => f.triage)).toEqual([undefined]);
    const csv = readFileSync(join(run, 'search.csv'), 'utf8').split('\n');
    expect(csv[0].startsWith('task,cell,weakness,mechanism,edits')).toBe(true);
    expect(csv.filter((l) => l.includes(INSIDE))).toHaveLength(3);
    const listed = await runCli(['triage', run, '--triage', file]);
    expect(listed.stdout.split('\n').filter((l) => l.includes('count/0') && l.includes('accepted inside') && l.includes('dismissed'))).toHaveLength(2);
  });

  it('yields nothing against the strict twin', async () => {
    const s = searchOf(readReport(await audit(tmp(), { SERVICE_TOY_STRICT: '1' })));
    expect(s.plans).toBeGreaterThan(100);
    expect(s.findings).toEqual([]);
    expect(s.mechanisms).toEqual([]);
  });
});
