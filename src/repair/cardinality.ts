// The cardinality patch (paper section 3.6; AppWorld's own guide recommends it):
// next to the first use of each `diff.added('x')` in a TypeScript checker, assert
// that the number of added rows in x equals the reference effect's count. One
// checker file serves every variant of its generator and N differs by variant, so
// the patched copy carries a literal table of reference counts keyed by the task's
// canonical params JSON; params the table does not know fail the assertion rather
// than pass silently.
import { IndentationText, Node, Project, SyntaxKind, type FunctionDeclaration, type ArrowFunction, type FunctionExpression, type Statement } from 'ts-morph';
import { InputError } from '../util/errors.ts';
import { canonicalJson } from '../util/hash.ts';

export interface ReferenceCounts {
  /** canonical JSON of the task's params, as the checker receives them */
  key: string;
  task: string;
  /** added rows per table in the reference effect; absent tables added none */
  added: Record<string, number>;
}

interface CardinalityPatch {
  source: string;
  /** tables whose added rows the checker inspects, each now asserted */
  tables: string[];
  /** uses of `.added(...)` left unasserted, with why */
  skipped: string[];
}

const TABLE_CONST = '__blindspotReferenceAdded';
const EXPECTED_FN = '__blindspotExpectedAdded';
const PARAMS_ALIAS = '__blindspotParams';

type CheckerFn = FunctionDeclaration | ArrowFunction | FunctionExpression;

function defaultChecker(file: string, project: Project, source: string): { sf: ReturnType<Project['createSourceFile']>; fn: CheckerFn } {
  const sf = project.createSourceFile(file, source, { overwrite: true });
  const decl = sf.getFunctions().find((f) => f.isDefaultExport());
  if (decl) return { sf, fn: decl };
  const assigned = sf.getExportAssignments().find((e) => !e.isExportEquals())?.getExpression();
  if (assigned && (Node.isArrowFunction(assigned) || Node.isFunctionExpression(assigned))) return { sf, fn: assigned };
  throw new InputError(`${file}: no default-exported checker function to patch`);
}

/** The expression that reaches the task params inside the checker, adding `params` to a destructured context if needed. */
function paramsExpression(file: string, fn: CheckerFn): string {
  const ctx = fn.getParameters()[1];
  if (!ctx) throw new InputError(`${file}: the checker takes no context parameter, so it cannot see the task params`);
  const name = ctx.getNameNode();
  if (Node.isIdentifier(name)) return `${name.getText()}.params`;
  if (Node.isObjectBindingPattern(name)) {
    const el = name.getElements().find((e) => (e.getPropertyNameNode()?.getText() ?? e.getName()) === 'params');
    if (el) return el.getName();
    const inner = name.getText().replace(/\s*\}\s*$/, '');
    name.replaceWithText(`${inner}${name.getElements().length ? ',' : ''} params: ${PARAMS_ALIAS} }`);
    return PARAMS_ALIAS;
  }
  throw new InputError(`${file}: unsupported checker context parameter ${name.getText()}`);
}

/** Names through which the checker function reaches the diff: a destructured `diff` or `<ctx>.diff`. */
function diffReceivers(fn: CheckerFn): Set<string> {
  const ctx = fn.getParameters()[1]?.getNameNode();
  const out = new Set<string>();
  if (ctx && Node.isIdentifier(ctx)) out.add(`${ctx.getText()}.diff`);
  if (ctx && Node.isObjectBindingPattern(ctx)) {
    for (const e of ctx.getElements()) if ((e.getPropertyNameNode()?.getText() ?? e.getName()) === 'diff') out.add(e.getName());
  }
  return out;
}

function topStatement(node: Node, body: Node): Statement | undefined {
  let n: Node | undefined = node;
  while (n && n.getParent() !== body) n = n.getParent();
  return n as Statement | undefined;
}

