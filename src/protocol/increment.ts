// An increment is frozen before its first cell is scored: protocol, manifest and
// censuses are content-hashed, and a run refuses if any of them moved since.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { makeDir } from '../util/made-dirs.ts';
import { writeFileAtomic } from '../util/atomic.ts';
import { dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { CheckerFile, TargetInfo } from '../contract/target.ts';
import { CellSchema } from './cell.ts';
import { ARMS, type Cell } from '../contract/cell.ts';
import { SemanticsSchema } from '../target/schema.ts';
import { copiesPrefix } from '../target/checker-files.ts';
import { hashJson, sha256 } from '../util/hash.ts';
import { errorMessage, fsProblem, InputError, isMissing, ProtocolError, zodProblem } from '../util/errors.ts';
import { jsonOrUndefined, parseJson, parseJsonLines } from '../util/json-file.ts';
import { shownPath } from '../util/shown-path.ts';
import { verifyRunFiles } from '../runs/records.ts';

const INCREMENT_SCHEMA = 'blindspot.increment/1';

const PROTOCOL = [
  'Each cell delivers its frozen steps to a fresh environment, reads the effect back before the checker runs, then asks the shipped checker.',
  'Fault cells are classified in order: refused, incomplete, degenerate (effect equals the reference effect), immaterial (differs only where the target declares it immaterial), candidate (no readback), confirmed.',
  'A false accept is a confirmed cell whose verdict is Pass. A checker Error is never Pass.',
  'Diagonal controls deliver the reference and must Pass; a failing control is a false reject.',
].join(' ');

const CensusRefSchema = z.object({ kind: z.string(), path: z.string(), hash: z.string() });

const IncrementSchema = z.object({
  schema: z.literal(INCREMENT_SCHEMA),
  id: z.string(),
  target: z.object({
    /** what --target named: a built-in target or a module path */
    spec: z.string(),
    name: z.string(),
    version: z.string(),
    checkerHash: z.string(),
    checkerFiles: z.array(z.object({ path: z.string(), sha256: z.string() })),
    corpusHash: z.string(),
    /** checker copies scored instead of the shipped ones (a repair's regrade, a guard rerun), relative to the increment folder */
    checkerDir: z.string().optional(),
    /**
     * Where checkerFiles name the copies in checkerDir: the path before each copy's
     * own (the run folder's, absolute or in the checkout). Left out of the hash with
     * checkerHash (a hash over those paths), so that a copied run folder repaired
     * again freezes the same increment: its id hashes the copies, not where they lie.
     */
    copiesPrefix: z.string().optional(),
    /** the target's effect semantics at freeze: every report of this increment is classified under them */
    semantics: SemanticsSchema.optional(),
  }),
  selection: z.object({
    splits: z.array(z.enum(['dev', 'test', 'holdout'])),
    tasks: z.array(z.string()),
    unseal: z.object({ split: z.enum(['dev', 'test', 'holdout']), reason: z.string() }).optional(),
  }),
  arms: z.array(z.enum(ARMS)),
  families: z.array(z.string()),
  /** arm-specific facts fixed at freeze (swap rungs and their reasons, pilot seed...) */
  extras: z.record(z.string(), z.unknown()).default({}),
  censuses: z.array(CensusRefSchema),
  manifest: z.object({ file: z.string(), cells: z.number(), sha256: z.string() }),
  protocol: z.string(),
  hash: z.string(),
  frozenAt: z.string(),
});
export type Increment = z.infer<typeof IncrementSchema>;

export interface FreezeInput extends Pick<Increment, 'selection' | 'arms' | 'families'> {
  root: string;
  spec: string;
  target: TargetInfo;
  extras?: Record<string, unknown>;
  censuses: { kind: string; file: string; hash: string }[];
  cells: Cell[];
  /** the target was opened on this checker directory (see OpenOptions.checkerDir) */
  checkerDir?: string;
}

/** The increment's content hash; census paths are left out (blank), since the folders holding them can move. */
// so is the folder recorded runs were read from: their files' paths and hashes are the content; and so is
// where checker copies lie: each is hashed by its name among the copies
const hashed = (inc: Omit<Increment, 'hash' | 'frozenAt' | 'id'>) =>
  hashJson({
    ...inc,
    ...(inc.target.copiesPrefix === undefined ? {} : { target: copiesUnplaced(inc.target, inc.target.copiesPrefix) }),
    censuses: inc.censuses.map(({ kind, hash }) => ({ kind, path: '', hash })),
    ...(inc.extras.runs ? { extras: { ...inc.extras, runs: { ...(inc.extras.runs as object), root: '' } } } : {}),
  });

/** `target` with its copies' prefix blank and their paths without it: what stays the same wherever the run folder is. */
function copiesUnplaced(target: Increment['target'], prefix: string): Increment['target'] {
  const own = (path: string) => (path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : path);
  return { ...target, copiesPrefix: '', checkerHash: '', checkerFiles: target.checkerFiles.map((f) => ({ ...f, path: own(f.path) })) };
}

/** What `input` freezes to, written nowhere: its id, hash and folder, and the files' content. */
export function planIncrement(input: FreezeInput) {
  const manifestText = input.cells.map((c) => JSON.stringify(c)).join('\n') + '\n';
  const { name, version, checkerHash, checkerFiles, corpusHash, semantics } = input.target;
  const root = resolve(input.root);
  // Relative to the increment folder (which sits in root), so a run folder holding both can move.
  const checkerDir = input.checkerDir === undefined ? undefined : relative(join(root, 'x'), resolve(input.checkerDir));
  const prefix = input.checkerDir === undefined ? undefined : copiesPrefix(resolve(input.checkerDir), checkerFiles);
  const body = {
    schema: INCREMENT_SCHEMA as typeof INCREMENT_SCHEMA,
    target: {
      spec: input.spec,
      name,
      version,
      checkerHash,
      checkerFiles,
      corpusHash,
      ...(checkerDir === undefined ? {} : { checkerDir }),
      ...(prefix === undefined ? {} : { copiesPrefix: prefix }),
      ...(semantics ? { semantics } : {}),
    },
    selection: input.selection,
    arms: input.arms,
    families: input.families,
    extras: input.extras ?? {},
    censuses: [] as z.infer<typeof CensusRefSchema>[],
    manifest: { file: 'manifest.jsonl', cells: input.cells.length, sha256: sha256(manifestText) },
    protocol: PROTOCOL,
  };
  const hash = hashed({ ...body, censuses: input.censuses.map((c) => ({ kind: c.kind, path: c.file, hash: c.hash })) });
  const id = `${name}-${hash.slice(0, 12)}`;
  const dir = resolve(input.root, id);
  body.censuses = input.censuses.map((c) => ({ kind: c.kind, path: relative(dir, resolve(c.file)), hash: c.hash }));
  return { id, hash, dir, body, manifestText };
}

/** Writes `<root>/<target>-<hash12>/`; freezing identical content again is a no-op. */
export async function freezeIncrement(input: FreezeInput, plan = planIncrement(input)): Promise<{ dir: string; increment: Increment; reused: boolean }> {
  const { id, hash, dir, body, manifestText } = plan;
  // The folder is content-addressed: an intact copy is reused as it is; a torn or
  // changed one (a kill mid-write by an older version, a hand edit) is written again.
  const existing = await intactIncrement(dir, hash, body.manifest.sha256);
  if (existing && existing.target.copiesPrefix !== body.target.copiesPrefix) {
    // the same copies (the hash says so) in a run folder moved since: named where they are now, for the reports that quote them
    const moved = { ...existing, target: body.target };
    writeFileAtomic(join(dir, 'increment.json'), JSON.stringify(moved, null, 2) + '\n');
    return { dir, increment: moved, reused: true };
  }
  if (existing) return { dir, increment: existing, reused: true };
  const increment: Increment = { ...body, id, hash, frozenAt: new Date().toISOString() };
  makeDir(dir);
  writeFileAtomic(join(dir, 'manifest.jsonl'), manifestText);
  writeFileAtomic(join(dir, 'increment.json'), JSON.stringify(increment, null, 2) + '\n');
  return { dir, increment, reused: false };
}

// Small files read synchronously: a command reads them one after another, and a
// thread-pool round trip each cost a run more than the reads.
function readOrRefuse(file: string, why: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new InputError(`${file}: ${why}`);
  }
}

