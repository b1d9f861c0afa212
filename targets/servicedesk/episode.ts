// One cell's episode: a per-episode user, a fresh browser context, the task
// driver set up for the delivered task, and a teardown that deletes every row the
// user created and then proves none is left (residue check).
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Delivery, Effect, Episode, Step, Trajectory, Verdict } from '../../src/contract/target.ts';
import { TableClient } from './app/client.ts';
import { WRITABLE_TABLES, rawRecord } from './app/schema.ts';
import { refId } from './app/seed.ts';
import { TaskDriver } from './drivers/task.ts';
import { fillField, submitForm } from './drivers/fill.ts';
import { readEffect } from './readback.ts';
import type { Template, TemplateConfig } from './templates.ts';
import { sessionSysIdField, type ValidationResult } from './validators/form.ts';
import type { Schedule } from '../../src/target/schedule.ts';

export interface EpisodeEnv {
  baseUrl: string;
  browser: Browser;
  admin: TableClient;
  /** the instance's episode-user prefix (bs-episode-<instance id>-), which the residue sweep matches */
  userPrefix: string;
  task(id: string): { template: Template; config: TemplateConfig; schedule: Schedule };
  /** Playwright action timeout: a stuck action fails the delivery long before the engine's cell limit */
  actionMs: number;
  onResidue(user: string, residue: string[]): void;
}

/** Rejections whose evidence path is bound to one task instance's session. */
const SESSION_ROUTES: [RegExp, string][] = [
  [/^The form has not been submitted\./, 'session-scoped:storage-key'],
  [/^The request was not created, the sysid is not in the URL\./, 'session-scoped:url'],
  [/^The page is not in the right URL/, 'session-scoped:page-url'],
];

export class ServiceDeskEpisode implements Episode {
  private context?: BrowserContext;
  private page?: Page;
  private delivered?: { taskId: string; driver: TaskDriver; schedule: Schedule };
  /** per-step schedule: the validation after the last step run, which is the episode's result */
  private lastValidation?: ValidationResult;
  private userSysId = '';
  private closed = false;

  private constructor(private env: EpisodeEnv, readonly userName: string) {}

  static async open(env: EpisodeEnv): Promise<ServiceDeskEpisode> {
    const name = `${env.userPrefix}${randomBytes(6).toString('hex')}`;
    const password = randomBytes(18).toString('base64url');
    const ep = new ServiceDeskEpisode(env, name);
    ep.userSysId = await env.admin.insert('sys_user', { user_name: name, name, email: '', password });
    ep.context = await env.browser.newContext({
      httpCredentials: { username: name, password, send: 'always' },
      viewport: { width: 1024, height: 640 },
    });
    ep.context.setDefaultTimeout(env.actionMs);
    return ep;
  }

  private async runStep(page: Page, step: Step, driver: TaskDriver): Promise<void> {
    const timeout = this.env.actionMs;
    switch (step.call) {
      case 'form.fill': {
        const label = String(step.args.label);
        return fillField(page, label, String(step.args.value), timeout, driver.kindOf(label));
      }
      case 'form.fill_submit': {
        // One BrowserGym step holding two actions (a multi-action step): nothing validates between them.
        const label = String(step.args.label);
        await fillField(page, label, String(step.args.value), timeout, driver.kindOf(label));
        return this.submit(page);
      }
      case 'form.submit':
        return this.submit(page);
      case 'task.claim':
        return; // claiming completion changes nothing in the instance
      default:
        throw new Error(`unknown servicedesk step ${step.call}`);
    }
  }

  private async submit(page: Page): Promise<void> {
    const r = await submitForm(page, this.env.actionMs);
    if (!r.ok) throw new Error(r.why);
  }

