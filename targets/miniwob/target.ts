// The miniwob target: the covered MiniWoB++ tasks of the pinned package, each on
// a few seeds (a task instance is `<task>/<seed>`). Per opened Target one loopback
// server over the package's HTML and one Chromium, started lazily and closed
// with it; each episode gets a fresh browser context. References are solved on
// a fresh seeded episode the first time they are asked for, then kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckerFile, EffectSemantics, OpenOptions, Step, Target, TaskInfo, Trajectory } from '../../src/contract/target.ts';
import { InputError } from '../../src/util/errors.ts';
import { sha256 } from '../../src/util/hash.ts';
import { HARNESS_NAMES, type HarnessName } from './harnesses.ts';
import { locatePackage, type MiniwobPackage } from './package.ts';
import { startRuntime, type TaskRuntime } from './runtime.ts';
import { COVERED } from './solvers.ts';
import { Unreadable } from './read.ts';
import { MiniwobEpisode, openContext, runStep } from './episode.ts';
import type { Answer } from './readback.ts';
import { searchable } from './steps.ts';
import { observe, startEpisode, type Observation } from './page.ts';
import { guiCensuses, type Observed } from './censuses.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const DEFAULT_SEEDS = [0, 1, 2];
const ACTION_MS = 3000;
/** The most pages a solver may look at before it answers (phone-book pages through five contacts). */
const MAX_LOOKS = 10;

/**
 * Every table is page state at the end of the episode; nothing in it varies
 * between deliveries of one seeded episode (selectors are positional, no clock).
 */
const SEMANTICS: EffectSemantics = {
  tables: [
    { table: 'submission', kind: 'state', why: 'the element whose click ended the episode' },
    { table: 'controls', kind: 'state', why: 'form controls whose value or checked state the episode changed' },
    { table: 'clicks', kind: 'state', why: 'elements clicked before the episode ended, with counts (a press can toggle) except on a picked option (a datepicker day); form controls (boxes, radios, lists, text fields) are read by their state in controls, and a drag by what it made' },
    { table: 'created', kind: 'state', why: 'elements the episode created that carry data attributes (a calendar event, its start, end and name)' },
    { table: 'keys', kind: 'state', why: 'text typed key by key into each element before the episode ended (a terminal reads keystrokes, not its input\'s value)' },
    {
      table: 'other-fields',
      kind: 'log',
      why: 'free-text fields the reference leaves empty (a distractor box beside the buttons of a click task, another textbox of a form): the task\'s answer is elsewhere, so text typed there alone is not a wrong answer',
    },
  ],
};

/** `seeds=0-4` or `seeds=0,3,7`. */
export function parseSeeds(spec: string | undefined): number[] {
  if (spec === undefined) return DEFAULT_SEEDS;
  const range = /^(\d+)-(\d+)$/.exec(spec);
  const seeds = range ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i) : spec.split(',').map(Number);
  if (!seeds.length || seeds.some((s) => !Number.isInteger(s) || s < 0)) {
    throw new InputError(`--target-option seeds: expected whole numbers ≥ 0 as "0-4" or "0,3,7", got ${JSON.stringify(spec)}`);
  }
  return seeds;
}

function parseHarness(h: string | undefined): HarnessName {
  if (h === undefined) return 'miniwob-gym';
  if (!(HARNESS_NAMES as string[]).includes(h)) throw new InputError(`--target-option harness: expected one of ${HARNESS_NAMES.join(', ')}, got ${JSON.stringify(h)}`);
  return h as HarnessName;
}

export const splitTaskId = (id: string) => {
  const m = /^([a-z0-9-]+)\/(\d+)$/.exec(id);
  if (!m || !COVERED.has(m[1])) throw new Error(`unknown miniwob task ${id}`);
  return { task: m[1], seed: Number(m[2]) };
};

const SOURCES = ['solvers.ts', 'drawn.ts', 'read.ts', 'steps.ts', 'page.ts'].map((f) => join(HERE, f));

function checkerFiles(pkg: MiniwobPackage): { checkerFiles: CheckerFile[]; checkerHash: string } {
  const rel = (p: string) => p.replace(`${join(HERE, '../..')}/`, '');
  const files = [join(pkg.html, 'core', 'core.js'), ...[...COVERED.keys()].sort().map((t) => join(pkg.html, 'miniwob', `${t}.html`)), ...pkg.harnessFiles.map((h) => h.path)];
  const checkerFiles = files.map((f) => ({ path: rel(f), sha256: sha256(readFileSync(f)) }));
  return { checkerFiles, checkerHash: sha256(checkerFiles.map((c) => `${c.path}\u0000${c.sha256}\n`).join('')) };
}

