// The servicedesk target: the task corpus, and per opened Target one web server
// and one Chromium, started lazily, so commands that only describe the target or
// freeze with censuses already taken never launch a browser. Episodes get a fresh
// browser context each. The instance (database and credentials) is the run's, in
// OpenOptions.stateDir; a target opened without one (freeze, tests, library use)
// makes a private temporary instance and removes it at close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { EffectSemantics, OpenOptions, Step, Target, TaskInfo, Trajectory } from '../../src/contract/target.ts';
import { launchChromium } from '../../src/util/browser.ts';
import { describeCheckerFiles } from '../../src/target/checker-files.ts';
import { sha256 } from '../../src/util/hash.ts';
import { TableClient } from './app/client.ts';
import type { InstanceDb } from './app/db.ts';
import { episodeUserPrefix, instanceIn, openInstanceDb, type Instance } from './app/instance.ts';
import { instanceResidue, sweepEpisodeResidue } from './residue.ts';
import { InputError } from '../../src/util/errors.ts';
import { ServiceDeskServer } from './app/server.ts';
import { takeCensuses } from './censuses.ts';
import { ServiceDeskEpisode } from './episode.ts';
import { SCHEDULES, scheduleOfTask, scheduledTaskId, type Schedule } from '../../src/target/schedule.ts';
import { TEMPLATES, instruction, type Template, type TemplateConfig } from './templates.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const VALIDATORS_DIR = join(HERE, 'validators');

/** The reference, what a WorkArena task's cheat() does: fill each task field by its label, submit, claim. */
/**
 * Every writable table is a record table whose rows are the instance's state;
 * none mirrors another. What differs per delivery (sys_id, number, creator,
 * creation time, reference links) never reaches the effect: the readback leaves
 * it out, so there is nothing to ignore here.
 */
const SEMANTICS: EffectSemantics = {
  tables: [{ table: '*', kind: 'state', why: 'record tables of the instance; system-assigned columns are left out by the readback itself' }],
};

export function referenceSteps(t: Template, c: TemplateConfig): Step[] {
  const label = (f: string) => t.fields.find((x) => x.name === f)!.label;
  return [
    ...c.task_fields.map((field): Step => ({ call: 'form.fill', args: { field, label: label(field), value: c.template_record[field] }, kind: 'write' })),
    { call: 'form.submit', args: {}, kind: 'write' },
    { call: 'task.claim', args: {}, kind: 'claim' },
  ];
}

interface Entry {
  info: TaskInfo;
  template: Template;
  config: TemplateConfig;
  schedule: Schedule;
}

/** Every task under every schedule asked for: a task's copy under per-step is `<id>@per-step`. */
function corpus(schedules: Schedule[]): { entries: Map<string, Entry>; hash: string } {
  const entries = new Map<string, Entry>();
  for (const schedule of schedules) for (const template of TEMPLATES) {
    template.configs.forEach((config, variant) => {
      const id = scheduledTaskId(`${template.name}/${variant}`, schedule);
      const info: TaskInfo = {
        id,
        generator: template.name,
        variant,
        split: 'dev',
        scenario: template.kind === 'catalog' ? 'service_catalog' : template.subject,
        instruction: instruction(template, config),
        params: { task_fields: config.task_fields, template_record: config.template_record, validate: schedule },
      };
      entries.set(id, { info, template, config, schedule });
    });
  }
  return { entries, hash: sha256(JSON.stringify([...entries.values()].map((e) => [e.info, referenceSteps(e.template, e.config)]))) };
}

interface Runtime {
  db: InstanceDb;
  server: ServiceDeskServer;
  browser: Browser;
  admin: TableClient;
  userPrefix: string;
}

/** Read by earlier versions, which shared one database between every run on the machine. */
const RETIRED_DB_ENV = 'BLINDSPOT_SERVICEDESK_DB';

export interface ServicedeskTarget extends Target {
  /** the instance this target serves, made on first use */
  instance(): Promise<Instance>;
}

