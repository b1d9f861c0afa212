import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { appendFileSync, copyFileSync } from 'node:fs';
import { freeze } from '../../src/freeze/freeze.ts';
import { runIncrement } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('search operators from a plugin module', () => {
  it('are composed with the built-in ones without touching the engine, and frozen by their hash', async () => {
    const root = tmp();
    const f = await freeze({
      target: 'test/fixtures/search-toy.ts',
      arms: ['search'],
      search: { budget: 64, seed: 0, operators: ['drop', 'test/fixtures/plugin-ops.ts'] },
      splits: ['dev'],
      mutantsDir: join(root, 'm'),
      censusDir: join(root, 'c'),
    });
    const spec = f.increment.extras.search as { operators: { name: string; module?: string; sha256?: string }[] };
    expect(spec.operators.map((o) => o.name)).toEqual(['drop', 'thousand']);
    expect(spec.operators[1]).toMatchObject({ module: 'test/fixtures/plugin-ops.ts', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const runDir = join(root, 'run');
    expect((await runIncrement({ incrementDir: f.dir, runDir, workers: 1, limitMs: 2000 })).status).toBe('complete');
    const { report } = await writeReport(runDir);
    // limit/0 accepts any limit >= 100: the plugin's 1000 is one
    expect(report.search!.findings.find((x) => x.task === 'limit/0')).toMatchObject({ operators: ['thousand'], weakness: 'set_limit.value set to 1000' });
  });

  it('are found again from another folder than the audit\'s, as a repair or report of a copied run needs', async () => {
    const root = tmp();
    // the target by absolute path: only the operator module's relative path is under test
    const f = await freeze({ target: resolve('test/fixtures/search-toy.ts'), arms: ['search'], search: { budget: 8, operators: ['test/fixtures/plugin-ops.ts'] }, splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
    const runDir = join(root, 'run');
    const cwd = process.cwd();
    // the recorded path is relative to the checkout, which is not where this run is scored and reported
    process.chdir(root);
    try {
      expect((await runIncrement({ incrementDir: f.dir, runDir, workers: 1, limitMs: 2000 })).status).toBe('complete');
      expect((await writeReport(runDir)).report.search).toBeDefined();
    } finally {
      process.chdir(cwd);
    }
  });

  it('refuses a run once the plugin module changed since freeze', async () => {
    const root = tmp();
    const copy = join('test/fixtures', `plugin-copy-${process.pid}.ts`);
    copyFileSync('test/fixtures/plugin-ops.ts', copy);
    try {
      const f = await freeze({ target: 'test/fixtures/search-toy.ts', arms: ['search'], search: { budget: 8, operators: [copy] }, splits: ['dev'], mutantsDir: join(root, 'm'), censusDir: join(root, 'c') });
      appendFileSync(copy, '\n// edited\n');
      await expect(runIncrement({ incrementDir: f.dir, runDir: join(root, 'run'), workers: 1, limitMs: 2000 })).rejects.toThrow(/changed since the increment was frozen/);
    } finally {
      (await import('node:fs')).rmSync(copy, { force: true });
    }
  });
});
