import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findIncrement, locateIncrement } from '../../src/run/locate.ts';
import { shownPath } from '../../src/util/shown-path.ts';

describe('where an increment was looked for', () => {
  it('names folders under the current one as typed, others by their absolute path', () => {
    const away = mkdtempSync(join(tmpdir(), 'blindspot-locate-'));
    const inc = { id: 'apps-0123456789ab', hash: '0123456789ab'.padEnd(64, '0') };
    expect(() => findIncrement(inc, [join(away, 'gone')], 'r/run.json: increment.hash', 'no-such-mutants')).toThrow(
      `r/run.json: increment.hash: increment apps-0123456789ab (hash 0123456789ab) is in none of ${join(away, 'gone')}, no-such-mutants, mutants; pass --mutants`,
    );
  });

  it('shows the current folder as ., a folder below it relatively, one beside it absolutely', () => {
    expect(shownPath(process.cwd())).toBe('.');
    expect(shownPath(resolve('a/b'))).toBe(join('a', 'b'));
    expect(shownPath(resolve('../beside'))).toBe(resolve('../beside'));
  });

  it('names the run.json it read as typed, however the run folder reached it (report resolves it first)', () => {
    const run = mkdtempSync(join(process.cwd(), '.blindspot-locate-'));
    try {
      const inc = { id: 'apps-0123456789ab', hash: '0123456789ab'.padEnd(64, '0'), dir: '../gone', abs: '/nowhere/gone' };
      expect(() => locateIncrement(run, { increment: inc }, 'no-such-mutants')).toThrow(new RegExp(`^${basename(run)}/run\\.json: increment\\.hash: increment apps-0123456789ab`));
    } finally {
      rmSync(run, { recursive: true, force: true });
    }
  });
});
