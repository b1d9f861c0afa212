// The task corpus: 4 form templates and 9 catalog templates, 3 configuration
// indices each, in the WorkArena shape (a template record of display values and
// the task fields the validator compares). Fields of the template record outside
// the task fields are what extra-field candidates are drawn from.
import { CATALOG, catalogItem, tableDef, type FieldDef } from './app/schema.ts';

export interface TemplateConfig {
  /** display values, as a WorkArena template record holds them */
  template_record: Record<string, string>;
  /** the fields the task asks for, in the order the driver fills them */
  task_fields: string[];
}

export interface Template {
  /** generator name */
  name: string;
  kind: 'form' | 'catalog';
  /** record table (form) or catalog item id */
  subject: string;
  /** path of the start page */
  start: string;
  fields: FieldDef[];
  configs: TemplateConfig[];
}

const form = (table: string, configs: TemplateConfig[]): Template => ({
  name: `create_${table === 'alm_hardware' ? 'hardware_asset' : table}`,
  kind: 'form',
  subject: table,
  start: `/${table}.do?sys_id=-1`,
  fields: tableDef(table)!.fields,
  configs,
});

const FORMS: Template[] = [
  form('incident', [
    {
      task_fields: ['caller_id', 'short_description', 'category', 'impact', 'assignment_group'],
      template_record: { caller_id: 'Rick Berzle', short_description: 'Seem to have an issue with my hard drive', category: 'Hardware', impact: '2 - Medium', assignment_group: 'Hardware', contact_type: 'Phone', urgency: '3 - Low', knowledge: 'false', description: '' },
    },
    {
      task_fields: ['caller_id', 'short_description', 'urgency', 'description', 'impact'],
      // "Question" displays differently from the default "Inquiry / Help" but stores the same value.
      template_record: { caller_id: 'Beth Anglin', short_description: 'Cannot open shared calendar', urgency: '1 - High', description: 'Outlook shows an error when opening the team calendar.', impact: '3 - Low', category: 'Question', contact_type: '', knowledge: 'false' },
    },
    {
      task_fields: ['caller_id', 'short_description', 'contact_type', 'knowledge'],
      template_record: { caller_id: 'Fred Luddy', short_description: 'VPN drops every ten minutes', contact_type: 'Walk-in', knowledge: 'true', category: 'Network', impact: '3 - Low', urgency: '3 - Low' },
    },
  ]),
  form('alm_hardware', [
    {
      task_fields: ['asset_tag', 'model', 'serial_number', 'assigned_to'],
      template_record: { asset_tag: 'P1000479', model: 'Dell XPS 13', serial_number: 'SN-48213-XK', assigned_to: 'Abel Tuter', acquisition_method: 'Lease', install_status: 'In stock', comments: '' },
    },
    {
      task_fields: ['asset_tag', 'location', 'install_status', 'model'],
      template_record: { asset_tag: 'P1000512', location: 'London', install_status: 'In use', model: 'Lenovo ThinkPad T14', acquisition_method: 'Purchase', serial_number: '' },
    },
    {
      task_fields: ['asset_tag', 'model', 'comments', 'install_status'],
      template_record: { asset_tag: 'P1000533', model: 'HP EliteBook 840', comments: 'Spare for the Paris office', install_status: 'In transit', acquisition_method: '', serial_number: '' },
    },
  ]),
  form('change_request', [
    {
      task_fields: ['short_description', 'type', 'risk', 'assignment_group'],
      template_record: { short_description: 'Upgrade core switch firmware', type: 'Emergency', risk: 'High', assignment_group: 'Network', category: 'Software', cab_required: 'false' },
    },
    {
      task_fields: ['short_description', 'category', 'implementation_plan', 'cab_required'],
      // "Medium" is a second label of the default risk "Moderate".
      template_record: { short_description: 'Replace database cluster disks', category: 'Hardware', implementation_plan: 'Rolling replacement, one node at a time.', cab_required: 'true', risk: 'Medium', type: 'Normal' },
    },
    {
      task_fields: ['short_description', 'type', 'description'],
      template_record: { short_description: 'Rotate TLS certificates', type: 'Standard', description: 'Yearly certificate rotation for the intranet.', risk: 'Moderate', category: 'Other' },
    },
  ]),
  form('problem', [
    {
      task_fields: ['short_description', 'category', 'impact', 'urgency'],
      template_record: { short_description: 'Recurring print spooler crashes', category: 'Software', impact: '2 - Medium', urgency: '1 - High', known_error: 'false' },
    },
    {
      task_fields: ['short_description', 'assignment_group', 'known_error', 'description'],
      template_record: { short_description: 'Intermittent DNS timeouts', assignment_group: 'Network', known_error: 'true', description: 'Several sites report DNS timeouts at peak hours.', category: 'Software' },
    },
    {
      task_fields: ['short_description', 'category', 'urgency'],
      template_record: { short_description: 'Database backups run slow', category: 'Database', urgency: '3 - Low', impact: '3 - Low' },
    },
  ]),
];

