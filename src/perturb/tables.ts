// The perturbation report's tables as header and rows, rendered alike by
// perturb.md and perturb.html, so the two always show the same numbers.
import type { Table } from '../report/section.ts';
import { PERTURB_FAMILIES, PERTURB_TARGETS, PERTURB_TYPES, type PerturbTarget } from './inputs.ts';
import type { Degradation, PerturbAnalysis, UsageSummary } from './analysis.ts';
import type { PerturbComparison } from './compare.ts';
import type { Interval } from './stats.ts';

export const TARGET_NAMES: Record<PerturbTarget, string> = { U: 'user utterance', P: 'procedure', C: 'context', T: 'tool contract' };

/** A percentage or rate with one decimal; n/a for undefined. */
export const pct = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(1));
export const interval = (i: Interval | null | undefined) => (i ? `[${i.lo.toFixed(1)}, ${i.hi.toFixed(1)}]` : '');
const withCi = (x: number | null, i: Interval | null | undefined) => [pct(x), interval(i)].filter(Boolean).join(' ');

const DEGRADATION_HEAD = ['tasks', 'instances', 'clean %', 'perturbed %', 'rel. degradation %', 'broke (✓→✗)', 'fixed (✗→✓)'];
const degradationCells = (d: Degradation): (string | number)[] => [
  d.tasks,
  d.instances,
  withCi(d.clean, d.ci?.clean),
  withCi(d.perturbed, d.ci?.perturbed),
  d.degradation === null ? `n/a${d.instances ? ' (C = 0)' : ''}` : withCi(d.degradation, d.ci?.degradation),
  d.broke,
  d.fixed,
];

export const summaryTable = (a: PerturbAnalysis): Table => ({
  head: ['', 'value'],
  rows: [
    ['agent', a.agent],
    ['episodes', `${a.episodes} (${a.unscored.episodes} unscored, excluded; ${a.unpaired.instances} perturbed without a scored clean episode, excluded)`],
    ['tasks (clean episodes scored)', a.clean.tasks],
    ['clean success C %', withCi(a.clean.rate, a.clean.ci)],
    ['perturbed success P % (all instances, paired)', withCi(a.overall.perturbed, a.overall.ci?.perturbed)],
    ['relative degradation 100(C-P)/C %', a.overall.degradation === null ? `n/a: ${a.overall.reason}` : withCi(a.overall.degradation, a.overall.ci?.degradation)],
    ['perturbed instances', a.overall.instances],
    ['grader false accepts', a.falseAccepts.length],
    ['agent errors', a.agentErrors.reduce((n, e) => n + e.count, 0)],
  ],
});

export const familyTable = (a: PerturbAnalysis): Table => ({
  head: ['family', ...DEGRADATION_HEAD, 'asked the user', 'grader FA', 'agent errors'],
  rows: a.families.map((f) => [f.family, ...degradationCells(f), f.asked, f.falseAccepts, f.agentErrors]),
});

export const targetTable = (a: PerturbAnalysis): Table => ({
  head: ['target', ...DEGRADATION_HEAD],
  rows: a.targets.map((t) => [`${t.target} (${TARGET_NAMES[t.target]})`, ...degradationCells(t)]),
});

export const typeTable = (a: PerturbAnalysis): Table => ({
  head: ['type', ...DEGRADATION_HEAD],
  rows: a.types.map((t) => [t.type, ...degradationCells(t)]),
});

/** One heatmap cell's text: relative degradation and its instances. */
export function heatmapCell(a: PerturbAnalysis, i: number, j: number): string {
  const f = a.families.find((x) => x.target === a.heatmap.targets[i] && x.type === a.heatmap.types[j])!;
  return f.instances ? `${pct(f.degradation)} (n=${f.instances})` : '–';
}

export const heatmapTable = (a: PerturbAnalysis): Table => ({
  head: ['target \\ type', ...a.heatmap.types],
  rows: a.heatmap.targets.map((t, i) => [`${t} (${TARGET_NAMES[t]})`, ...a.heatmap.types.map((_, j) => heatmapCell(a, i, j))]),
});

/** Families the run has, in order: the rows and columns of the correlation matrix. */
export const correlatedFamilies = (a: PerturbAnalysis) => a.families.filter((f) => f.tasks > 0).map((f) => f.family);

/** Families whose per-task degradation is the same on every task, so their rho with any family is undefined. */
export const constantFamilies = (a: PerturbAnalysis) =>
  correlatedFamilies(a).filter((f) => new Set(a.correlation.perTask.filter((t) => t.families[f] !== undefined).map((t) => t.families[f])).size === 1);