function lookupCode(tables: string[], counts: ReferenceCounts[]): string {
  const entries = counts
    .map((c) => `  ${JSON.stringify(c.key)}: ${JSON.stringify(Object.fromEntries(tables.map((t) => [t, c.added[t] ?? 0])))}, // ${c.task}`)
    .join('\n');
  return [
    `// blindspot cardinality patch: added-row counts of each task's reference effect (control readback),`,
    `// keyed by the canonical JSON of the task params, because one checker serves every variant.`,
    `const ${TABLE_CONST}: Record<string, Record<string, number>> = {\n${entries}\n};`,
    `function ${EXPECTED_FN}(params: unknown, table: string): number | undefined {`,
    `  const canonical = JSON.stringify(params, (_k, v) =>`,
    `    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v);`,
    `  return ${TABLE_CONST}[canonical]?.[table];`,
    `}`,
  ].join('\n');
}

export const cardinalityCase = (table: string) => `blindspot cardinality: added rows in ${table} equal the reference count`;

/**
 * Rewrites one checker's source. Pure: source text in, patched text out, so the
 * caller decides where copies live and the shipped file is never opened for write.
 */
export function patchCardinality(file: string, source: string, counts: ReferenceCounts[], header: string): CardinalityPatch {
  const seen = new Map<string, ReferenceCounts>();
  for (const c of counts) {
    const prior = seen.get(c.key);
    if (prior && canonicalJson(prior.added) !== canonicalJson(c.added)) {
      throw new InputError(`${file}: tasks ${prior.task} and ${c.task} share params but their reference effects add different row counts`);
    }
    seen.set(c.key, c);
  }
  const project = new Project({ useInMemoryFileSystem: true, manipulationSettings: { indentationText: IndentationText.TwoSpaces } });
  const { sf, fn } = defaultChecker(file, project, source);
  const tracker = fn.getParameters()[0]?.getName();
  if (!tracker) throw new InputError(`${file}: the checker takes no tracker parameter`);
  const receivers = diffReceivers(fn);
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) throw new InputError(`${file}: the checker has no block body to patch`);

  // First use of each table; later uses read the same rows. Kept as statement indices:
  // rewriting the context parameter below re-parses the function.
  const statements = body.getStatements();
  const anchors = new Map<string, { receiver: string; index: number }>();
  const skipped: string[] = [];
  for (const call of fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'added') continue;
    const arg = call.getArguments()[0];
    const where = `line ${call.getStartLineNumber()}`;
    if (!arg || !Node.isStringLiteral(arg)) {
      skipped.push(`${where}: added(...) with a non-literal table`);
      continue;
    }
    const receiver = callee.getExpression().getText();
    if (!receivers.has(receiver)) {
      skipped.push(`${where}: ${receiver}.added is not the checker's own diff parameter`);
      continue;
    }
    const table = arg.getLiteralValue();
    if (anchors.has(table)) continue;
    const statement = topStatement(call, body);
    if (statement) anchors.set(table, { receiver, index: statements.indexOf(statement) });
  }
  const tables = [...anchors.keys()];
  if (!tables.length) return { source, tables, skipped };

  const params = paramsExpression(file, fn);
  const byIndex = new Map<number, string[]>();
  for (const [table, { receiver, index }] of anchors) {
    const line = `${tracker}.case(${JSON.stringify(cardinalityCase(table))}, ${receiver}.added(${JSON.stringify(table)}).length === ${EXPECTED_FN}(${params}, ${JSON.stringify(table)}));`;
    byIndex.set(index, [...(byIndex.get(index) ?? []), line]);
  }
  // Bottom-up, so earlier statement indices stay valid.
  const block = fn.getBody() as typeof body;
  for (const i of [...byIndex.keys()].sort((a, b) => b - a)) block.insertStatements(i + 1, byIndex.get(i)!);
  sf.insertStatements(sf.getImportDeclarations().length, lookupCode(tables, [...seen.values()]));
  return { source: `${header}\n\n${sf.getFullText()}`, tables, skipped };
}
