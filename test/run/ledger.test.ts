import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { entryFromText, LedgerWriter, readLedger } from '../../src/run/ledger.ts';
import { createHash } from 'node:crypto';
import type { LedgerEntry } from '../../src/contract/ledger.ts';
import { freeze } from '../../src/freeze/freeze.ts';
import { runIncrement, ledgerPath } from '../../src/run/run.ts';
import { writeReport } from '../../src/report/write.ts';
import { useTmp, TOY } from '../fixtures/tmp.ts';
import { runCli } from '../fixtures/cli.ts';

const tmp = useTmp();

/** A complete toy run; its ledger lines as written. */
async function toyRun(root: string) {
  const f = await freeze({ target: TOY, families: ['omit', 'extra'], splits: ['dev'], mutantsDir: join(root, 'mutants'), censusDir: join(root, 'censuses') });
  const runDir = join(root, 'run');
  await runIncrement({ incrementDir: f.dir, runDir, workers: 0, limitMs: 2000 });
  await writeReport(runDir);
  return { runDir, lines: readFileSync(ledgerPath(runDir), 'utf8').split('\n').filter(Boolean) };
}

const rewrite = (runDir: string, lines: string[]) => writeFileSync(ledgerPath(runDir), lines.map((l) => l + '\n').join(''));

/** `report` through the CLI: it must refuse with exit 2, naming the ledger line, and leave the checksums file as it was. */
async function expectRefused(runDir: string, line: number, why: RegExp) {
  const checksums = readFileSync(join(runDir, 'checksums.sha256'), 'utf8');
  const r = await runCli(['report', runDir]);
  expect(r.code, r.stdout).toBe(2);
  expect(r.stderr).toContain(`ledger.jsonl:${line}:`);
  expect(r.stderr).toMatch(why);
  expect(readFileSync(join(runDir, 'checksums.sha256'), 'utf8')).toBe(checksums);
}

describe('ledger integrity', () => {
  it('chains every line to the one before it, starting from the increment', async () => {
    const { lines } = await toyRun(tmp());
    const entries = lines.map((l) => JSON.parse(l));
    expect(new Set(entries.map((e) => e.prev)).size).toBe(lines.length);
    expect(entries.every((e) => /^[0-9a-f]{64}$/.test(e.prev))).toBe(true);
  });

  it('refuses a duplicated line with its verdict flipped', async () => {
    const { runDir, lines } = await toyRun(tmp());
    const k = lines.findIndex((l) => JSON.parse(l).verdict?.verdict === 'fail');
    const flipped = JSON.parse(lines[k]);
    flipped.verdict.verdict = 'pass';
    rewrite(runDir, [...lines, JSON.stringify(flipped)]);
    await expectRefused(runDir, lines.length + 1, /hash chain broken/);
    // even with a correct chain link, a second line for one cell is refused
    const head = (await import('../../src/util/hash.ts')).sha256(lines.at(-1)!);
    rewrite(runDir, [...lines, JSON.stringify({ ...flipped, prev: head })]);
    await expectRefused(runDir, lines.length + 1, /already recorded at line/);
  });

  it('refuses an edited line, a reordered pair and a removed line', async () => {
    const { runDir, lines } = await toyRun(tmp());
    const edited = [...lines];
    edited[3] = edited[3].replace(/"verdict":"(pass|fail)"/, (_m, v) => `"verdict":"${v === 'pass' ? 'fail' : 'pass'}"`);
    expect(edited[3]).not.toBe(lines[3]);
    rewrite(runDir, edited);
    await expectRefused(runDir, 5, /hash chain broken/);
    rewrite(runDir, [lines[0], lines[2], lines[1], ...lines.slice(3)]);
    await expectRefused(runDir, 2, /hash chain broken/);
    rewrite(runDir, [...lines.slice(0, 4), ...lines.slice(5)]);
    await expectRefused(runDir, 5, /hash chain broken/);
    rewrite(runDir, lines.slice(0, -2));
    await expectRefused(runDir, lines.length - 1, /lines were removed/);
  });

  it('refuses unknown cells and invalid verdicts, even on a consistent chain', async () => {
    const { sha256 } = await import('../../src/util/hash.ts');
    const relink = (xs: Record<string, unknown>[], genesis: string) => {
      let prev = genesis;
      return xs.map((x) => {
        const line = JSON.stringify({ ...x, prev });
        prev = sha256(line);
        return line;
      });
    };
    for (const [change, why] of [
      [(e: any) => ({ ...e, cell: 'fault:omit:nope/0#0' }), /not in the increment's manifest/],
      [(e: any) => ({ ...e, verdict: { ...e.verdict, verdict: 'PASS!!' } }), /verdict\.verdict: expected pass, fail or error/],
    ] as const) {
      const { runDir, lines } = await toyRun(tmp());
      const entries = lines.map((l) => JSON.parse(l));
      const genesis = entries[0].prev;
      const scored = entries.findIndex((e) => e.status === 'scored');
      entries[scored] = change(entries[scored]);
      rewrite(runDir, relink(entries.map(({ prev: _p, ...e }) => e), genesis));
      await expectRefused(runDir, scored + 1, why);
    }
  });

  it('drops only a torn last line, and reports the rest', async () => {
    const { runDir, lines } = await toyRun(tmp());
    writeFileSync(ledgerPath(runDir), lines.map((l) => l + '\n').join('') + lines[0].slice(0, 20));
    const r = await runCli(['report', runDir]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(runDir, 'report.md'))).toBe(true);
  });
});

