import { renderCheckerColumns } from './checkers.ts';
import type { Report } from './build.ts';
import { VECTOR_LEGEND } from './outcomes.ts';
import { formatRate } from './thresholds.ts';
import { familyOf } from '../grammar/families/index.ts';
import { describeTimeLimit } from '../run/time-limit.ts';
import { killRateTable, errorTable, floorTable, flowTable, refusalTable, rungTable, supportedTable, weaknessTable, mechanismTable, MUTANTS_NOTE, withoutInsertsNote } from './tables.ts';
import type { Table } from './table.ts';
import { scheduleFalseAcceptTable, scheduleFamilyTable } from './schedules.ts';

export function mdTable(head: string[], rows: (string | number)[][]): string {
  const esc = (v: string | number) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

const md = (t: Table) => mdTable(t.head, t.rows);

const short = (h: string) => h.slice(0, 12);

function renderSwap(s: NonNullable<Report['swap']>): string[] {
  const out = ['', '## Intent-swap rejection census (paper Table 1)', '', s.note, ''];
  out.push(md(rungTable(s)));
  const total = s.rungs.reduce((n, r) => n + r.valid, 0);
  out.push('', `${total} valid cells; the off-diagonal ones span ${s.generatorPairs} ordered generator pairs. ${s.errors.length} error cell(s) excluded from the denominators.`);
  if (s.offDiagonalPasses.length) {
    out.push('', '### Off-diagonal Passes', '');
    for (const p of s.offDiagonalPasses) {
      out.push(`- \`${p.cell}\` (${p.rung}): ${p.collateral ? 'collateral satisfaction' : 'acceptance of other work'}`);
      for (const e of p.evidence) out.push(`  - ${e}`);
    }
  } else out.push('', 'No off-diagonal Pass.');
  if (s.errors.length) {
    out.push('', '### Error cells (kept in the ledger)', '');
    out.push(mdTable(['cell', 'rung', 'error'], s.errors.map((e) => [e.cell, e.rung ?? 'diag', e.error])));
  }
  return out;
}

function renderFaults(r: Report): string[] {
  const out: string[] = [];
  out.push('', '## Execution flow per family (paper Table 5)', '');
  out.push(
    'Scheduled cells partition into refused, incomplete, degenerate, immaterial (the effect differs only where the target declares it does not matter: log tables, set duplicates, ignored columns), candidate and classified (confirmed wrong effect). ' +
      'Pass and FA are outcome columns, not part of the partition. FA = 0 means no false accept was confirmed, not that none exists.',
    '',
  );
  out.push(md(flowTable(r)));
  out.push('', '## Supported constructions (paper Table 2)', '');
  out.push('Constructions whose wrong effect is proven by readback or guaranteed by construction. Rows are not pooled.', '');
  out.push(md(supportedTable(r)));
  if (r.killRates) {
    const t = r.killRates.thresholds;
    out.push('', '## Kill rate per family', '');
    out.push(
      `Confirmed wrong-effect cells the checker rejected: Fail / (Fail + Pass); checker errors and dismissed false accepts are left out, as Stryker leaves out invalid mutants. ` +
        `Thresholds: high ${t.high}%, low ${t.low}%, break ${t.break === null ? 'none' : `${t.break}%`}. Families are never pooled.`,
      '',
    );
    out.push(md(killRateTable(r)));
  }
  if (r.checkers) out.push(...renderCheckerColumns(r.checkers, mdTable));
  out.push('', '## Confirmed false accepts', '');
  if (!r.falseAccepts.length) out.push('None confirmed in this increment.');
  for (const fa of r.falseAccepts) {
    out.push(`- \`${fa.cell}\` (${fa.generator}, ${fa.family}): ${fa.edit ?? ''}${triageNote(fa.triage)}`);
    for (const line of fa.evidence?.summary ?? []) out.push(`  - readback: ${line}`);
    if (fa.checkers) out.push(`  - checkers: ${Object.entries(fa.checkers).map(([n, v]) => `${n} ${v}`).join(', ')} (${fa.detail ?? ''})`);
  }
  out.push('', '## Verdict vectors per generator', '');
  out.push(`One symbol per task variant: ${VECTOR_LEGEND}.`, '');
  const families = r.flow.map((f) => f.family);
  out.push(mdTable(['generator', ...families], r.generators.map((g) => [g.generator, ...families.map((f) => g.vectors[f] ?? '')])));
  if (r.refusals.length) {
    out.push('', '## Refusals', '');
    out.push(md(refusalTable(r)));
  }
  return out;
}

const triageNote = (t?: { status: string; reason: string }) => (t ? ` **[${t.status} by triage: ${t.reason}]**` : '');

/** What a reader must know before any table: no-op acceptances, the headline counts, and what happened to the run. */
export function glance(r: Report): string[] {
  const out: string[] = [];
  out.push(`- Controls passed ${r.controls.pass}/${r.controls.total}${r.controls.falseRejects.length ? `; **${r.controls.falseRejects.length} false reject(s)**` : ''}.`);
  if (r.noOpCheckers.length) {
    out.push(`- **Checkers that pass work that does nothing** (${r.noOpCheckers.length}): ${r.noOpCheckers.map((n) => `\`${n.task}\` (${n.constructions.join(', ')})`).join(', ')}.`);
  } else if (r.floor || r.flow.some((f) => familyOf(f.family).writesNothing)) {
    out.push('- No checker passes a construction that does nothing where the reference changes state.');
  }
  if (r.flow.length) {
    const tasks = new Set(r.falseAccepts.map((f) => f.task)).size;
    const immaterial = r.flow.reduce((n, f) => n + f.immaterial, 0);
    const dismissed = r.falseAccepts.filter((f) => f.triage?.status === 'dismissed').length;
    out.push(
      `- Confirmed false accepts (fault arm): **${r.falseAccepts.length}** cell(s) over ${tasks} task(s)${dismissed ? ` (${dismissed} dismissed by triage)` : ''}` +
        (immaterial ? `; ${immaterial} cell(s) set apart as immaterial (they differ only in what the target declares immaterial: log tables, set duplicates, ignored columns).` : '.'),
    );
  }
  const k = r.killRates;
  if (k?.families.some((f) => f.rate !== undefined)) {
    const rated = k.families.filter((f) => f.rate !== undefined).map((f) => `${f.family} ${formatRate(f.rate)}`).join(', ');
    const below = k.families.filter((f) => f.belowBreak).map((f) => f.family);
    out.push(`- Kill rate per family: ${rated}${below.length ? `; **below the break threshold ${k.thresholds.break}%: ${below.join(', ')} (exit code 1)**` : ''}.`);
  }
  if (r.floor) {
    const fa = r.floor.rows.reduce((n, x) => n + x.falseAccepts.length, 0);
    const nd = r.floor.rows.reduce((n, x) => n + x.nonDiscriminating.length, 0);
    out.push(`- Null-agent floor: ${fa} task(s) pass a do-nothing agent where the reference changes state; ${nd} task(s) are non-discriminating.`);
  }
  if (r.search) {
    const dismissed = r.search.findings.filter((f) => f.triage?.status === 'dismissed').length;
    out.push(
      `- Search (exploratory): ${r.search.findings.length} minimal mutant(s) the checkers accept${dismissed ? ` (${dismissed} dismissed by triage)` : ''}, exposing ${r.search.weaknesses.length} weakness(es)${r.search.mechanisms.length ? ` (${r.search.mechanisms.length} recurring over several checkers)` : ''}, from ${r.search.explorationFindings} accepted plan(s) of ${r.search.plans} explored` +
        `${r.search.complete ? '' : ' (shrinking not finished: resume the run)'}; confirm them on fresh environments with \`blindspot rerun --from <this run>\`.`,
    );
  }
  if (r.triage) {
    out.push(`- Triage (${r.triage.file}): ${r.triage.dismissed} finding(s) dismissed, ${r.triage.accepted} accepted; dismissed ones stay in the tables, marked, and \`guard\` does not fail on them.`);
  }
  if (r.errors.length) out.push(`- Checker errors: ${r.errors.reduce((n, e) => n + e.cells, 0)} cell(s) in ${r.errors.length} cause(s), never counted as Pass.`);
  const broken = r.run.sessions.filter((s) => s.status !== 'complete');
  out.push(
    broken.length
      ? `- Sessions: ${r.run.sessions.length}; ${broken.map((s) => `${s.status}${s.signal ? ` by ${s.signal}` : ''} at ${s.startedAt}`).join(', ')}; each later session resumed from the ledger.`
      : `- Sessions: ${r.run.sessions.length}, none interrupted.`,
  );
  const limits = [...new Set(r.run.sessions.flatMap((s) => (s.timeLimit ? [describeTimeLimit(s.timeLimit)] : [])))];
  if (limits.length) out.push(`- Per-cell time limit: ${limits.join('; then ')}.`);
  const swept = r.run.sessions.flatMap((s) => s.recovered ?? []);
  if (swept.length) out.push(`- Residue of interrupted sessions swept before resuming: ${swept.join('; ')}.`);
  for (const s of r.run.sessions) {
    if (s.residue) out.push(s.residue.found.length ? `- **Residue left after the run**: ${s.residue.found.join('; ')} (checked ${s.residue.checked}).` : `- Residue after the run: 0 (checked ${s.residue.checked}).`);
  }
  return out;
}