export async function openMiniwob(options: OpenOptions): Promise<Target> {
  const pkg = locatePackage();
  const seeds = parseSeeds(options.targetOptions?.seeds);
  const harness = parseHarness(options.targetOptions?.harness);
  const infos = new Map<string, TaskInfo>();
  for (const [task, { family }] of [...COVERED].sort(([a], [b]) => a.localeCompare(b))) {
    for (const seed of seeds) {
      const id = `${task}/${seed}`;
      infos.set(id, { id, generator: task, variant: seed, split: 'dev', scenario: family, instruction: `MiniWoB++ ${task}, seed ${seed}`, params: { task, seed } });
    }
  }
  const checkers = checkerFiles(pkg);
  const corpusHash = sha256(JSON.stringify({ tasks: [...infos.keys()], checkers: checkers.checkerHash, solvers: SOURCES.map((f) => sha256(readFileSync(f))) }));
  let runtime: Promise<TaskRuntime> | undefined;
  const live = () => (runtime ??= startRuntime(pkg.html));
  const locate = (rt: TaskRuntime) => (id: string) => {
    const { task, seed } = splitTaskId(id);
    return { url: `${rt.url}/miniwob/${task}.html`, seed };
  };
  /** A fresh seeded episode's utterance and DOM, and the solver's reference from it; once per task instance. */
  const solved = new Map<string, Promise<{ observation: Observation; steps: Step[] }>>();
  const solve = async (id: string) => {
    const { task } = splitTaskId(id);
    const rt = await live();
    const { context, page } = await openContext(rt.browser, ACTION_MS);
    try {
      const { url, seed } = locate(rt)(id);
      await startEpisode(page, url, seed, ACTION_MS * 3);
      const observation = await observe(page);
      const { solve, then } = COVERED.get(task)!;
      const steps = solve(observation);
      // Each look's steps are run, then the next look solves on from the page they led to, until one claims.
      for (let run = 0, look = 1; then && steps.at(-1)?.call !== 'task.claim'; look++) {
        if (look > MAX_LOOKS) throw new Unreadable(`no answer after ${MAX_LOOKS} looks`);
        for (; run < steps.length; run++) await runStep(page, steps[run]);
        steps.push(...then(await observe(page), steps));
      }
      return { observation, steps: steps.filter((s) => !s.args.probe).map(searchable) };
    } catch (e) {
      if (e instanceof Unreadable) throw new Error(`miniwob ${id}: ${e.message}`, { cause: e });
      throw e;
    } finally {
      await context.close().catch(() => undefined);
    }
  };
  const solution = (id: string) => {
    if (!infos.has(id)) throw new Error(`unknown miniwob task ${id} (seeds ${seeds.join(',')})`);
    if (!solved.has(id)) solved.set(id, solve(id));
    return solved.get(id)!;
  };
  /**
   * What readback needs of a task's reference, once per task instance (every cell's readback asks): a step's own
   * field, and the control it sets through another element (a spinner through its arrows); the options it picks
   * among (clicked twice, picked once); whether the answer is a text selection.
   */
  const answers = new Map<string, Promise<Answer>>();
  const answerOf = async (id: string): Promise<Answer> => {
    const { steps } = await solution(id);
    const fields = new Set(steps.flatMap((s) => [String(s.args.field ?? ''), ...(s.args.sets ? [String(s.args.sets)] : [])]));
    const picked = new Set(steps.filter((s) => s.args.how === 'pick').flatMap((s) => [s.args.field, ...(s.alternatives?.field ?? [])].map(String)));
    return { fields, picked, selects: steps.some((s) => s.args.how === 'highlight') };
  };
  return {
    async describe() {
      return { name: 'miniwob', version: pkg.version, ...checkers, corpusHash, capabilities: ['gui', 'browser', 'readback', 'gui-choice'], semantics: SEMANTICS };
    },
    async tasks() {
      return [...infos.values()].map((t) => structuredClone(t));
    },
    async reference(id: string): Promise<Trajectory> {
      return { task: id, steps: structuredClone((await solution(id)).steps) };
    },
    async censuses(taskIds: string[]) {
      const observed: Observed[] = [];
      for (const id of taskIds) {
        const { observation, steps } = await solution(id);
        observed.push({ id, generator: infos.get(id)!.generator, url: `miniwob/${splitTaskId(id).task}.html`, observation, reference: steps });
      }
      return guiCensuses(observed);
    },
    async episode() {
      const rt = await live();
      return MiniwobEpisode.open({ browser: rt.browser, locate: locate(rt), answer: (id) => (answers.get(id) ?? answers.set(id, answerOf(id)).get(id)!), harness, actionMs: ACTION_MS });
    },
    async close() {
      const rt = runtime;
      runtime = undefined;
      await (await rt?.catch(() => undefined))?.close();
    },
  };
}
