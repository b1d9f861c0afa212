import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unifiedDiff } from '../../src/util/unified-diff.ts';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n', 'a/x', 'b/x')).toBe('');
  });

  it('writes the hunks diff -u writes: three lines of context, changes more than six lines apart in hunks of their own', () => {
    const a = numbered(20);
    const b = [...a];
    b.splice(1, 0, 'inserted at the top');
    b[10] = 'line 10 changed';
    b.splice(19, 1);
    expect(unifiedDiff(a.join('\n') + '\n', b.join('\n') + '\n', 'a/f.ts', 'b/f.ts')).toBe(
      [
        '--- a/f.ts',
        '+++ b/f.ts',
        '@@ -1,4 +1,5 @@',
        ' line 1',
        '+inserted at the top',
        ' line 2',
        ' line 3',
        ' line 4',
        '@@ -7,7 +8,7 @@',
        ' line 7',
        ' line 8',
        ' line 9',
        '-line 10',
        '+line 10 changed',
        ' line 11',
        ' line 12',
        ' line 13',
        // eight unchanged lines apart: more than two contexts, so a hunk of its own
        '@@ -16,5 +17,4 @@',
        ' line 16',
        ' line 17',
        ' line 18',
        '-line 19',
        ' line 20',
        '',
      ].join('\n'),
    );
  });

  it('applies with git apply, from an empty file too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'udiff-'));
    await execa('git', ['init', '-q'], { cwd: dir });
    const before = numbered(9).join('\n') + '\n';
    const after = ['header', ...numbered(9).filter((l) => l !== 'line 5'), 'footer'].join('\n') + '\n';
    writeFileSync(join(dir, 'f.txt'), before);
    writeFileSync(join(dir, 'p.diff'), unifiedDiff(before, after, 'a/f.txt', 'b/f.txt'));
    await execa('git', ['apply', 'p.diff'], { cwd: dir });
    expect((await execa('cat', ['f.txt'], { cwd: dir })).stdout + '\n').toBe(after);
  });

  it('puts changes exactly two contexts apart in one hunk, as diff -u does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'udiff-'));
    const a = numbered(12).join('\n') + '\n';
    const b = numbered(12).map((l) => (l === 'line 2' || l === 'line 9' ? `${l} changed` : l)).join('\n') + '\n';
    writeFileSync(join(dir, 'a'), a);
    writeFileSync(join(dir, 'b'), b);
    let gnu = '';
    try {
      execFileSync('diff', ['-u', join(dir, 'a'), join(dir, 'b')], { encoding: 'utf8' });
    } catch (e) {
      gnu = (e as { stdout: string }).stdout;
    }
    const hunks = (d: string) => d.split('\n').filter((l) => l.startsWith('@@'));
    expect(hunks(unifiedDiff(a, b, 'a', 'b'))).toEqual(['@@ -1,12 +1,12 @@']);
    expect(hunks(unifiedDiff(a, b, 'a', 'b'))).toEqual(hunks(gnu));
  });

  it('property: git apply turns the first text into the second', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'udiff-'));
    await execa('git', ['init', '-q'], { cwd: dir });
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 24 }).map((ls) => ls.map((l) => `${l}\n`).join(''));
    await fc.assert(fc.asyncProperty(text, text, async (a, b) => {
      fc.pre(a !== b);
      writeFileSync(join(dir, 'f'), a);
      writeFileSync(join(dir, 'p.diff'), unifiedDiff(a, b, 'a/f', 'b/f'));
      await execa('git', ['apply', 'p.diff'], { cwd: dir });
      expect(readFileSync(join(dir, 'f'), 'utf8')).toBe(b);
    }), { numRuns: 60 });
  });
});
