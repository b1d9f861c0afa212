// What an increment freezes is what a run scores: content-addressed, refused when
// edited, its cells checked line by line only when the manifest changed.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freezeIncrement, loadIncrement, loadManifest, verifyAgainst, type FreezeInput } from '../../src/protocol/increment.ts';
import { hashJson } from '../../src/util/hash.ts';
import { storeCensus } from '../../src/census/store.ts';
import { InputError } from '../../src/util/errors.ts';
import { CellSchema, cellId } from '../../src/protocol/cell.ts';
import { parseArms } from '../../src/protocol/arms.ts';
import type { Cell } from '../../src/contract/cell.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();
const claim = { call: 'task.claim', args: {}, kind: 'claim' as const };
const cells: Cell[] = [
  { id: cellId('control', 'control', 't', 't'), arm: 'control', family: 'control', index: 0, checker: 't', trajectory: 't', generator: 'g', construction: { ok: true, steps: [claim], edit: 'reference' } },
  { id: cellId('fault', 'omit', 't', 't'), arm: 'fault', family: 'omit', index: 0, checker: 't', trajectory: 't', generator: 'g', construction: { ok: false, reason: 'reference has no write step' } },
];
const input = (root: string, over: Partial<FreezeInput> = {}): FreezeInput => ({
  root,
  spec: 'toy',
  target: { name: 'toy', version: '1', checkerHash: 'c'.repeat(64), checkerFiles: [], corpusHash: 'k'.repeat(64), capabilities: [] },
  selection: { splits: ['dev'], tasks: ['t'] },
  arms: ['control', 'fault'],
  families: ['omit'],
  censuses: [],
  cells,
  ...over,
});

describe('increments', () => {
  it('names cells by arm, family, checker and trajectory', () => {
    expect(cellId('control', 'control', 't', 't')).toBe('control:t');
    expect(cellId('swap', 'swap', 'i', 'j')).toBe('swap:i<-j');
    expect(cellId('fault', 'extra', 't', 't', 2)).toBe('fault:extra:t#2');
  });

  it('is content-addressed: the same content freezes to the same folder, other content to another', async () => {
    const root = tmp();
    const a = await freezeIncrement(input(root));
    expect(a.reused).toBe(false);
    expect((await freezeIncrement(input(root))).dir).toBe(a.dir);
    expect((await freezeIncrement(input(root))).reused).toBe(true);
    expect((await freezeIncrement(input(root, { families: ['omit', 'extra'] }))).dir).not.toBe(a.dir);
    const loaded = await loadIncrement(a.dir);
    expect(loaded.hash).toBe(a.increment.hash);
    expect(await loadManifest(a.dir, loaded)).toEqual(cells);
  });

  it('refuses an increment or a manifest edited after freeze', async () => {
    const { dir, increment } = await freezeIncrement(input(tmp()));
    const manifest = join(dir, 'manifest.jsonl');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('reference has no write step', 'edited'));
    await expect(loadManifest(dir, increment)).rejects.toThrow('manifest changed since freeze');
    const file = join(dir, 'increment.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"omit"', '"extra"'));
    await expect(loadIncrement(dir)).rejects.toThrow('content changed after freeze');
  });

  it('names a hand-broken increment.json on one line, as every refusal is', async () => {
    const { dir } = await freezeIncrement(input(tmp()));
    const file = join(dir, 'increment.json');
    // JSON.parse quotes the text around the bad token, the indented file's newlines included
    writeFileSync(file, readFileSync(file, 'utf8').replace('"omit"', 'omit'));
    await expect(loadIncrement(dir)).rejects.toBeInstanceOf(InputError);
    await expect(loadIncrement(dir)).rejects.toThrow(/^[^\n]*increment\.json: not valid JSON \([^\n]*omit[^\n]*$/);
  });

  it('checks each cell of a changed manifest by line and field', async () => {
    const { dir, increment } = await freezeIncrement(input(tmp()));
    writeFileSync(join(dir, 'manifest.jsonl'), JSON.stringify({ ...cells[0], arm: 'sideways' }) + '\n');
    await expect(loadManifest(dir, increment)).rejects.toThrow(/manifest.jsonl:1: field arm: /);
    expect(CellSchema.safeParse(cells[1]).success).toBe(true);
  });

  it('names a missing census as missing, with how to take it again, and a census holding null as changed', async () => {
    const root = tmp();
    const body = { kind: 'idempotence', target: 'toy', entries: [] };
    const census = { ...body, hash: hashJson(body) };
    const file = join(root, 'censuses', 'toy', 'idempotence-x.json');
    mkdirSync(join(root, 'censuses', 'toy'), { recursive: true });
    writeFileSync(file, JSON.stringify(census));
    const frozen = input(join(root, 'mutants'), { censuses: [{ kind: 'idempotence', file, hash: census.hash }] });
    const { dir, increment } = await freezeIncrement(frozen);
    await expect(verifyAgainst(dir, increment, frozen.target)).resolves.toBeUndefined();

    writeFileSync(file, 'null\n');
    const changed = verifyAgainst(dir, increment, frozen.target);
    await expect(changed).rejects.toThrow(InputError);
    await expect(changed).rejects.toThrow(`${file}: idempotence census changed since increment ${increment.id} was frozen`);

    rmSync(join(root, 'censuses'), { recursive: true });
    await expect(verifyAgainst(dir, increment, frozen.target)).rejects.toThrow(
      new RegExp(`^${file}: the idempotence census increment ${increment.id} was frozen against is missing; take it again by re-running the \`blindspot freeze\` \\(or \`audit\`\\) that made the increment, with the same flags and --censuses \\S*censuses$`),
    );
  });

  it('refuses a census torn by a kill as changed, naming the freeze that takes it again; that freeze rewrites it', async () => {
    const root = tmp();
    const body = { kind: 'idempotence', target: 'toy', entries: [] };
    const census = { ...body, hash: hashJson(body) };
    const { file } = storeCensus(join(root, 'censuses'), census);
    const frozen = input(join(root, 'mutants'), { censuses: [{ kind: 'idempotence', file, hash: census.hash }] });
    const { dir, increment } = await freezeIncrement(frozen);
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, whole.length / 2));
    await expect(verifyAgainst(dir, increment, frozen.target)).rejects.toThrow(
      `${file}: idempotence census changed since increment ${increment.id} was frozen (edited, or torn by a kill); re-running the \`blindspot freeze\` (or \`audit\`) that made the increment, with the same flags, takes it again`,
    );
    expect(storeCensus(join(root, 'censuses'), census)).toEqual({ file, written: true });
    await expect(verifyAgainst(dir, increment, frozen.target)).resolves.toBeUndefined();
  });

  it('arms: known ones in their canonical order, at least one', () => {
    expect(parseArms(['swap', 'faults'])).toEqual(['faults', 'swap']);
    expect(() => parseArms(['faults', 'nope'])).toThrow("--arms: unknown arm 'nope' (known: faults, floor, swap, search, runs)");
    expect(() => parseArms([])).toThrow('--arms: name at least one arm');
  });
});
