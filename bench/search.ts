// The search arm on apps and on the AgentDojo bridge (banking): how fast plans
// are scored, how many of a task's explored plans are scored before its first
// false accept, and what shrinking costs. Numbers from a real run, through the
// engine (main thread and workers, ledger, classification).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freeze } from '../src/freeze/freeze.ts';
import { runIncrement } from '../src/run/run.ts';
import { writeReport } from '../src/report/write.ts';
import { readLedger } from '../src/run/ledger.ts';
import { ledgerPath } from '../src/run/verify.ts';
import { python } from '../targets/agentdojo/index.ts';
import { median, printRows, scratch, timed } from './measure.ts';

const BUDGET = 64;

async function measure(target: string) {
  const s = scratch();
  try {
    const f = await freeze({ target, arms: ['search'], search: { budget: BUDGET, seed: 0 }, splits: ['dev'], mutantsDir: join(s.dir, 'm'), censusDir: join(s.dir, 'c') });
    const runDir = join(s.dir, 'run');
    const { ms } = await timed(() => runIncrement({ incrementDir: f.dir, runDir, workers: availableParallelism(), limitMs: 30_000 }));
    const { report } = await writeReport(runDir);
    const search = report.search!;
    const entries = readLedger(ledgerPath(runDir)).entries;
    const derived = entries.filter((e) => e.derived).length;
    // per task, the explored plans scored (in ledger order) up to and including its first accepted one
    const order = new Map<string, string[]>();
    for (const e of entries) {
      const m = /^search:(.+)#[0-9a-f]+$/.exec(e.cell);
      if (m && !e.derived) (order.get(m[1]) ?? order.set(m[1], []).get(m[1])!).push(e.cell);
    }
    const firsts = [...new Set(search.findings.map((x) => x.task))].map((task) => {
      const starts = new Set(search.findings.filter((x) => x.task === task).flatMap((x) => x.from));
      return order.get(task)!.findIndex((c) => starts.has(c)) + 1;
    });
    return {
      target,
      tasks: f.increment.selection.tasks.length,
      'plans explored': search.plans,
      'derived (shrink) cells': derived,
      'plans/s': Math.round(((search.plans + derived) * 1000) / ms),
      'tasks with a finding': firsts.length,
      'cells to first FA (median / max)': firsts.length ? `${median(firsts)} / ${Math.max(...firsts)}` : '-',
      'minimal mutants / weaknesses': `${search.findings.length} / ${search.weaknesses.length}`,
      'shrink steps (total / max per finding)': `${search.findings.reduce((n, x) => n + x.shrinks, 0)} / ${Math.max(0, ...search.findings.map((x) => x.shrinks))}`,
      'shrink candidates tried (total)': search.findings.reduce((n, x) => n + x.tried, 0),
      'run ms': Math.round(ms),
    };
  } finally {
    s.done();
  }
}

export async function benchSearch(): Promise<void> {
  const rows = [await measure('apps')];
  if (existsSync(python())) rows.push(await measure('agentdojo?suite=banking'));
  else console.log('search bench: no AgentDojo venv (bash scripts/setup-python.sh); apps only');
  printRows(`search arm, budget ${BUDGET} plans per task, seed 0`, rows);
}