/** `final`, `per-step` or both, comma separated, in this order; undefined means `final`. Throws a message naming what was expected. */
export function parseSchedules(raw: string | undefined): Schedule[] {
  if (raw === undefined) return ['final'];
  const given = raw.split(',').map((s) => s.trim());
  const bad = given.filter((s) => !(SCHEDULES as readonly string[]).includes(s));
  if (bad.length || !given.length || new Set(given).size !== given.length) {
    throw new Error(`validate: expected ${SCHEDULES.join(', ')} or both comma separated (e.g. validate=final,per-step), got '${raw}'`);
  }
  return SCHEDULES.filter((s) => given.includes(s));
}

export async function openServicedesk(options: OpenOptions): Promise<ServicedeskTarget> {
  if (process.env[RETIRED_DB_ENV] !== undefined) {
    throw new InputError(`${RETIRED_DB_ENV} is no longer read: each servicedesk run keeps its own instance in <run folder>/target-state; unset it`);
  }
  let schedules: Schedule[];
  try {
    schedules = parseSchedules(options.targetOptions?.validate);
  } catch (e) {
    throw new InputError(`--target-option ${(e as Error).message}`);
  }
  const { entries, hash } = corpus(schedules);
  const entry = (id: string) => {
    const e = entries.get(id);
    if (!e) throw new Error(`unknown servicedesk task ${id}`);
    return e;
  };
  let temporary: string | undefined;
  let made: Promise<Instance> | undefined;
  const instance = () => (made ??= instanceIn(options.stateDir ?? (temporary = mkdtempSync(join(tmpdir(), 'blindspot-servicedesk-')))));
  let runtime: Promise<Runtime> | undefined;
  const residue: { user: string; residue: string[] }[] = [];
  const start = async (): Promise<Runtime> => {
    const inst = await instance();
    const db = openInstanceDb(inst);
    const server = new ServiceDeskServer(db);
    const url = await server.start();
    const browser = await launchChromium().catch(async (e) => {
      await server.stop();
      db.close();
      throw e;
    });
    return { db, server, browser, admin: new TableClient({ url, user: inst.admin.user, password: inst.admin.password }), userPrefix: episodeUserPrefix(inst) };
  };
  const live = () => (runtime ??= start());
  return {
    instance,
    async describe() {
      return { name: 'servicedesk', version: '1.0.0', ...describeCheckerFiles(VALIDATORS_DIR), corpusHash: hash, capabilities: ['gui', 'browser', 'readback'], semantics: SEMANTICS };
    },
    async tasks() {
      return [...entries.values()].map((e) => structuredClone(e.info));
    },
    /** A pair across schedules is not a question of intent: set apart, so no rung counts it. */
    rungOverride(checker, trajectory) {
      const [a, b] = [scheduleOfTask(checker.id), scheduleOfTask(trajectory.id)];
      if (a.schedule === b.schedule) return undefined;
      return { rung: 'cross-schedule', reason: `checker under ${a.schedule}, trajectory of ${b.task} under ${b.schedule}: run the swap arm with one schedule` };
    },
    async reference(id: string): Promise<Trajectory> {
      const e = entry(id);
      return { task: id, steps: referenceSteps(e.template, e.config) };
    },
    async episode() {
      const rt = await live();
      return ServiceDeskEpisode.open({
        baseUrl: rt.server.url,
        browser: rt.browser,
        admin: rt.admin,
        userPrefix: rt.userPrefix,
        task: entry,
        actionMs: 3000,
        onResidue: (user, r) => residue.push({ user, residue: r }),
      });
    },
    async recover() {
      return sweepEpisodeResidue(await instance());
    },
    async residue() {
      const inst = await instance();
      const left = await instanceResidue(inst.dir);
      return {
        checked: `rows created by the episode users of instance ${inst.id} in every writable table, and those users`,
        found: left.map((r) => `${r.table}: ${r.rows} row(s)`),
      };
    },
    async censuses(taskIds: string[]) {
      const rt = await live();
      return takeCensuses(rt.browser, rt.admin.creds, taskIds.map((id) => ({ id, ...entry(id) })));
    },
    async close() {
      const rt = await runtime?.catch(() => undefined);
      runtime = undefined;
      if (rt) {
        await rt.browser.close().catch(() => undefined);
        await rt.server.stop();
        rt.db.close();
        if (residue.length) process.stderr.write(`servicedesk: teardown residue in ${residue.length} episode(s): ${JSON.stringify(residue)}\n`);
      }
      await made?.catch(() => undefined);
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}
