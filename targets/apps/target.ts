import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SealedSplitError, type EffectSemantics, type OpenOptions, type Target, type TaskInfo, type Trajectory } from '../../src/contract/target.ts';
import { openEpisode } from './episode.ts';
import { GENERATORS, VARIANTS } from './tasks/index.ts';
import { genContext } from './tasks/types.ts';
import { getWorld } from './world/snapshot.ts';
import { cachedCorpus } from './world/cache.ts';
import { checkerCopies, describeCheckerFiles } from '../../src/target/checker-files.ts';
import { sha256 } from '../../src/util/hash.ts';
import { appsInputs } from './inputs.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SHIPPED_CHECKERS = join(HERE, 'checkers');

interface Corpus {
  tasks: TaskInfo[];
  references: Map<string, Trajectory>;
  hash: string;
}

let corpus: Corpus | undefined;

/**
 * How the apps treat their tables. Timestamps come from the world's fixed clock
 * and ids from AUTOINCREMENT, so neither needs ignoring; likes and follows are
 * UNIQUE, so a repeat is rejected rather than stored twice.
 */
const SEMANTICS: EffectSemantics = {
  tables: [
    {
      table: 'notifications',
      kind: 'log',
      why: 'venmo writes a notification beside each transaction or payment request it stores; it mirrors that row, and no endpoint reads it back',
    },
  ],
};

function generate(): { tasks: TaskInfo[]; references: Trajectory[] } {
  const { base } = getWorld();
  const tasks: TaskInfo[] = [];
  const references: Trajectory[] = [];
  for (const g of GENERATORS) {
    for (let variant = 0; variant < VARIANTS; variant++) {
      const id = `${g.name}/${variant}`;
      const made = g.make(genContext(base, g.name, variant));
      tasks.push({ id, generator: g.name, variant, split: g.split, instruction: made.instruction, params: made.params });
      references.push({ task: id, steps: made.steps });
    }
  }
  return { tasks, references };
}

/** Generates every task once (per process, or from the cache's copy of an earlier generation) from the seeded start state. */
export function getCorpus(): Corpus {
  if (corpus) return corpus;
  const { tasks, references } = cachedCorpus(generate);
  const hash = sha256(JSON.stringify({ tasks, references }));
  corpus = { tasks, references: new Map(references.map((r) => [r.task, r])), hash };
  return corpus;
}

export async function openApps(options: OpenOptions): Promise<Target> {
  const world = getWorld();
  const { tasks, references, hash } = getCorpus();
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const dir = options.checkerDir ? checkerCopies(resolve(options.checkerDir), SHIPPED_CHECKERS) : SHIPPED_CHECKERS;
  const unsealed = (split: string) => split === 'dev' || options.unseal?.split === split;
  const task = (id: string): TaskInfo => {
    const t = byId.get(id);
    if (!t) throw new Error(`unknown task ${id}`);
    if (!unsealed(t.split)) throw new SealedSplitError(id, t.split);
    return t;
  };
  const checkers = {
    resolve(id: string) {
      const t = task(id);
      return { file: join(dir, `${t.generator}.ts`), params: t.params };
    },
  };
  return {
    async describe() {
      return { name: 'apps', version: '1.0.0', ...describeCheckerFiles(dir), corpusHash: hash, capabilities: ['api', 'readback', 'recorded-runs', 'checker-dir'], semantics: SEMANTICS };
    },
    async tasks() {
      return tasks.map((t) => structuredClone(t));
    },
    async reference(id: string) {
      task(id);
      return structuredClone(references.get(id)!);
    },
    async episode() {
      return openEpisode(world, checkers);
    },
    async inputs(id: string) {
      return appsInputs(task(id));
    },
    async close() {},
  };
}
