// SARIF on a Python checker: the committed AgentDojo banking audit, reported from a
// copy of its run folder, locates each false accept at the utility() of the task's
// class, in the newest frozen version file that defines it.
import { expect, it } from 'vitest';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { describeWith } from '../../fixtures/requires.ts';
import { python, SETUP } from '../../../targets/agentdojo/index.ts';

const COMMITTED = 'reports/agentdojo-0.1.35';
const tmp = useTmp();
const sitePackages = () => {
  const lib = join('.venv', 'lib');
  return join(lib, readdirSync(lib).find((d) => d.startsWith('python3'))!, 'site-packages');
};

describeWith(`the AgentDojo venv (${python()})`, existsSync(python()), SETUP)('report.sarif of the committed AgentDojo banking audit', () => {
  it('places every false accept on its task\'s utility() in the agentdojo sources, suppressing the dismissed ones', async () => {
    const copy = join(tmp(), 'banking');
    cpSync(join(COMMITTED, 'banking'), copy, { recursive: true });
    const r = await runCli(['report', copy, '--mutants', join(COMMITTED, 'mutants'), '--triage', join(COMMITTED, 'triage.json'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const sarif = JSON.parse(readFileSync(join(copy, 'report.sarif'), 'utf8'));
    const results = sarif.runs[0].results;
    expect(results).toHaveLength(report.falseAccepts.length);
    for (const res of results) {
      const { uri } = res.locations[0].physicalLocation.artifactLocation;
      const line = res.locations[0].physicalLocation.region.startLine;
      expect(uri).toMatch(/^src\/agentdojo\/default_suites\/v[\d_]+\/banking\/user_tasks\.py$/);
      const lines = readFileSync(join(sitePackages(), uri.replace(/^src\//, '')), 'utf8').split('\n');
      expect(lines[line - 1]).toMatch(/^\s+def utility\(/);
      const n = res.properties.task.replace('banking/user_task_', '');
      const cls = lines.slice(0, line).filter((l: string) => l.startsWith('class ')).pop();
      expect(cls).toMatch(new RegExp(`^class UserTask${n}\\(`));
      const fa = report.falseAccepts.find((f: { cell: string }) => f.cell === res.properties.cell);
      expect(Boolean(res.suppressions)).toBe(fa.triage?.status === 'dismissed');
    }
    // some task is redefined by a later benchmark version, and located there
    expect(results.some((res: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => !res.locations[0].physicalLocation.artifactLocation.uri.includes('/v1/'))).toBe(true);
  }, 60_000);
});
