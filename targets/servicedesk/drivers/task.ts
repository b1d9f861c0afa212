// A task driver: one instance per task set-up, like a WorkArena task object.
// setup() installs the instance's init scripts and opens the start page;
// validate() runs the shipped-style validator of this instance on the current
// page. The reference steps (target.ts) stand in for WorkArena's cheat().
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { catalogItem, type FieldDef } from '../app/schema.ts';
import type { Template, TemplateConfig } from '../templates.ts';
import { formInitScripts, validateForm, type FormTaskSpec, type ValidationResult } from '../validators/form.ts';
import { validateCatalog } from '../validators/catalog.ts';
import type { Instance } from '../validators/table-api.ts';

const className = (t: Template) => t.name.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('') + 'Task';

export class TaskDriver {
  /** stands in for Python's id(self): distinct for every task instance */
  readonly instanceId = randomUUID();

  constructor(readonly template: Template, readonly config: TemplateConfig, private instance: Instance) {}

  get label(): Record<string, string> {
    return Object.fromEntries(this.template.fields.map((f) => [f.name, f.label]));
  }

  /** the kind of the field with this label, when the template defines it */
  kindOf(label: string): FieldDef['kind'] | undefined {
    return this.template.fields.find((f) => f.label === label)?.kind;
  }

  private formSpec(): FormTaskSpec {
    return { taskClass: className(this.template), table: this.template.subject, template_record: this.config.template_record, task_fields: this.config.task_fields, fieldLabels: this.label };
  }

  async setup(context: BrowserContext, baseUrl: string, timeoutMs: number): Promise<Page> {
    if (this.template.kind === 'form') for (const s of formInitScripts(this.formSpec(), this.instanceId)) await context.addInitScript(s);
    const page = await context.newPage();
    await page.goto(baseUrl + this.template.start, { timeout: timeoutMs, waitUntil: 'domcontentloaded' });
    return page;
  }

  async validate(page: Page): Promise<ValidationResult> {
    if (this.template.kind === 'form') return validateForm(page, this.formSpec(), this.instanceId, this.instance);
    const { quantity, ...configuration } = this.config.template_record;
    const itemName = catalogItem(this.template.subject)!.name;
    return validateCatalog(page, { itemName, quantity, configuration }, this.instance);
  }
}
