// The tutorial's example (examples/refund-desk, docs/write-a-target.md): its
// adapter on the SDK conforms, and an audit through the protocol target finds the
// checker's planted weakness, refunds of any amount, as confirmed false accepts.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { expectConforms, NO_PYTHON, PYTHON } from './python.ts';

const tmp = useTmp();
const ADAPTER = 'examples/refund-desk/adapter.py';

describe.skipIf(!PYTHON)(`examples/refund-desk${NO_PYTHON}`, () => {
  it('is at most 150 lines and passes target check', async () => {
    expect(readFileSync(ADAPTER, 'utf8').split('\n').length - 1).toBeLessThanOrEqual(150);
    await expectConforms(ADAPTER, 'target refund-desk 1, 4 tasks checked');
  });

  it('passes target check from an installed package, whose SDK is dist/python/, not python/', async () => {
    // the layout npm install gives: the package's files list ships examples/ and dist/, never python/
    const pkg = tmp();
    cpSync('examples/refund-desk', join(pkg, 'examples', 'refund-desk'), { recursive: true });
    cpSync('python/blindspot_target', join(pkg, 'dist', 'python', 'blindspot_target'), { recursive: true });
    await expectConforms(join(pkg, 'examples', 'refund-desk', 'adapter.py'), 'target refund-desk 1, 4 tasks checked');
  });

  it('its audit confirms the planted weakness, and nothing else, as false accepts', async () => {
    const root = tmp();
    const out = join(root, 'run');
    const r = await cli(['audit', '--target', 'protocol', '--out', out, '--mutants', join(root, 'mutants'), '--censuses', join(root, 'censuses'), '--', PYTHON!, ADAPTER]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Controls passed 4/4.');
    expect(r.stdout).toContain('Confirmed false accepts (fault arm): 2 cell(s) over 2 task(s).');
    const [header, ...rows] = readFileSync(join(out, 'false-accepts.csv'), 'utf8').trim().split('\n');
    expect(header.split(',').slice(0, 5)).toEqual(['cell', 'task', 'generator', 'family', 'edit']);
    expect(rows.map((row) => row.split(',').slice(0, 5))).toEqual([
      ['fault:wrong-value:refund-damaged#0', 'refund-damaged', 'refund-damaged', 'wrong-value', 'refund: amount 25 -> 12.5'],
      ['fault:wrong-value:refund-full#0', 'refund-full', 'refund-full', 'wrong-value', 'refund: amount 35.5 -> 17.75'],
    ]);
    expect(rows[0]).toContain('refunds.amount: stored 12.5 where the reference stores 25');
  });
});