// Catalog configurations: quantity and every item variable are task fields (the
// order-item validator checks the whole requested configuration).
const ORDERS: Record<string, Record<string, string>[]> = {
  developer_laptop: [
    { quantity: '1', adobe_acrobat: 'true', eclipse_ide: 'true', additional_software: 'Docker, IntelliJ' },
    { quantity: '2', adobe_acrobat: 'false', eclipse_ide: 'true', additional_software: 'Xcode' },
    { quantity: '3', adobe_acrobat: 'true', eclipse_ide: 'false', additional_software: '' },
  ],
  ipad_mini: [
    { quantity: '2', color: 'Pink', storage: '256 GB' },
    { quantity: '1', color: 'Purple', storage: '64 GB' },
    { quantity: '4', color: 'Starlight', storage: '256 GB' },
  ],
  ipad_pro: [
    { quantity: '1', color: 'Silver', storage: '512 GB' },
    { quantity: '3', color: 'Space Grey', storage: '256 GB' },
    { quantity: '2', color: 'Silver', storage: '128 GB' },
  ],
  sales_laptop: [
    { quantity: '1', adobe_photoshop: 'true', microsoft_powerpoint: 'true', additional_software: 'Salesforce desktop' },
    { quantity: '5', adobe_photoshop: 'false', microsoft_powerpoint: 'true', additional_software: '' },
    { quantity: '2', adobe_photoshop: 'true', microsoft_powerpoint: 'false', additional_software: 'Zoom' },
  ],
  standard_laptop: [
    { quantity: '1', adobe_acrobat: 'true', additional_software: 'Slack' },
    { quantity: '2', adobe_acrobat: 'false', additional_software: 'Notepad++' },
    { quantity: '3', adobe_acrobat: 'true', additional_software: '' },
  ],
  apple_watch: [{ quantity: '1', band: 'Sport Loop' }, { quantity: '2', band: 'Milanese Loop' }, { quantity: '3', band: 'Sport Band' }],
  macbook_pro_15: [{ quantity: '1', memory: '32 GB' }, { quantity: '2', memory: '64 GB' }, { quantity: '1', memory: '16 GB' }],
  development_laptop_pc: [
    { quantity: '1', hard_drive: '1 TB SSD', docker: 'true', additional_software: 'WSL' },
    { quantity: '2', hard_drive: '500 GB SSD', docker: 'true', additional_software: '' },
    { quantity: '3', hard_drive: '1 TB SSD', docker: 'false', additional_software: 'Visual Studio' },
  ],
  loaner_laptop: [
    { quantity: '1', needed_by: '2026-09-01', duration: '2 weeks' },
    { quantity: '1', needed_by: '2026-10-15', duration: '1 month' },
    { quantity: '2', needed_by: '2026-11-30', duration: '1 week' },
  ],
};

const CATALOG_TEMPLATES: Template[] = CATALOG.map((item) => ({
  name: `order_${item.id}`,
  kind: 'catalog',
  subject: item.id,
  start: `/catalog/item?sysparm_id=${item.id}`,
  fields: item.variables,
  configs: ORDERS[item.id].map((record) => ({ template_record: record, task_fields: item.variables.map((v) => v.name) })),
}));

export const TEMPLATES: Template[] = [...FORMS, ...CATALOG_TEMPLATES];

export function instruction(t: Template, c: TemplateConfig): string {
  const label = (f: string) => t.fields.find((x) => x.name === f)!.label;
  const parts = c.task_fields.map((f) => `a value of "${c.template_record[f]}" for field "${label(f)}"`);
  const what = t.kind === 'form' ? `Create a new ${tableDef(t.subject)!.label.toLowerCase()}` : `Order "${catalogItem(t.subject)!.name}"`;
  return `${what} with ${parts.join(', ')}.`;
}
