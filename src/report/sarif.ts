// report.sarif: SARIF 2.1.0, so code-scanning tools (GitHub's among them) show each
// confirmed false accept on the checker that let it through: one result per false
// accept, located at the checker's file and line, with the mutant and its readback
// in the message. A finding dismissed by triage stays, as a suppressed result.
import type { Report } from './build.ts';
import type { Increment } from '../protocol/increment.ts';
import type { CheckerLocation } from '../contract/target.ts';
import { checkerOfGenerator, frozenSource } from '../target/checker-files.ts';
import { ownsCode, targetFactory } from '../target/registry.ts';
import { VERSION } from '../util/version.ts';
import { familyOf } from '../grammar/families/index.ts';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The first line that defines a function (TypeScript or Python): where a checker starts, by the one-file-per-generator convention. */
function firstDefinitionLine(source: string): number {
  const i = source.split('\n').findIndex((l) => /^\s*(export\s+(default\s+)?(async\s+)?function\b|(async\s+)?def\s+\w+)/.test(l));
  return i < 0 ? 1 : i + 1;
}

/** A generator's own checker file, and the line its checker starts on. */
function conventionalLocation(inc: Increment, generator: string): CheckerLocation | undefined {
  const f = checkerOfGenerator(inc.target.checkerFiles, generator);
  if (!f) return undefined;
  const source = frozenSource(f);
  return { uri: f.path, line: source ? firstDefinitionLine(source) : 1 };
}

/**
 * Where each task's checker is. A built-in target may know better than the
 * convention (AgentDojo: the class of the task in the version file that defines
 * it); a module target is someone else's code and is never imported here, where
 * nothing isolates it.
 */
async function locator(inc: Increment): Promise<(task: string, generator: string) => CheckerLocation | undefined> {
  const factory = ownsCode(inc.target.spec) ? await targetFactory(inc.target.spec) : undefined;
  // a generator's file is read and searched once, however many of its cells are false accepts
  const conventional = new Map<string, CheckerLocation | undefined>();
  const byConvention = (generator: string) => {
    if (!conventional.has(generator)) conventional.set(generator, conventionalLocation(inc, generator));
    return conventional.get(generator);
  };
  return (task, generator) => factory?.locateChecker?.(task, generator, inc.target.checkerFiles) ?? byConvention(generator);
}

export async function buildSarif(r: Report, inc: Increment): Promise<object> {
  const locate = await locator(inc);
  const families = [...new Set(r.falseAccepts.map((f) => f.family))].sort();
  const rules = families.map((family) => ({
    id: `blindspot/${family}`,
    name: `false-accept-${family}`,
    shortDescription: { text: `False accept (${family})` },
    fullDescription: { text: familyOf(family).ruleText },
    help: {
      text: 'blindspot delivered a mutant of the reference trajectory to a fresh environment, read its effect back independently and found it wrong; this checker returned Pass. Tighten the checker so it rejects the effect shown in the message (see the report\'s readback evidence).',
    },
    defaultConfiguration: { level: 'error' },
  }));
  const results = r.falseAccepts.map((f) => {
    const where = locate(f.task, f.generator);
    const readback = f.evidence?.summary.join('; ') ?? 'no readback summary';
    return {
      ruleId: `blindspot/${f.family}`,
      ruleIndex: families.indexOf(f.family),
      level: 'error',
      message: { text: `The checker of task ${f.task} passed a confirmed wrong effect (${f.family}): ${f.edit ?? 'mutant'}. Readback: ${readback}. Cell ${f.cell} of increment ${r.evidence.incrementId}.` },
      locations: where
        ? [{ physicalLocation: { artifactLocation: { uri: where.uri, uriBaseId: 'SRCROOT' }, region: { startLine: where.line } }, logicalLocations: [{ name: f.task, kind: 'function' }] }]
        : [{ logicalLocations: [{ name: f.task, kind: 'function' }] }],
      partialFingerprints: { 'blindspotConstruction/v1': f.key ?? f.cell },
      ...(f.triage?.status === 'dismissed' ? { suppressions: [{ kind: 'external', status: 'accepted', justification: f.triage.reason }] } : {}),
      properties: { cell: f.cell, task: f.task, generator: f.generator, family: f.family, readback: f.evidence?.summary ?? [], ...(f.triage ? { triage: f.triage } : {}) },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'blindspot', version: VERSION, rules } },
        originalUriBaseIds: { SRCROOT: { description: { text: `the root of the ${r.evidence.target} checkers' repository` } } },
        automationDetails: { id: `blindspot/${r.evidence.target}/${r.evidence.incrementId}` },
        results,
        properties: {
          target: `${r.evidence.target} ${r.evidence.version}`,
          increment: r.evidence.incrementId,
          incrementHash: r.evidence.incrementHash,
          checkerHash: r.evidence.checkerHash,
          ...(r.killRates ? { killRates: r.killRates } : {}),
        },
      },
    ],
  };
}