describe('lines appended but not yet written when the process is killed', () => {
  it('are lost, and only they: the ledger still verifies and a resumed run scores those cells again', async () => {
    const root = tmp();
    const { runDir: full, lines } = await toyRun(root);
    const f = JSON.parse(readFileSync(join(full, 'run.json'), 'utf8')).increment.abs as string;
    const runDir = join(root, 'part');
    await runIncrement({ incrementDir: f, runDir, workers: 0, limitMs: 2000, stopAfter: 3 });
    const before = readLedger(ledgerPath(runDir));
    const k = before.entries.length; // the refusals, recorded first, and at least three scored cells
    expect(k).toBeGreaterThanOrEqual(3);
    expect(k).toBeLessThan(lines.length - 4);
    // A process appends the next four cells' entries: two are written at the end
    // of its turn of the event loop, two more are appended and it is SIGKILLed
    // in the same turn, before their write.
    const next = lines.filter((l) => !before.entries.some((e) => e.cell === JSON.parse(l).cell)).slice(0, 4).map((l) => {
      const { prev: _prev, ...entry } = JSON.parse(l);
      return entry;
    });
    const script = join(root, 'killed.mts');
    writeFileSync(
      script,
      [
        `import { LedgerWriter } from ${JSON.stringify(fileURLToPath(new URL('../../src/run/ledger.ts', import.meta.url)))};`,
        `const w = new LedgerWriter(${JSON.stringify(ledgerPath(runDir))}, ${JSON.stringify(before.head)});`,
        `const next = ${JSON.stringify(next)};`,
        'w.append(next.slice(0, 2));',
        'await new Promise((r) => setImmediate(r));',
        'await new Promise((r) => setImmediate(r));',
        'w.append(next.slice(2));',
        "process.kill(process.pid, 'SIGKILL');",
      ].join('\n'),
    );
    const killed = spawnSync(process.execPath, ['bin/run-ts.mjs', script]);
    expect(killed.signal, String(killed.stderr)).toBe('SIGKILL');
    const after = readLedger(ledgerPath(runDir), { repair: false });
    expect(after.droppedTornLine).toBe(false);
    expect(after.entries.map((e) => e.cell)).toEqual([...before.entries, ...next.slice(0, 2)].map((e) => e.cell));

    const resumed = await runIncrement({ incrementDir: f, runDir, workers: 0, limitMs: 2000 });
    expect(resumed.status).toBe('complete');
    expect(resumed.alreadyScored).toBe(k + 2);
    const ids = readLedger(ledgerPath(runDir)).entries.map((e) => e.cell);
    expect(ids.length).toBe(lines.length);
    expect(new Set(ids)).toEqual(new Set(lines.map((l) => JSON.parse(l).cell)));
    // the two cells whose lines were lost are scored in the resumed session
    expect(ids.indexOf(next[2].cell)).toBeGreaterThanOrEqual(k + 2);
    expect(ids.indexOf(next[3].cell)).toBeGreaterThanOrEqual(k + 2);
  });
});

describe('the ledger writer syncing off the main thread', () => {
  it('keeps every line, chained, when closed with a sync still running', async () => {
    const file = join(tmp(), 'ledger.jsonl');
    const w = new LedgerWriter(file, 'genesis', 1);
    for (let i = 0; i < 40; i++) {
      w.append([{ cell: `c${i}`, status: 'refused', at: '2026-12-02T00:00:00.000Z' }]);
      await new Promise((r) => setTimeout(r, 2));
    }
    w.close();
    await new Promise((r) => setTimeout(r, 50));
    const { entries, head } = readLedger(file);
    expect(entries.map((e) => e.cell)).toEqual(Array.from({ length: 40 }, (_, i) => `c${i}`));
    expect(entries[0].prev).toBe('genesis');
    expect(head).toBe(w.lastHash);
  });
});

describe('entries a scorer thread sends as JSON text', () => {
  // a scored entry with an effect, a derived one, and one that already carries a prev (a merged shard's)
  const scored = { cell: 'fault:t/omit', status: 'scored', at: '2026-12-02T00:00:00.000Z', effect: { events: { added: [{ key: '1', values: { title: 'a "quoted" \u2028 title' } }], updated: [], removed: [] } }, verdict: { verdict: 'pass', detail: 'passed 6/6' }, ms: 0.5 } satisfies LedgerEntry;
  const write = (entries: LedgerEntry[]) => {
    const file = join(tmp(), 'ledger.jsonl');
    const w = new LedgerWriter(file, 'genesis');
    w.append(entries);
    w.close();
    return readFileSync(file, 'utf8');
  };

  it('are written as the lines JSON.stringify({ ...entry, prev }) gives, parsed once and never serialized again', () => {
    const fromText = entryFromText(JSON.stringify(scored));
    const entries = [structuredClone(scored), { ...structuredClone(scored), cell: 'fault:t/extra', prev: 'ignored' }];
    const lines = write([fromText, ...entries]).split('\n').filter(Boolean);
    let prev = 'genesis';
    const expected = [scored, entries[0], { ...entries[1], prev: undefined }].map((e) => {
      const line = JSON.stringify({ ...e, prev });
      prev = createHash('sha256').update(line).digest('hex');
      return line;
    });
    expect(lines).toEqual(expected);
  });

  it('keep a field added after they were parsed, on the copy run.ts makes of a derived entry', () => {
    const fromText = entryFromText(JSON.stringify(scored));
    const derived = { ...fromText, derived: { parent: 'search:t/0', plan: 'omit', steps: [] } };
    const [line] = write([derived]).split('\n');
    expect(JSON.parse(line).derived).toEqual({ parent: 'search:t/0', plan: 'omit', steps: [] });
  });
});
