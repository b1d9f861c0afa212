// The servicedesk censuses, measured on the live forms: each template's on-form
// defaults (read from a freshly opened form: stored value and shown label), and
// each task's extra-field candidates (fields outside the protected list whose
// template value differs from the measured default). The candidate census
// compares display strings, as the paper's frozen census did; whether a
// candidate really changes the stored value is for readback to show.
import type { Browser } from 'playwright-core';
import type { TargetCensus } from '../../src/contract/target.ts';
import { equalsDefault, type FieldDefault } from '../../src/census/gui.ts';
import { TableClient, type Credentials } from './app/client.ts';
import { rawRecord } from './app/schema.ts';
import { refId } from './app/seed.ts';
import type { Template, TemplateConfig } from './templates.ts';

async function measureDefaults(browser: Browser, admin: Credentials, templates: Template[]) {
  const context = await browser.newContext({ httpCredentials: { username: admin.user, password: admin.password, send: 'always' } });
  try {
    const page = await context.newPage();
    const out: { template: string; url: string; fields: FieldDefault[] }[] = [];
    const client = new TableClient(admin);
    for (const t of templates) {
      // An edit form's defaults are the values of the record it edits: measured on a copy made for the census.
      const record = t.kind === 'edit' ? await client.insert(t.subject, rawRecord(t.subject, t.record!, refId)) : '';
      await page.goto(admin.url + t.start + record, { waitUntil: 'domcontentloaded' });
      if (record) await client.delete(t.subject, record);
      const prefix = t.kind === 'catalog' ? 'IO' : t.subject;
      const fields: FieldDefault[] = [];
      for (const f of t.fields) {
        const read = await page.evaluate((name) => {
          const e = document.getElementById(name) as HTMLInputElement | HTMLSelectElement | null;
          if (!e) return undefined;
          if (e instanceof HTMLSelectElement) return { raw: e.value, display: e.selectedOptions[0]?.textContent ?? '' };
          if (e.type === 'checkbox') return { raw: String(e.checked), display: String(e.checked) };
          const shown = document.getElementById(`sys_display.${name}`) as HTMLInputElement | null;
          return { raw: e.value, display: shown ? shown.value : e.value };
        }, `${prefix}.${f.name}`);
        if (!read) throw new Error(`census: field ${f.name} not found on ${t.start}`);
        fields.push({ field: f.name, label: f.label, kind: f.kind, mandatory: Boolean(f.mandatory), ...read });
      }
      out.push({ template: t.name, url: t.start, fields });
    }
    return out;
  } finally {
    await context.close();
  }
}

export async function takeCensuses(
  browser: Browser,
  admin: Credentials,
  tasks: { id: string; template: Template; config: TemplateConfig }[],
): Promise<TargetCensus[]> {
  const templates = [...new Map(tasks.map((t) => [t.template.name, t.template])).values()].sort((a, b) => a.name.localeCompare(b.name));
  const defaults = await measureDefaults(browser, admin, templates);
  const byTemplate = new Map(defaults.map((d) => [d.template, d.fields]));
  const candidates = tasks.map(({ id, template, config }) => ({
    task: id,
    template: template.name,
    protected: config.task_fields,
    candidates: byTemplate
      .get(template.name)!
      .filter((d) => !config.task_fields.includes(d.field) && d.field in config.template_record)
      .filter((d) => !equalsDefault(config.template_record[d.field], d))
      .map((d) => ({ field: d.field, label: d.label, value: config.template_record[d.field], default: { raw: d.raw, display: d.display } })),
  }));
  return [
    { kind: 'form-defaults', target: 'servicedesk', templates: defaults },
    { kind: 'extra-field-candidates', target: 'servicedesk', tasks: candidates },
  ];
}