/** A run.json's fields that say how to resume its run, read leniently: this only words a refusal. */
function runFileHint(dir: string): { agent: boolean; incrementDir?: string } | undefined {
  let run: { agent?: unknown; increment?: { dir?: unknown } } | null;
  try {
    run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  } catch (e) {
    return isMissing(e) ? undefined : { agent: false };
  }
  const recorded = run?.increment?.dir;
  const incrementDir = typeof recorded === 'string' ? resolve(dir, recorded) : undefined;
  return { agent: !!run?.agent, incrementDir: incrementDir && existsSync(join(incrementDir, 'increment.json')) ? incrementDir : undefined };
}


/**
 * Why a folder with no increment.json is not an increment, when it is something a
 * user mistakes for one: a run folder they mean to resume, or the folder holding
 * the increments. Undefined for any other folder.
 */
function notAnIncrement(dir: string): string | undefined {
  const run = runFileHint(dir);
  if (run?.agent) return `${dir} is a perturbation run folder, not a frozen increment; \`blindspot perturb\` with its --out ${dir} resumes it`;
  if (run) {
    const how = run.incrementDir ? `blindspot run ${shownPath(run.incrementDir)} --out ${dir}` : `blindspot audit --out ${dir}`;
    return `${dir} is a run folder, not a frozen increment; resume it with \`${how}\``;
  }
  let held: string[];
  try {
    held = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'increment.json')))
      .map((d) => d.name)
      .sort();
  } catch {
    return undefined;
  }
  if (!held.length) return undefined;
  const listed = held.length > 5 ? `${held.slice(0, 5).join(', ')}, ... (${held.length})` : held.join(', ');
  return `${dir} holds increments: ${listed}; name one (blindspot run ${join(dir, held[0])})`;
}

