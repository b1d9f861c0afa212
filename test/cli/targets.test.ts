import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { targetList } from '../../targets/index.ts';

const run = async (argv: string[]) => {
  const lines: string[] = [];
  const code = await main(argv, { log: (s) => lines.push(s), err: (s) => lines.push(`err: ${s}`) });
  return { code, text: lines.join('\n') };
};

describe('blindspot targets', () => {
  it('--json lists every built-in target, in the order of the listing, each with its description', async () => {
    const listing = await run(['targets']);
    const json = await run(['targets', '--json']);
    expect([listing.code, json.code]).toEqual([0, 0]);
    const targets = JSON.parse(json.text) as { name: string; description: string }[];
    expect(targets.map((t) => t.name).sort()).toEqual([...Object.keys(targetList.factories), 'protocol'].sort());
    for (const t of targets) expect(t.description.length).toBeGreaterThan(20);
    expect(listing.text.split('\n').map((l) => l.split(/\s+/)[0])).toEqual(targets.map((t) => t.name));
  });

  it('refuses a stray word with one line, not a listing', async () => {
    const r = await run(['targets', 'apps']);
    expect(r.code).toBe(2);
    expect(r.text).toMatch(/^err: .*Unknown argument: apps/);
  });
});
