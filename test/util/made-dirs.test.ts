import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { forgetMadeDirs, makeDir, removeEmptyMadeDirs } from '../../src/util/made-dirs.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('makeDir', () => {
  it('creates every missing level with the mode asked for, and removes only what it made once empty', () => {
    const root = tmp();
    mkdirSync(join(root, 'kept'));
    forgetMadeDirs();
    makeDir(join(root, 'kept', 'a', 'b'), { mode: 0o700 });
    makeDir(join(root, 'kept', 'a', 'c'));
    writeFileSync(join(root, 'kept', 'a', 'c', 'f'), '');
    expect(statSync(join(root, 'kept', 'a', 'b')).mode & 0o777).toBe(0o700);
    removeEmptyMadeDirs();
    // b was empty and made here; a and c hold a file; kept was there before
    expect(existsSync(join(root, 'kept', 'a', 'b'))).toBe(false);
    expect(readdirSync(join(root, 'kept', 'a'))).toEqual(['c']);
  });

  it('refuses a folder below a file, and one the system will not create, instead of looping', () => {
    const root = tmp();
    writeFileSync(join(root, 'file'), '');
    expect(() => makeDir(join(root, 'file', 'x'))).toThrow(/ENOTDIR/);
    // Node 20's recursive mkdir never returns here (mkdir answers ENOENT under an existing /proc)
    if (existsSync('/proc/self')) expect(() => makeDir('/proc/no-such-folder/x')).toThrow(/ENOENT/);
  });
});