  /**
   * Under the per-step schedule the task validates after every step, as
   * BrowserGym's env.step() does, and a validation that says done ends the
   * episode there: the steps after it are never taken. That is a completed
   * delivery (the task, not the driver, stopped it), and `ended` says where.
   */
  async deliver(trajectory: Trajectory): Promise<Delivery> {
    const { template, config, schedule } = this.env.task(trajectory.task);
    const driver = new TaskDriver(template, config, this.validatorInstance());
    this.delivered = { taskId: trajectory.task, driver, schedule };
    let stepsRun = 0;
    try {
      // An edit task starts from a record of its own, created for the episode (and so removed by its teardown).
      const record = template.kind === 'edit' ? await this.env.admin.insert(template.subject, { ...rawRecord(template.subject, template.record!, refId), sys_created_by: this.userName }) : '';
      this.page = await driver.setup(this.context!, this.env.baseUrl, this.env.actionMs, record);
      for (const step of trajectory.steps) {
        await this.runStep(this.page, step, driver);
        stepsRun++;
        if (schedule !== 'per-step') continue;
        this.lastValidation = await driver.validate(this.page);
        if (this.lastValidation.done && stepsRun < trajectory.steps.length) {
          return { completed: true, stepsRun, ended: `the task ended the episode after step ${stepsRun} (${step.call}): ${this.lastValidation.message}` };
        }
      }
      return { completed: true, stepsRun };
    } catch (e) {
      const error = `step ${stepsRun} ${trajectory.steps[stepsRun]?.call ?? 'setup'}: ${(e as Error).message.split('\n')[0]}`;
      return { completed: false, stepsRun, error, ...(await this.pageEvidence()) };
    }
  }

  /** Screenshot and URL of the page an incomplete delivery stopped on. */
  private async pageEvidence(): Promise<Pick<Delivery, 'page'>> {
    if (!this.page) return {};
    const url = this.page.url();
    const shot = await this.page.screenshot({ type: 'jpeg', quality: 40, timeout: 2000 }).catch(() => undefined);
    return { page: { url, ...(shot ? { screenshot: `data:image/jpeg;base64,${shot.toString('base64')}` } : {}) } };
  }

  private validatorInstance() {
    return { url: this.env.baseUrl, user: this.env.admin.creds.user, password: this.env.admin.creds.password };
  }

  async readback(): Promise<Effect> {
    return readEffect(this.env.admin, this.userName, this.userSysId);
  }

  async check(taskId: string): Promise<Verdict> {
    const own = this.delivered?.taskId === taskId ? this.delivered.driver : undefined;
    // Per-step: the episode's result is the validation after its last step (BrowserGym's reward), not a new one.
    if (own && this.delivered!.schedule === 'per-step') {
      const r = this.lastValidation ?? (await own.validate(this.page ?? (await this.context!.newPage())));
      return { verdict: r.reward === 1 ? 'pass' : 'fail', detail: r.message };
    }
    // Another task's checker is another task instance, with its own storage key and page binding.
    const { template, config } = this.env.task(taskId);
    const driver = own ?? new TaskDriver(template, config, this.validatorInstance());
    this.page ??= await this.context!.newPage();
    const r = await driver.validate(this.page);
    const verdict: Verdict = { verdict: r.reward === 1 ? 'pass' : 'fail', detail: r.message };
    if (r.reward === 0 && !own && (await this.deliveredLeftEvidence())) {
      const route = SESSION_ROUTES.find(([re]) => re.test(r.message));
      if (route) verdict.cause = route[1];
    }
    return verdict;
  }

  /** The delivering instance's own evidence exists: its storage key, or a record id in the page URL. */
  private async deliveredLeftEvidence(): Promise<boolean> {
    if (!this.delivered || !this.page) return false;
    const key = sessionSysIdField(this.delivered.driver.instanceId);
    const stored = await this.page.evaluate((k) => localStorage.getItem(k), key).catch(() => null);
    return stored !== null || /[?&](sysparm_sys_id|sys_id)=(?!-1)/.test(this.page.url());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.context?.close().catch(() => undefined);
    const residue = await this.teardown();
    if (residue.length) {
      this.env.onResidue(this.userName, residue);
      throw new Error(`teardown left residue for ${this.userName}: ${residue.join(', ')}`);
    }
  }

  /** Deletes what the episode created, its user last; returns what is still there. */
  private async teardown(): Promise<string[]> {
    const { admin } = this.env;
    const query = `sys_created_by=${this.userName}`;
    for (const table of [...WRITABLE_TABLES].reverse()) {
      for (const row of await admin.rows(table, query)) await admin.delete(table, row.sys_id);
    }
    await admin.delete('sys_user', this.userSysId);
    const residue: string[] = [];
    for (const table of WRITABLE_TABLES) {
      const n = (await admin.rows(table, query)).length;
      if (n) residue.push(`${table}: ${n} row(s)`);
    }
    if ((await admin.rows('sys_user', `user_name=${this.userName}`)).length) residue.push('sys_user: the episode user');
    return residue;
  }
}
