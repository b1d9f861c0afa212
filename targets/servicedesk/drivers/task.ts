// A task driver: one instance per task set-up, like a WorkArena task object.
// setup() installs the instance's init scripts and opens the start page;
// validate() runs the shipped-style validator of this instance on the current
// page. The reference steps (target.ts) stand in for WorkArena's cheat().
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { catalogItem, type FieldDef } from '../app/schema.ts';
import type { Template, TemplateConfig } from '../templates.ts';
import { formInitScripts, validateForm, type FormTaskSpec, type ValidationResult } from '../validators/form.ts';
import { validateEdit } from '../validators/edit.ts';
import { validateCatalog, type CatalogTaskSpec, type ControlType } from '../validators/catalog.ts';
import type { Instance } from '../validators/table-api.ts';

/** How the order form shows each kind of variable: choice lists are radio buttons on a catalog item. */
const CONTROL: Record<FieldDef['kind'], ControlType> = { boolean: 'checkbox', choice: 'radio', textarea: 'textarea', text: 'text', reference: 'text' };

const className = (t: Template) => t.name.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('') + 'Task';

export class TaskDriver {
  /** stands in for Python's id(self): distinct for every task instance */
  readonly instanceId = randomUUID();

  /** edit tasks: the record set up for this task instance, known once set-up created it */
  recordSysId = '';

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

  /** `recordSysId`: edit tasks, the record the episode created for the task to edit. */
  async setup(context: BrowserContext, baseUrl: string, timeoutMs: number, recordSysId = ''): Promise<Page> {
    this.recordSysId = recordSysId;
    if (this.template.kind !== 'catalog') for (const s of formInitScripts(this.formSpec(), this.instanceId)) await context.addInitScript(s);
    const page = await context.newPage();
    await page.goto(baseUrl + this.template.start + recordSysId, { timeout: timeoutMs, waitUntil: 'domcontentloaded' });
    return page;
  }

  async validate(page: Page): Promise<ValidationResult> {
    if (this.template.kind === 'form') return validateForm(page, this.formSpec(), this.instanceId, this.instance);
    if (this.template.kind === 'edit') return validateEdit(page, { ...this.formSpec(), recordSysId: this.recordSysId }, this.instance);
    return validateCatalog(page, this.catalogSpec(), this.instance);
  }

  /** The task's requested configuration as WorkArena's order configs hold it: question text -> [control type, value]. */
  private catalogSpec(): CatalogTaskSpec {
    const { quantity, ...rest } = this.config.template_record;
    const item = catalogItem(this.template.subject)!;
    const configuration: CatalogTaskSpec['configuration'] = {};
    for (const [name, value] of Object.entries(rest)) {
      const v = item.variables.find((x) => x.name === name)!;
      configuration[v.label] = [CONTROL[v.kind], value];
    }
    return { shortDescription: item.description, quantity: Number(quantity), configuration };
  }
}
