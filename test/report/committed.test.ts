// Every committed audit report is evidence a maintainer reads: it must be what
// the code renders from its ledger today. A change to classification or
// rendering that moves a committed report fails here until the report is
// re-rendered (`blindspot report <run> --triage <file>`) and the change is
// read in its diff.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/report/write.ts';
import { loadTriage } from '../../src/triage/triage.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Run folders under reports/: a run file and the report rendered from it (perturbation runs have their own renderer). */
function runFolders(dir: string): string[] {
  const here = existsSync(join(dir, 'run.json')) && existsSync(join(dir, 'report.json')) ? [dir] : [];
  const subs = readdirSync(dir).filter((f) => f !== 'mutants' && f !== 'censuses' && statSync(join(dir, f)).isDirectory());
  return [...here, ...subs.flatMap((f) => runFolders(join(dir, f)))];
}

const folders = runFolders(join(ROOT, 'reports')).map((dir) => {
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { increment: { dir: string } };
  const triage = (JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { triage?: { file: string } }).triage?.file;
  // the recorded runs' increments (every run's calls, 16 MB) are not committed: the README's commands freeze them again
  return { dir, name: relative(ROOT, dir), triage, frozen: existsSync(resolve(dir, run.increment.dir)) };
});

describe('committed reports', () => {
  it('are found: the audits the README cites', () => {
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining(['reports/example', 'reports/agentdojo-0.1.35/banking', 'reports/bfcl-2026.3.23/miss_param', 'reports/miniwob-1.1.0/run', 'reports/agentdojo-0.1.35/runs/slack']));
  });

  for (const f of folders) {
    it.runIf(f.frozen)(`${f.name} re-renders byte for byte from its ledger`, { timeout: 60_000 }, async () => {
      // the triage file as the report names it, from the checkout's root, as the README's commands give it
      const rendered = await renderReport(relative(process.cwd(), f.dir), { triage: f.triage ? loadTriage(relative(process.cwd(), join(ROOT, f.triage))) : undefined });
      for (const [file, text] of Object.entries(rendered.files)) {
        expect(text, `${f.name}/${file}`).toBe(readFileSync(join(f.dir, file), 'utf8'));
      }
    });
    if (!f.frozen) it.skip(`${f.name}: its increment is not here (not committed); freeze it again with the commands in its README to check it`, () => {});
  }
});
