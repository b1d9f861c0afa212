// A module target is loaded however a user writes it: the README's example as
// typed, in a folder with no package.json and in a CommonJS package (where Node
// alone refuses a .ts with `export`), and as .mts, .js, .mjs and CommonJS.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

/** The example under "A module of your own" in the README, unindented, exactly as a user would copy it. */
function readmeExample(): string {
  const readme = readFileSync('README.md', 'utf8');
  const from = readme.indexOf('**A module of your own**');
  const block = /\n( *)```ts\n([\s\S]*?)\n\1```/.exec(readme.slice(from));
  if (from < 0 || !block) throw new Error('README: no ```ts example under "A module of your own"');
  return block[2].split('\n').map((l) => l.slice(block[1].length)).join('\n') + '\n';
}

/** The same target without types: what a .js or .mjs user writes. */
const JS_TARGET = `
const add = { call: 'notes.add', args: { text: 'hello' }, kind: 'write', alternatives: { text: ['bye'] } };
const target = {
  name: 'notes',
  description: 'one task: add a note hello',
  async open() {
    return {
      describe: async () => ({ name: 'notes', version: '1', checkerHash: 'v1', checkerFiles: [], corpusHash: 'v1', capabilities: ['api', 'readback'] }),
      tasks: async () => [{ id: 'notes/0', generator: 'notes', variant: 0, split: 'dev', instruction: 'add a note hello', params: {} }],
      reference: async (task) => ({ task, steps: [add] }),
      async episode() {
        const notes = [];
        return {
          async deliver(t) { for (const s of t.steps) notes.push(String(s.args.text)); return { completed: true, stepsRun: t.steps.length }; },
          readback: async () => (notes.length ? { notes: { added: notes.map((text, i) => ({ key: String(i), values: { text } })), updated: [], removed: [] } } : {}),
          check: async () => ({ verdict: notes.includes('hello') ? 'pass' : 'fail', detail: '' }),
          close: async () => {},
        };
      },
      close: async () => {},
    };
  },
};
`;

describe('a module target written the obvious way loads', () => {
  it.each([
    ['with no package.json', undefined],
    ['inside a CommonJS package', { name: 'mine', type: 'commonjs' }],
  ])('the README example, %s, audited as the README says', async (_where, pkg) => {
    const dir = tmp();
    writeFileSync(join(dir, 'my-target.ts'), readmeExample());
    if (pkg) writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    const r = await cli(['audit', '--target', './my-target.ts'], {}, dir);
    expect(r.code, r.stderr).toBe(0);
    // scored in a child process, which loads the module again
    expect(r.stdout).toMatch(/Controls passed 1\/1/);
    expect(r.stdout).toMatch(/Confirmed false accepts \(fault arm\): 2 cell\(s\) over 1 task\(s\)/);
  });

  it.each([
    { file: 'my-target.mts', where: 'no package', text: readmeExample, pkg: undefined },
    { file: 'my-target.js', where: 'no package', text: () => `${JS_TARGET}export { target };\n`, pkg: undefined },
    { file: 'my-target.js', where: 'a CommonJS package', text: () => `${JS_TARGET}module.exports = { target };\n`, pkg: { type: 'commonjs' } },
    { file: 'my-target.js', where: 'a module package', text: () => `${JS_TARGET}export { target };\n`, pkg: { type: 'module' } },
    { file: 'my-target.mjs', where: 'no package', text: () => `${JS_TARGET}export { target };\n`, pkg: undefined },
    { file: 'my-target.cjs', where: 'no package', text: () => `${JS_TARGET}module.exports = { target };\n`, pkg: undefined },
  ])('$file in $where', async ({ file, text, pkg }) => {
    const dir = tmp();
    writeFileSync(join(dir, file), text());
    if (pkg) writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    const r = await cli(['census', '--target', `./${file}`, '--json'], {}, dir);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).entries.map((e: { task: string }) => e.task)).toEqual(['notes/0']);
  });
});