/** A small file's text: a missing one refused with what `missing` says of it, any other failure in the file system's words. */
function readOrExplain(file: string, what: string, missing: () => string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(isMissing(e) ? missing() : (fsProblem(e) ?? `${file}: cannot read ${what} (${errorMessage(e)})`), { cause: e });
  }
}

function readIncrementJson(dir: string, file: string): unknown {
  const text = readOrExplain(file, 'file', () => notAnIncrement(dir) ?? `${file}: cannot read file (expected a frozen increment; run \`blindspot freeze\` first)`);
  return parseJson(file, text);
}

/** The increment already frozen in `dir` when it and its manifest are intact and are this content. */
async function intactIncrement(dir: string, hash: string, manifestSha: string): Promise<Increment | undefined> {
  if (!existsSync(join(dir, 'increment.json'))) return undefined;
  try {
    const inc = await loadIncrement(dir);
    return inc.hash === hash && sha256(readFileSync(join(dir, inc.manifest.file))) === manifestSha ? inc : undefined;
  } catch {
    return undefined;
  }
}

export async function loadIncrement(dir: string): Promise<Increment> {
  const file = join(dir, 'increment.json');
  // jitless: a schema parsed once per command is not worth zod compiling a checker for it
  const parsed = IncrementSchema.safeParse(readIncrementJson(dir, file), { jitless: true });
  if (!parsed.success) throw new InputError(`${file}: ${zodProblem(parsed.error)}`);
  const inc = parsed.data;
  const { hash, frozenAt: _f, id: _i, ...body } = inc;
  const recomputed = hashed(body);
  if (recomputed !== hash) throw new ProtocolError(`${file}: content changed after freeze (hash ${recomputed.slice(0, 12)} != ${hash.slice(0, 12)})`);
  return inc;
}

/**
 * The last manifest parsed, by its verified hash: \`audit\` scores an increment and
 * then reports it in one process, and the report need not parse it again.
 * Cells are never modified after loading; callers get their own array.
 */
let lastManifest: { sha256: string; cells: Cell[] } | undefined;

