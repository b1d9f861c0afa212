import type { Report } from './build.ts';
import { VECTOR_LEGEND } from './outcomes.ts';
import { errorTable, flowTable, refusalTable, rungTable, supportedTable, type Table } from './tables.ts';

function mdTable(head: string[], rows: (string | number)[][]): string {
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
  const ev = r.evidence;
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
  out.push('', '## Confirmed false accepts', '');
  if (!r.falseAccepts.length) out.push('None confirmed in this increment.');
  for (const fa of r.falseAccepts) {
    out.push(`- \`${fa.cell}\` (${fa.generator}, ${fa.family}): ${fa.edit ?? ''}`);
    for (const line of fa.evidence?.summary ?? []) out.push(`  - readback: ${line}`);
  }
  out.push('', '## Verdict vectors per generator', '');
  out.push(`One symbol per task variant: ${VECTOR_LEGEND}.`, '');
  const families = r.flow.map((f) => f.family);
  out.push(mdTable(['generator', ...families], r.generators.map((g) => [g.generator, ...families.map((f) => g.vectors[f] ?? '')])));
  if (r.refusals.length) {
    out.push('', '## Refusals', '');
    out.push(md(refusalTable(r)));
  }
  if (r.errors.length) {
    out.push('', '## Checker errors (never counted as Pass)', '');
    out.push(md(errorTable(r)));
  }
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
  if (r.swap) out.push(...renderSwap(r.swap));
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
