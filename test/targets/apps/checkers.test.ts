import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cell, openApps } from './helpers.ts';

const SHIPPED = join(import.meta.dirname, '../../../targets/apps/checkers');
const dirs: string[] = [];
const copyOfCheckers = () => {
  const dir = mkdtempSync(join(tmpdir(), 'apps-checkers-'));
  dirs.push(dir);
  cpSync(SHIPPED, dir, { recursive: true });
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('checkers', () => {
  it('fail a task whose work was not done, naming the failed cases', async () => {
    const target = await openApps();
    const { verdict } = await cell(target, { task: 'venmo_send_money/0', steps: [{ call: 'supervisor.complete_task', kind: 'claim', args: {} }] });
    expect(verdict.verdict).toBe('fail');
    expect(verdict.detail).toContain('exactly one transaction');
  });

  it('give an error verdict, with the message, when a checker throws', async () => {
    const dir = copyOfCheckers();
    const file = join(dir, 'todo_create_todo.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('const todos = ', "throw new Error('checker exploded');\n  const todos = "));
    const target = await openApps({ checkerDir: dir });
    const ref = await target.reference('todo_create_todo/0');
    const { delivery, verdict } = await cell(target, ref);
    expect(delivery.completed).toBe(true);
    expect(verdict).toEqual({ verdict: 'error', detail: 'Error: checker exploded' });
  });

  it('give an error verdict when a checker asks for a table that does not exist or writes state', async () => {
    const dir = copyOfCheckers();
    const a = join(dir, 'contacts_add_contact.ts');
    writeFileSync(a, readFileSync(a, 'utf8').replace("diff.added('contacts')", "diff.added('contactz')"));
    const b = join(dir, 'contacts_delete_contact.ts');
    writeFileSync(b, readFileSync(b, 'utf8').replace("state.all('SELECT id FROM contacts", "state.all('DELETE FROM contacts"));
    const target = await openApps({ checkerDir: dir });
    const added = await cell(target, await target.reference('contacts_add_contact/0'));
    expect(added.verdict.verdict).toBe('error');
    expect(added.verdict.detail).toContain('contactz');
    const deleted = await cell(target, await target.reference('contacts_delete_contact/0'));
    expect(deleted.verdict.verdict).toBe('error');
    expect(deleted.verdict.detail).toMatch(/read-only/);
  });

  it('load from a checkerDir copy that behaves like the shipped one', async () => {
    const target = await openApps({ checkerDir: copyOfCheckers() });
    const { verdict } = await cell(target, await target.reference('spotify_queue_songs/1'));
    expect(verdict.verdict).toBe('pass');
  });
});

describe('describe()', () => {
  it('hashes every shipped checker file and the corpus', async () => {
    const info = await (await openApps()).describe();
    expect(info).toMatchObject({ name: 'apps', version: '1.0.0', capabilities: ['api', 'readback', 'recorded-runs', 'checker-dir'] });
    expect(info.checkerFiles).toHaveLength(20);
    for (const f of info.checkerFiles) {
      expect(f.path).toMatch(/^targets\/apps\/checkers\/[a-z_]+\.ts$/);
      const bytes = readFileSync(join(import.meta.dirname, '../../..', f.path));
      expect(f.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(info.checkerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(info.corpusHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await (await openApps({ unseal: { split: 'holdout', reason: 'test' } })).describe();
    expect(again).toEqual(info);
  });

  it('changes the checker hash, not the corpus hash, when a checker copy changes', async () => {
    const shipped = await (await openApps()).describe();
    const dir = copyOfCheckers();
    const copy = await (await openApps({ checkerDir: dir })).describe();
    writeFileSync(join(dir, 'todo_create_todo.ts'), readFileSync(join(dir, 'todo_create_todo.ts'), 'utf8') + '\n');
    const edited = await (await openApps({ checkerDir: dir })).describe();
    expect(edited.checkerHash).not.toBe(copy.checkerHash);
    expect(copy.checkerFiles.map((f) => f.sha256)).toEqual(shipped.checkerFiles.map((f) => f.sha256));
    expect(edited.corpusHash).toBe(shipped.corpusHash);
  });
});