export async function loadManifest(dir: string, inc: Increment): Promise<Cell[]> {
  const file = join(dir, inc.manifest.file);
  const text = readOrRefuse(file, "cannot read the increment's manifest");
  // A manifest whose hash matches the freeze is exactly what freeze validated and
  // wrote, so it needs no second schema pass; a changed one is parsed with the
  // schema first, so a broken line is reported by line and field.
  const hash = sha256(text);
  if (hash === inc.manifest.sha256) {
    if (lastManifest?.sha256 !== hash) lastManifest = { sha256: hash, cells: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Cell) };
    return [...lastManifest.cells];
  }
  parseJsonLines(file, text, CellSchema);
  throw new ProtocolError(`${file}: manifest changed since freeze (sha256 differs from increment.json manifest.sha256)`);
}

/** Names every checker file that was added, removed or edited since freeze. */
export function checkerChanges(frozen: CheckerFile[], now: CheckerFile[]): string[] {
  const before = new Map(frozen.map((f) => [f.path, f.sha256]));
  const after = new Map(now.map((f) => [f.path, f.sha256]));
  const changes: string[] = [];
  for (const [path, sha] of before) {
    if (!after.has(path)) changes.push(`${path} (removed)`);
    else if (after.get(path) !== sha) changes.push(`${path} (edited)`);
  }
  for (const path of after.keys()) if (!before.has(path)) changes.push(`${path} (added)`);
  return changes;
}

/**
 * A census file an increment cites, parsed; undefined when it holds no JSON object
 * (it changed, or is torn). A missing one is taken again by the freeze that took it: censuses
 * are content-addressed, so the same target and selection write the same file.
 */
function readCensus(file: string, kind: string, inc: Increment): object | undefined {
  const text = readOrExplain(
    file,
    `the ${kind} census`,
    () =>
      `${file}: the ${kind} census increment ${inc.id} was frozen against is missing; ` +
      `take it again by re-running the \`blindspot freeze\` (or \`audit\`) that made the increment, with the same flags and --censuses ${shownPath(dirname(dirname(file)))}`,
  );
  // not JSON: torn (a kill mid-write by an older version) or edited, changed as the caller says
  const json = jsonOrUndefined(text);
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? json : undefined;
}

/** The checkers moved since an increment was frozen: `changed` names the files (or says the hash differs). */
export class CheckerChanged extends ProtocolError {
  constructor(
    readonly increment: string,
    readonly changed: string,
  ) {
    super(`checker changed since increment ${increment} was frozen: ${changed}; freeze a new increment to score the new checkers`);
  }
}

/** Refuses, naming what changed, when the target or a census moved since freeze. */
export async function verifyAgainst(dir: string, inc: Increment, info: TargetInfo): Promise<void> {
  const changed = checkerChanges(inc.target.checkerFiles, info.checkerFiles);
  if (changed.length || info.checkerHash !== inc.target.checkerHash) throw new CheckerChanged(inc.id, changed.join(', ') || 'checker hash differs');
  if (info.corpusHash !== inc.target.corpusHash) {
    throw new ProtocolError(`target ${info.name} corpus (tasks or references) changed since increment ${inc.id} was frozen`);
  }
  if (inc.extras.runs) verifyRunFiles(inc.extras.runs as Parameters<typeof verifyRunFiles>[0], inc.id);
  for (const c of inc.censuses) {
    const file = resolve(dir, c.path);
    const census = readCensus(file, c.kind, inc);
    const { hash, ...body } = (census ?? {}) as { hash?: string };
    if (census === undefined || hash !== c.hash || hashJson(body) !== c.hash) {
      // the freeze takes a census again and rewrites a stored copy that does not match it (census/store.ts)
      throw new ProtocolError(
        `${file}: ${c.kind} census changed since increment ${inc.id} was frozen (edited, or torn by a kill); ` +
          `re-running the \`blindspot freeze\` (or \`audit\`) that made the increment, with the same flags, takes it again`,
      );
    }
  }
}

/** The checker directory an increment was frozen against, absolute; undefined for the shipped checkers. */
export const checkerDirOf = (dir: string, inc: Increment): string | undefined =>
  inc.target.checkerDir === undefined ? undefined : resolve(dir, inc.target.checkerDir);

