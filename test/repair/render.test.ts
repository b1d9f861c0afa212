import { describe, expect, it } from 'vitest';
import { headline, movedLines, REPAIR_REPORTERS } from '../../src/repair/render.ts';
import type { Flip, RepairResult } from '../../src/repair/result.ts';

const flip = (generator: string, i: number, flipped: boolean, checkerPatched?: boolean): Flip => ({
  cell: `search:${generator}#${i}`,
  family: 'search',
  generator,
  task: generator,
  shipped: 'pass',
  patched: flipped ? 'fail' : 'pass',
  flipped,
  mechanism: [`t: ${i % 2 ? 1 : 2} rows added, reference 0`],
  ...(checkerPatched === undefined ? {} : { checkerPatched }),
});

// the shape of AgentDojo banking's cardinality repair: a few flips, many cells kept
// Pass because their checker was never patched, and some outside the mechanism
const result: RepairResult = {
  schema: 'blindspot.repair/1',
  patch: 'cardinality',
  mode: 'regraded',
  run: { dir: 'r', incrementId: 'i', incrementHash: 'h' },
  flips: [
    flip('bank/user_task_0', 0, true, true),
    flip('bank/user_task_0', 1, false, true),
    ...[0, 1, 2, 3, 4].map((i) => flip('bank/user_task_1', i, false, false)),
    ...[0, 1].map((i) => flip('bank/user_task_10', i, false, false)),
  ],
  controls: { total: 2, preserved: 2, broken: [] },
  degenerate: { total: 0, preserved: 0, broken: [] },
  otherChanges: [],
  untargeted: [
    { cell: 'fault:wrong-value:bank/user_task_1#0', generator: 'bank/user_task_1', family: 'wrong-value' },
    { cell: 'search:bank/user_task_1#9', generator: 'bank/user_task_1', family: 'search' },
  ],
  shipped: { checkerHash: 'c', files: [] },
  change: '--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-return any(c for t in post)\n+return sum(c for t in post) - sum(c for t in pre) == 1\n',
  notes: [],
};

const page = (r: RepairResult, file: string) => (REPAIR_REPORTERS.find((x) => x.name === 'page')!.files(r) as Record<string, string>)[file];

const markdown = () => page(result, 'repair.md');

describe('a repair as people read it', () => {
  it('counts many cells that did not flip in the headline instead of naming each on one line', () => {
    const lines = headline(result);
    expect(lines).toContain('Not flipped: 8 cells over 3 generators, 7 of them judged by checkers the patch left as shipped (repair.md lists them by generator).');
    expect(lines.join('\n')).not.toContain('search:bank/user_task_1#0');
  });

  it('prints only the verdicts that moved', () => {
    expect(movedLines(result)).toEqual(['pass -> fail  search:bank/user_task_0#0  (bank/user_task_0, search)']);
  });

  it('repair.md says, by generator, what did not flip and why, and what lay outside the mechanism', () => {
    const md = markdown();
    expect(md).toContain('## Not flipped 8/9, by generator');
    // the flips table holds the one flip, not eight 'pass | pass' rows besides
    expect(md).toContain('| search:bank/user_task_0#0 | search | bank/user_task_0 | pass | fail |');
    expect(md).not.toContain('| search:bank/user_task_1#0 |');
    expect(md).toContain('The 8 that kept their verdict are counted by generator below; flips.csv lists every targeted cell.');
    expect(md).toContain('| bank/user_task_0 | 1 | 1 | checker patched, still passes | pass | t: 1 rows added, reference 0 |');
    expect(md).toContain('| bank/user_task_1 | 5 | 0 | checker left as shipped | pass | t: 2 rows added, reference 0; t: 1 rows added, reference 0 |');
    // numeric order: user_task_10 after user_task_1
    expect(md.indexOf('| bank/user_task_10 |')).toBeGreaterThan(md.indexOf('| bank/user_task_1 |'));
    expect(md).toContain("## Outside this patch's mechanism 2, by generator");
    expect(md).toContain('| bank/user_task_1 | 2 | wrong-value; search |');
  });

  it('repair.md and repair.html show the patch itself', () => {
    expect(markdown()).toContain('## Patch\n\n```diff\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-return any(c for t in post)\n+return sum(c for t in post) - sum(c for t in pre) == 1\n```\n');
    expect(page(result, 'repair.html')).toContain('<pre><code>--- a/x.py\n');
    // a long one is cut, and says where the whole of it is
    const long = { ...result, change: Array.from({ length: 400 }, (_, i) => `+line ${i}`).join('\n') + '\n', upstream: { diff: 'repair/cardinality/upstream.diff', prefix: 'src/', files: [] } };
    const md = page(long, 'repair.md');
    expect(md).toContain('+line 299\n```');
    expect(md).not.toContain('+line 300');
    expect(md).toContain('The first 300 of 400 lines; all of it: repair/cardinality/upstream.diff.');
  });

  it('says what it could not tell of a cell that kept its Pass: whether the patch reached a checker the target does not name, or reached it for some cells only', () => {
    const why = (flips: Flip[]) => page({ ...result, flips }, 'repair.md');
    expect(why([flip('t', 0, true), flip('t', 1, false)])).toContain(
      '| t | 1 | 1 | not known whether the patch reached its checker (the target names no checker function for this task) | pass |',
    );
    expect(why([flip('t', 0, false, true), flip('t', 1, false, false)])).toContain('| t | 2 | 0 | checker patched for some of these cells, left as shipped for others | pass |');
  });

  it('says a patch that fails none of the dismissed findings fails none, and says nothing of triage when there is none', () => {
    const dismissed = (f: Flip): Flip => ({ ...f, triage: { status: 'dismissed', reason: 'the copy repeats the request' } });
    const kept = { ...result, triage: { file: 't.json', sha256: 'x' }, flips: [flip('t', 0, true), dismissed(flip('t', 1, false))] };
    expect(headline(kept)).toContain('Dismissed by triage (t.json): 1 of the 2 targeted; the patch fails none of them.');
    expect(page(kept, 'repair.md')).toContain('| t | 1 | 0 | the copy repeats the request |');
    expect(headline(result).join('\n')).not.toMatch(/triage/);
    expect(page(result, 'repair.md')).not.toMatch(/Dismissed by triage/);
  });
});
