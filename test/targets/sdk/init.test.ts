// `blindspot init --python`: the skeleton compiles, serves, and `target check` on
// it names each of the five functions still to fill in; filled in, it conforms;
// init never replaces a file.
import { execa } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../fixtures/cli.ts';
import { useTmp } from '../../fixtures/tmp.ts';
import { expectConforms, NO_PYTHON, PYTHON } from './python.ts';

const tmp = useTmp();

/** The start of what target check says of each unfilled function. */
const FIVE = ['tasks(): return every task', 'environment(task): return a fresh', 'step(env, step): run', 'snapshot(env): return', 'grade(env, task, calls): return'];

/** A one-task notes benchmark written into the skeleton's five functions, in place of each `raise`. */
const BODIES: Record<string, string> = {
  tasks: 'return [{"id": "notes/0", "instruction": "add a note hello", "steps": [{"call": "add", "args": {"text": "hello"}, "kind": "write", "alternatives": {"text": ["bye"]}}]}]',
  environment: 'return {"notes": []}',
  step: 'env["notes"].append({"text": step["args"]["text"]})',
  snapshot: 'return env',
  grade: 'return any(n["text"] == "hello" for n in env["notes"])',
};

describe.skipIf(!PYTHON)(`blindspot init --python${NO_PYTHON}`, () => {
  it('writes a skeleton that compiles, and target check on it says what to fill in', async () => {
    const dir = join(tmp(), 'my-bench');
    const r = await runCli(['init', '--python', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`blindspot target check -- python3 ${join(dir, 'adapter.py')}`);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(`target check -- python3 ${join(dir, 'adapter.py')}`);
    expect((await execa(PYTHON!, ['-m', 'py_compile', join(dir, 'adapter.py')], { reject: false })).exitCode).toBe(0);

    const check = await runCli(['target', 'check', '--', PYTHON!, join(dir, 'adapter.py')]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('FAIL handshake');
    expect(check.stdout).toContain('the adapter is not filled in yet');
    for (const f of FIVE) expect(check.stdout).toContain(f);
  });

  it('filled in, the skeleton conforms', async () => {
    const dir = tmp();
    expect((await runCli(['init', '--python', dir, '--name', 'notes'])).code).toBe(0);
    const file = join(dir, 'adapter.py');
    let text = readFileSync(file, 'utf8');
    for (const [fn, body] of Object.entries(BODIES)) {
      const line = new RegExp(`^( +)raise NotImplementedError\\("${fn}\\(.*$`, 'm');
      expect(text).toMatch(line);
      text = text.replace(line, (_, indent: string) => indent + body);
    }
    writeFileSync(file, text);
    await expectConforms(file, 'target notes 0, 1 tasks checked');
  });

  it('names the filled-in example, which an installed package ships without the docs', async () => {
    const dir = tmp();
    expect((await runCli(['init', '--python', dir])).code).toBe(0);
    const example = resolve('examples/refund-desk/adapter.py');
    expect(readFileSync(join(dir, 'adapter.py'), 'utf8')).toContain(`docs/write-a-target.md walks through an example,\nfilled in at ${example}),`);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(`(docs/write-a-target.md; a filled-in\n   example: ${example}).`);
  });

  it('refuses to replace a file, and writes nothing then', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'README.md'), 'mine\n');
    const r = await runCli(['init', '--python', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`init: ${join(dir, 'README.md')} already exists; init writes only new files`);
    // a benchmark's own folder has its README: the way out is a folder of the adapter's own
    expect(r.stderr).toContain(`e.g. --python ${join(dir, 'blindspot')})`);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(dir, 'adapter.py'))).toBe(false);
  });
});

describe('blindspot init --json', () => {
  it('prints the folder, the files written and the check to run next, for machines', async () => {
    const dir = join(tmp(), 'my-bench');
    const r = await runCli(['init', '--python', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ dir, written: [join(dir, 'adapter.py'), join(dir, 'README.md')], next: `blindspot target check -- python3 ${join(dir, 'adapter.py')}` });
    expect(existsSync(join(dir, 'adapter.py'))).toBe(true);
  });
});

describe('blindspot init into a folder whose name has a space', () => {
  it('quotes the adapter\'s path in the command it says to run next: pasted unquoted, python3 ran on the first word', async () => {
    const dir = join(tmp(), 'my bench');
    const r = await runCli(['init', '--python', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).next).toBe(`blindspot target check -- python3 '${join(dir, 'adapter.py')}'`);
    expect(readFileSync(join(dir, 'adapter.py'), 'utf8')).toContain(`blindspot audit --target protocol -- python3 '${join(dir, 'adapter.py')}'`);
  });
});