function renderFloor(f: NonNullable<Report['floor']>): string[] {
  const out = ['', '## Null-agent floor', '', f.note, '', md(floorTable(f))];
  for (const p of f.passed) out.push(`- \`${p.task}\`: ${p.outcome === 'false-accept' ? 'false accept of a do-nothing agent' : 'non-discriminating'} (passes ${p.families.join(' and ')})`);
  return out;
}

function renderSearch(s: NonNullable<Report['search']>): string[] {
  const out = ['', '## Search findings (exploratory)', ''];
  out.push(
    `Beyond the fixed census: ${s.plans} plans explored (operators ${s.spec.operators.map((o) => o.name).join(', ')}; seed ${s.spec.seed}, budget ${s.spec.budget} per task), ` +
      `${s.cells} search cells scored. Each accepted plan was shrunk to a minimal mutant (fewest edits, then steps, then arguments changed) that the checker still passes on a confirmed wrong effect. ` +
      'Exploratory: `blindspot rerun --from <this run>` freezes the minimal mutants as an ordinary increment and confirms them on fresh environments.',
    '',
  );
  if (withoutInsertsNote(s)) out.push(withoutInsertsNote(s), '');
  if (!s.findings.length) return [...out, 'No plan the checkers accept.'];
  out.push(
    `${s.findings.length} minimal mutant(s) expose ${s.weaknesses.length} weakness(es): distinct (task, weakness) pairs, a weakness being what the mutant changed in the benchmark's terms; ` +
      `${s.mechanisms.length} weakness(es) recur over several checkers (mechanisms).`,
    '',
  );
  if (s.mechanisms.length) out.push('### Mechanisms', '', md(mechanismTable(s)), '', '### Per task', '');
  out.push(md(weaknessTable(s)), '', MUTANTS_NOTE);
  return out;
}

