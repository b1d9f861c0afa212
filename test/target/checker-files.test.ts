import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkerCopies, describeCheckerFiles, locateCheckers } from '../../src/target/checker-files.ts';

// A repair's copies live in the checkout's reports/, outside the targets; their
// paths are hashed into the regrade's increment id, which must be the same
// whether blindspot runs from its sources or from dist/ (the bin).
describe('checker file paths', () => {
  const dir = resolve('test', `.checker-copies-${process.pid}`);
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are the same from the sources and from dist/, relative to the checkout for a folder inside it', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'todo_create_todo.ts'), 'export const check = () => true;\n');
    const compiled: typeof import('../../src/target/checker-files.ts') = await import(pathToFileURL(resolve('dist/src/target/checker-files.js')).href);
    const fromSources = describeCheckerFiles(dir);
    expect(fromSources.checkerFiles.map((f) => f.path)).toEqual([`${relative('.', dir)}/todo_create_todo.ts`]);
    expect(compiled.describeCheckerFiles(dir)).toEqual(fromSources);
    // and a shipped target's checkers read as their sources from either
    expect(compiled.describeCheckerFiles(resolve('dist/targets/apps/checkers'))).toEqual(describeCheckerFiles(resolve('targets/apps/checkers')));
    for (const located of [locateCheckers(fromSources.checkerFiles), compiled.locateCheckers(fromSources.checkerFiles)]) {
      expect(located).toMatchObject([{ file: join(dir, 'todo_create_todo.ts'), intact: true }]);
    }
  });

  it('are absolute for a folder outside the checkout', () => {
    const outside = resolve('/tmp', `blindspot-checker-copies-${process.pid}`);
    mkdirSync(outside, { recursive: true });
    try {
      writeFileSync(join(outside, 'a.ts'), '');
      expect(describeCheckerFiles(outside).checkerFiles.map((f) => f.path)).toEqual([join(outside, 'a.ts')]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('a folder of checker copies', () => {
  const dir = resolve('test', `.checker-copies-given-${process.pid}`);
  const shipped = resolve('targets/apps/checkers');
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is taken when it holds a copy of one shipped checker file, the rest left to fail as checker errors', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'todo_create_todo.ts'), 'export const check = () => true;\n');
    expect(checkerCopies(dir, shipped)).toBe(dir);
  });

  it('is refused, with the names expected, when it holds only other files', () => {
    mkdirSync(join(dir, 'checkers'), { recursive: true });
    writeFileSync(join(dir, 'target.ts'), 'export const x = 1;\n');
    writeFileSync(join(dir, 'checkers', 'todo_create_todo.ts'), 'export const check = () => true;\n');
    expect(() => checkerCopies(dir, shipped)).toThrow(/^--checker-dir: test\/\.checker-copies-given-\d+ holds none of the target's checker files \(expected copies of those in targets\/apps\/checkers: calendar_create_event\.ts, /);
  });
});
