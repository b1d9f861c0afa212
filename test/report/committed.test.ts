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
import type { Increment } from '../../src/protocol/increment.ts';
import * as agentdojo from '../../targets/agentdojo/index.ts';
import * as bfcl from '../../targets/bfcl/index.ts';
import * as miniwob from '../../targets/miniwob/package.ts';

const ROOT = resolve(import.meta.dirname, '../..');

// a report quotes the checkers' sources and lines (Stryker JSON, SARIF), read from the benchmark's venv
const VENVS: Record<string, { venv: string; setup: string }> = {
  agentdojo: { venv: agentdojo.python(), setup: agentdojo.SETUP },
  bfcl: { venv: bfcl.python(), setup: bfcl.SETUP },
  miniwob: { venv: miniwob.VENV, setup: miniwob.SETUP },
};

/** Run folders under reports/: a run file and the report rendered from it (perturbation runs have their own renderer). */
function runFolders(dir: string): string[] {
  const here = existsSync(join(dir, 'run.json')) && existsSync(join(dir, 'report.json')) ? [dir] : [];
  const subs = readdirSync(dir).filter((f) => f !== 'mutants' && f !== 'censuses' && statSync(join(dir, f)).isDirectory());
  return [...here, ...subs.flatMap((f) => runFolders(join(dir, f)))];
}

const folders = runFolders(join(ROOT, 'reports')).map((dir) => {
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { increment: { dir: string } };
  const triage = (JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { triage?: { file: string } }).triage?.file;
  const inc = resolve(dir, run.increment.dir);
  // not committed where large (the recorded runs' increments, BFCL's category ledgers and manifests): the READMEs' commands rebuild them
  const missing = [join(dir, 'ledger.jsonl'), join(inc, 'increment.json'), join(inc, 'manifest.jsonl')].filter((p) => !existsSync(p)).map((p) => `${relative(ROOT, p)} (its README's commands rebuild it)`);
  const target = existsSync(join(inc, 'increment.json')) ? (JSON.parse(readFileSync(join(inc, 'increment.json'), 'utf8')) as Increment).target.name : undefined;
  const venv = target ? VENVS[target] : undefined;
  if (venv && !existsSync(venv.venv)) missing.push(`${relative(ROOT, venv.venv)} (${venv.setup})`);
  return { dir, name: relative(ROOT, dir), triage, missing };
});

describe('committed reports', () => {
  it('are found: the audits the README cites', () => {
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining(['reports/example', 'reports/agentdojo-0.1.35/banking', 'reports/bfcl-2026.3.23/miss_param', 'reports/miniwob-1.1.0/run', 'reports/agentdojo-0.1.35/runs/slack']));
  });

  for (const f of folders) {
    it.runIf(!f.missing.length)(`${f.name} re-renders byte for byte from its ledger`, { timeout: 60_000 }, async () => {
      // the triage file as the report names it, from the checkout's root, as the README's commands give it
      const rendered = await renderReport(relative(process.cwd(), f.dir), { triage: f.triage ? loadTriage(relative(process.cwd(), join(ROOT, f.triage))) : undefined });
      for (const [file, text] of Object.entries(rendered.files)) {
        expect(text, `${f.name}/${file}`).toBe(readFileSync(join(f.dir, file), 'utf8'));
      }
    });
    if (f.missing.length) it.skip(`${f.name}: not checked here, for want of ${f.missing.join(', ')}`, () => {});
  }
});