function renderErrors(r: Report): string[] {
  if (!r.errors.length) return [];
  const out = ['', '## Checker errors, by cause (never counted as Pass)', '', md(errorTable(r)), ''];
  for (const e of r.errors) out.push(`- ${e.cause}: e.g. \`${e.examples[0].cell}\`: ${e.examples[0].detail.split('\n')[0].slice(0, 300)}`);
  return out;
}

export function renderMarkdown(r: Report): string {
  const ev = r.evidence;
  const out: string[] = [];
  out.push(`# blindspot audit: ${ev.target} ${ev.version}`, '');
  out.push(
    `Run \`${r.run.id}\` (${r.run.status}${r.run.unscored ? `, ${r.run.unscored} cells not yet scored` : ''}), increment \`${ev.incrementId}\`.`,
    '',
  );
  out.push('## At a glance', '', ...glance(r), '');
  out.push('## Diagonal controls', '');
  out.push(`Controls passed: **${r.controls.pass}/${r.controls.total}**.`);
  if (r.controls.falseRejects.length) {
    out.push('', `**${r.controls.falseRejects.length} FALSE REJECT(S)**: the reference trajectory failed its own checker.`, '');
    out.push(mdTable(['task', 'verdict', 'detail'], r.controls.falseRejects.map((f) => [f.task, f.verdict ?? '-', f.detail ?? ''])));
  }
  if (r.controls.unscored.length) {
    out.push('', `${r.controls.unscored.length} control(s) could not be scored (delivery broke or the checker errored); where the delivery broke, the task's fault cells have no reference effect and stay candidates.`, '');
    out.push(mdTable(['task', 'verdict', 'detail'], r.controls.unscored.map((f) => [f.task, f.verdict ?? '-', f.detail ?? ''])));
  }
  if (r.flow.length) out.push(...renderFaults(r));
  if (r.schedules) {
    out.push('', '## Validation schedules', '', r.schedules.note, '', md(scheduleFamilyTable(r.schedules)));
    if (r.schedules.falseAccepts.length) out.push('', md(scheduleFalseAcceptTable(r.schedules)));
  }
  if (r.floor) out.push(...renderFloor(r.floor));
  if (r.search) out.push(...renderSearch(r.search));
  if (r.swap) out.push(...renderSwap(r.swap));
  out.push(...renderErrors(r));
  out.push('', '## Evidence record', '');
  out.push(
    mdTable(
      ['field', 'value'],
      [
        ['target', `${ev.target} ${ev.version}`],
        ['checker hash', ev.checkerHash],
        ['corpus hash', ev.corpusHash],
        ['increment', `${ev.incrementId} (${short(ev.incrementHash)})`],
        ...ev.censuses.map((c) => [`${c.kind} census`, c.hash] as [string, string]),
        ['sealed split opened', ev.unseal ? `${ev.unseal.split}: ${ev.unseal.reason}` : 'no'],
        ['date', ev.date],
        ['cells', `${ev.counts.cells} (controls ${ev.counts.controls}, fault cells ${ev.counts.faultCells}, scored ${ev.counts.scored})`],
      ],
    ),
  );
  out.push('', 'Counts describe this frozen census of constructions; they are not population rates.', '');
  return out.join('\n');
}
