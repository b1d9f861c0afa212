import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { isCompiledTwin } from '../../src/util/install.ts';

// A repair copies a shipped target's checker folder; run from dist/, that folder
// holds the build's compiled twins beside the sources, and the copy must not.
describe('isCompiledTwin', () => {
  const dist = resolve('dist/targets/apps/checkers');

  it('is true of the modules the build emitted beside shipped checkers, and of nothing else there', () => {
    expect(existsSync(dist), 'dist/ is built by npm ci (prepare)').toBe(true);
    const files = readdirSync(dist).map((f) => resolve(dist, f));
    expect(files.filter(isCompiledTwin).map((f) => f.split('/').pop()).sort()).toEqual(
      files.filter((f) => f.endsWith('.ts')).map((f) => f.split('/').pop()!.replace(/\.ts$/, '.js')).sort(),
    );
  });

  it('is false of a module outside dist/, even beside a TypeScript file of its name', () => {
    expect(isCompiledTwin(resolve('targets/apps/checkers/todo_create_todo.js'))).toBe(false);
    expect(isCompiledTwin(resolve('dist/targets/apps/checkers/no_such_checker.js'))).toBe(false);
  });
});