export const pairOf = (a: PerturbAnalysis, x: string, y: string) => a.correlation.pairs.find((q) => (q.a === x && q.b === y) || (q.a === y && q.b === x));

export function correlationCell(a: PerturbAnalysis, x: string, y: string): string {
  if (x === y) return '1';
  const p = pairOf(a, x, y);
  return p ? `${p.rho === null ? 'n/a' : p.rho.toFixed(2)} (n=${p.n})` : '–';
}

export const correlationTable = (a: PerturbAnalysis): Table => {
  const fs = correlatedFamilies(a);
  return { head: ['', ...fs], rows: fs.map((x) => [x, ...fs.map((y) => correlationCell(a, x, y))]) };
};

export const correlationGroupTable = (a: PerturbAnalysis): Table => ({
  head: ['family pairs', 'pairs', 'with rho defined', 'mean rho'],
  rows: (
    [
      ['same target', a.correlation.groups.sameTarget],
      ['same type', a.correlation.groups.sameType],
      ['neither', a.correlation.groups.neither],
    ] as const
  ).map(([label, g]) => [label, g.pairs, g.defined, g.meanRho === null ? 'n/a' : g.meanRho.toFixed(2)]),
});

export const falseAcceptTable = (a: PerturbAnalysis): Table => ({
  head: ['instance', 'family', 'verdict', 'checker detail', 'readback evidence'],
  rows: a.falseAccepts.map((f) => [f.instance, f.family, f.verdict, f.detail, f.evidence]),
});

export const agentErrorTable = (a: PerturbAnalysis): Table => ({
  head: ['cause', 'episodes', 'instances', 'messages (up to 3)'],
  rows: a.agentErrors.map((e) => [e.cause, e.count, e.instances.join(', '), e.examples.join(' / ')]),
});

const usageRow = (label: string, u: UsageSummary): (string | number)[] => [
  label,
  u.episodes,
  u.tokens ? `${u.tokens.total} (${u.tokens.episodes} episodes)` : 'not reported',
  u.tokens ? pct(u.tokens.perSuccess) : '',
  u.tokens ? pct(u.tokens.successesPerMTokens) : '',
  u.cost ? `${u.cost.usd.toFixed(4)} (${u.cost.episodes} episodes)` : 'not reported',
  u.cost?.perSuccess === undefined ? '' : u.cost.perSuccess === null ? 'n/a' : u.cost.perSuccess.toFixed(4),
];

export const usageTable = (u: NonNullable<PerturbAnalysis['usage']>): Table => ({
  head: ['episodes', 'count', 'tokens', 'tokens per successful episode', 'successes per M tokens', 'cost USD', 'cost per success USD'],
  rows: [
    usageRow('all', u.all),
    usageRow('clean', u.clean),
    usageRow('perturbed', u.perturbed),
    ...Object.entries(u.families).map(([f, x]) => usageRow(f, x)),
  ],
});

export const comparisonTable = (c: PerturbComparison): Table => ({
  head: ['rank', 'agent', 'clean %', 'perturbed %', 'rel. degradation %', 'tasks', 'instances', 'grader FA'],
  rows: c.agents.map((a) => [
    a.rank ?? '–',
    a.agent,
    withCi(a.clean, a.ci?.clean),
    pct(a.perturbed),
    a.degradation === null ? `n/a (${a.reason})` : withCi(a.degradation, a.ci?.degradation),
    a.tasks,
    a.instances,
    a.falseAccepts,
  ]),
});

export const comparisonFactorTable = (c: PerturbComparison): Table => ({
  head: ['agent', ...PERTURB_TARGETS, ...PERTURB_TYPES],
  rows: c.agents.map((a) => [a.agent, ...PERTURB_TARGETS.map((t) => pct(a.targets[t])), ...PERTURB_TYPES.map((t) => pct(a.types[t]))]),
});

export const comparisonFamilyTable = (c: PerturbComparison): Table => ({
  head: ['agent', ...PERTURB_FAMILIES],
  rows: c.agents.map((a) => [a.agent, ...PERTURB_FAMILIES.map((f) => pct(a.families[f]))]),
});

export const correlationLine = (c: PerturbComparison['cleanVsDegradation']) =>
  c.rho === null
    ? `Spearman rho (clean score vs relative degradation): n/a over ${c.n} ranked agent(s): ${c.reason}.`
    : `Spearman rho (clean score vs relative degradation): ${c.rho.toFixed(2)} over ${c.n} ranked agents, permutation p = ${c.p === null ? 'n/a' : c.p.toFixed(3)}.`;
