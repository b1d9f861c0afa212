// The task corpus: 4 form templates and 9 catalog templates, 3 configuration
// indices each, in the WorkArena shape (a template record of display values and
// the task fields the validator compares). Fields of the template record outside
// the task fields are what extra-field candidates are drawn from.
import { CATALOG, catalogItem, displayOfChoice, tableDef, type FieldDef } from './app/schema.ts';

export interface TemplateConfig {
  /** display values, as a WorkArena template record holds them */
  template_record: Record<string, string>;
  /** the fields the task asks for, in the order the driver fills them */
  task_fields: string[];
}

export interface Template {
  /** generator name */
  name: string;
  /** form: create a record; edit: change fields of an existing record; catalog: order an item */
  kind: 'form' | 'edit' | 'catalog';
  /** record table (form, edit) or catalog item id */
  subject: string;
  /** path of the start page; an edit task's ends in `sys_id=`, completed with the record's id at set-up */
  start: string;
  /** edit: the record the task starts from (display values), created for each episode at set-up */
  record?: Record<string, string>;
  fields: FieldDef[];
  configs: TemplateConfig[];
}

/** A field's on-form default as a template record holds it: its display value. */
const defaultDisplay = (f: FieldDef) => (f.kind === 'choice' ? displayOfChoice(f, f.default ?? '') : f.kind === 'boolean' ? (f.default ?? 'false') : (f.default ?? ''));

/**
 * A full record, as WorkArena's templates are records read off an instance: every
 * form field of the table, the given values over each field's default.
 */
const fullRecord = (table: string, values: Record<string, string>): Record<string, string> => ({
  ...Object.fromEntries(tableDef(table)!.fields.map((f) => [f.name, defaultDisplay(f)])),
  ...values,
});

const form = (table: string, configs: TemplateConfig[]): Template => ({
  name: `create_${table === 'alm_hardware' ? 'hardware_asset' : table}`,
  kind: 'form',
  subject: table,
  start: `/${table}.do?sys_id=-1`,
  fields: tableDef(table)!.fields,
  configs: configs.map((c) => ({ ...c, template_record: fullRecord(table, c.template_record) })),
});

const FORMS: Template[] = [
  form('incident', [
    {
      task_fields: ['caller_id', 'short_description', 'category', 'impact', 'assignment_group'],
      template_record: { caller_id: 'Rick Berzle', short_description: 'Seem to have an issue with my hard drive', category: 'Hardware', impact: '2 - Medium', assignment_group: 'Hardware', contact_type: 'Phone', urgency: '3 - Low', knowledge: 'false', description: '', subcategory: 'Disk', state: 'In Progress', assigned_to: 'Don Goodliffe', severity: '2 - Medium', location: 'Montreal', cmdb_ci: 'MacBook-RB-014', work_notes: 'Asked the caller to back up the disk before the swap.' },
    },
    {
      task_fields: ['caller_id', 'short_description', 'urgency', 'description', 'impact'],
      // "Question" displays differently from the default "Inquiry / Help" but stores the same value.
      template_record: { caller_id: 'Beth Anglin', short_description: 'Cannot open shared calendar', urgency: '1 - High', description: 'Outlook shows an error when opening the team calendar.', impact: '3 - Low', category: 'Question', contact_type: '', knowledge: 'false', state: 'New', subcategory: 'Email', business_service: 'Email', service_offering: 'Outlook', watch_list: 'beth.anglin@servicedesk.local', notify: 'Send Email' },
    },
    {
      task_fields: ['caller_id', 'short_description', 'contact_type', 'knowledge'],
      template_record: { caller_id: 'Fred Luddy', short_description: 'VPN drops every ten minutes', contact_type: 'Walk-in', knowledge: 'true', category: 'Network', impact: '3 - Low', urgency: '3 - Low', subcategory: 'VPN', state: 'On Hold', hold_reason: 'Awaiting Vendor', escalation: 'Moderate', assigned_to: 'David Loo', rfc: 'CHG0030041', close_notes: '' },
    },
  ]),
  form('alm_hardware', [
    {
      task_fields: ['asset_tag', 'model', 'serial_number', 'assigned_to'],
      template_record: { asset_tag: 'P1000479', model: 'Dell XPS 13', serial_number: 'SN-48213-XK', assigned_to: 'Abel Tuter', acquisition_method: 'Lease', install_status: 'In stock', comments: '', substatus: 'Reserved', display_name: 'P1000479 - Dell XPS 13', managed_by: 'Bud Richman', department: 'Finance', company: 'ACME North America', vendor: 'Dell', cost: '1,249.00', lease_id: 'LEA-0007', warranty_expiration: '2028-03-31', depreciation: 'Straight Line' },
    },
    {
      task_fields: ['asset_tag', 'location', 'install_status', 'model'],
      template_record: { asset_tag: 'P1000512', location: 'London', install_status: 'In use', model: 'Lenovo ThinkPad T14', acquisition_method: 'Purchase', serial_number: '', substatus: 'Available', owned_by: 'Carol Coughlin', support_group: 'Hardware', stockroom: 'London Central', cost: '1,480.00', invoice_number: 'INV-22871', install_date: '2025-11-03', expenditure_type: 'Capex', eligible_for_refresh: 'true' },
    },
    {
      task_fields: ['asset_tag', 'model', 'comments', 'install_status'],
      template_record: { asset_tag: 'P1000533', model: 'HP EliteBook 840', comments: 'Spare for the Paris office', install_status: 'In transit', acquisition_method: '', serial_number: '' },
    },
  ]),
  form('change_request', [
    {
      task_fields: ['short_description', 'type', 'risk', 'assignment_group'],
      template_record: { short_description: 'Upgrade core switch firmware', type: 'Emergency', risk: 'High', assignment_group: 'Network', category: 'Software', cab_required: 'false', state: 'Scheduled', impact: '2 - Medium', assigned_to: 'Luke Wilson', cmdb_ci: 'core-sw-01', justification: 'Vendor advisory for a critical firmware bug.', backout_plan: 'Reload the previous firmware image.', start_date: '2026-07-04 22:00:00', end_date: '2026-07-05 02:00:00' },
    },
    {
      task_fields: ['short_description', 'category', 'implementation_plan', 'cab_required'],
      // "Medium" is a second label of the default risk "Moderate".
      template_record: { short_description: 'Replace database cluster disks', category: 'Hardware', implementation_plan: 'Rolling replacement, one node at a time.', cab_required: 'true', risk: 'Medium', type: 'Normal', state: 'Assess', test_plan: 'Check cluster health after each node.', business_service: 'Database', on_hold: 'false', watch_list: 'david.loo@servicedesk.local' },
    },
    {
      task_fields: ['short_description', 'type', 'description'],
      template_record: { short_description: 'Rotate TLS certificates', type: 'Standard', description: 'Yearly certificate rotation for the intranet.', risk: 'Moderate', category: 'Other', state: 'Implement', assigned_to: 'Abel Tuter', service_offering: 'Intranet', work_start: '2026-05-02 09:00:00', close_code: '' },
    },
  ]),
  form('problem', [
    {
      task_fields: ['short_description', 'category', 'impact', 'urgency'],
      template_record: { short_description: 'Recurring print spooler crashes', category: 'Software', impact: '2 - Medium', urgency: '1 - High', known_error: 'false', subcategory: 'Operating System', state: 'Root Cause Analysis', assigned_to: 'Don Goodliffe', cmdb_ci: 'print-srv-02', workaround: 'Restart the spooler service.', workaround_applied: 'true' },
    },
    {
      task_fields: ['short_description', 'assignment_group', 'known_error', 'description'],
      template_record: { short_description: 'Intermittent DNS timeouts', assignment_group: 'Network', known_error: 'true', description: 'Several sites report DNS timeouts at peak hours.', category: 'Network', subcategory: 'DNS', state: 'Assess', confirmed_by: 'Fred Luddy', first_reported_by_task: 'INC0010042', cause_notes: 'Resolver cache too small for peak load.' },
    },
    {
      task_fields: ['short_description', 'category', 'urgency'],
      template_record: { short_description: 'Database backups run slow', category: 'Database', urgency: '3 - Low', impact: '3 - Low', subcategory: 'Oracle', state: 'Fix in Progress', fix_by: 'Bud Richman', fix_at: '2026-08-15', fix_notes: 'Move the backup window off the batch jobs.', resolution_code: '' },
    },
  ]),
];

// Catalog configurations in the shape of WorkArena's order configs: a quantity
// from 1 to 10 and a value for every variable of the item (radio values as the
// bare option, checkboxes as true/false, free text for textareas). Quantity and
// every variable are task fields: the order validator checks the whole
// requested configuration, each variable by the rule of its control type.
const ORDERS: Record<string, Record<string, string>[]> = {
  developer_laptop: [
    { quantity: '1', adobe_acrobat: 'false', eclipse_ide: 'true', adobe_photoshop: 'false', additional_software: 'Salesforce, Zoom, Asana' },
    { quantity: '4', adobe_acrobat: 'true', eclipse_ide: 'false', adobe_photoshop: 'true', additional_software: 'QuickBooks, HubSpot' },
    { quantity: '2', adobe_acrobat: 'true', eclipse_ide: 'true', adobe_photoshop: 'false', additional_software: 'Slack' },
  ],
  ipad_mini: [
    { quantity: '2', colour: 'Pink', storage: '256' },
    { quantity: '1', colour: 'Space Grey', storage: '64' },
    { quantity: '7', colour: 'Starlight', storage: '256' },
  ],
  ipad_pro: [
    { quantity: '1', colour: 'Silver', storage: '512' },
    { quantity: '3', colour: 'Space Grey', storage: '256' },
    { quantity: '10', colour: 'Silver', storage: '128' },
  ],
  sales_laptop: [
    { quantity: '1', microsoft_powerpoint: 'true', adobe_acrobat: 'false', adobe_photoshop: 'false', siebel_client: 'true', additional_software: 'Trello, Salesforce, Google Workspace' },
    { quantity: '5', microsoft_powerpoint: 'false', adobe_acrobat: 'true', adobe_photoshop: 'true', siebel_client: 'false', additional_software: 'Zoom' },
    { quantity: '2', microsoft_powerpoint: 'true', adobe_acrobat: 'true', adobe_photoshop: 'false', siebel_client: 'false', additional_software: 'Microsoft Office 365, Asana' },
  ],
  standard_laptop: [
    { quantity: '1', adobe_acrobat: 'true', adobe_photoshop: 'false', additional_software: 'Slack, Trello' },
    { quantity: '2', adobe_acrobat: 'false', adobe_photoshop: 'true', additional_software: 'Adobe Creative Cloud' },
    { quantity: '6', adobe_acrobat: 'true', adobe_photoshop: 'true', additional_software: 'Google Workspace, HubSpot' },
  ],
  apple_watch: [{ quantity: '1' }, { quantity: '2' }, { quantity: '3' }],
  macbook_pro_15: [{ quantity: '1' }, { quantity: '8' }, { quantity: '2' }],
  development_laptop_pc: [
    { quantity: '1', ssd: '250', os: 'Windows 8' },
    { quantity: '2', ssd: '500', os: 'Ubuntu' },
    { quantity: '9', ssd: '500', os: 'Windows 8' },
  ],
  loaner_laptop: [
    { quantity: '1', needed_by: 'ASAP', duration: '2 weeks' },
    { quantity: '1', needed_by: 'In 2 weeks', duration: '1 month' },
    { quantity: '2', needed_by: 'By the end of the month', duration: '3 days' },
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

/**
 * Edit-record tasks, after WorkArena's EditRecordTask: a full record is created
 * for the episode, the task names new values for a few fields (the task fields),
 * and its template record is the record with those values replaced. The new
 * values follow the edits WorkArena's Edit*Task classes make (a hardware asset's
 * department, a problem's assignee cleared, a change request's schedule).
 */
const edit = (table: string, label: string, record: Record<string, string>, edits: Record<string, string>[]): Template => {
  const before = fullRecord(table, record);
  return {
    name: `edit_${label.replace(/ /g, '_')}`,
    kind: 'edit',
    subject: table,
    start: `/${table}.do?sysparm_view=edit&sys_id=`,
    fields: tableDef(table)!.fields,
    record: before,
    configs: edits.map((values) => ({ task_fields: Object.keys(values), template_record: { ...before, ...values } })),
  };
};

const EDITS: Template[] = [
  edit(
    'incident',
    'incident',
    {
      caller_id: 'Carol Coughlin', short_description: 'Outlook crashes when opening attachments', category: 'Software', contact_type: 'Email', impact: '2 - Medium', urgency: '2 - Medium',
      assignment_group: 'Software', description: 'Since the last update Outlook closes when a PDF attachment is opened.', subcategory: 'Email', state: 'In Progress', assigned_to: 'Don Goodliffe',
      cmdb_ci: 'LT-CC-2231', severity: '2 - Medium', work_notes: 'Reproduced on a second laptop.',
    },
    [{ assigned_to: 'David Loo' }, { urgency: '1 - High', impact: '1 - High' }, { short_description: 'Outlook crashes when opening PDF attachments' }],
  ),
  edit(
    'alm_hardware',
    'hardware asset',
    {
      asset_tag: 'P1000611', model: 'Dell XPS 13', serial_number: 'SN-60218-LQ', install_status: 'In use', acquisition_method: 'Purchase', assigned_to: 'Abel Tuter', location: 'Paris',
      department: 'IT', company: 'ACME North America', vendor: 'Dell', cost: '1,249.00', comments: 'Docking station issued with the laptop.', warranty_expiration: '2027-12-31',
    },
    [{ department: 'Finance' }, { assigned_to: 'Luke Wilson', location: 'Tokyo' }, { serial_number: 'SN-77120-QA' }],
  ),
  edit(
    'problem',
    'problem',
    {
      short_description: 'Mail relay rejects large messages', category: 'Network', impact: '2 - Medium', urgency: '2 - Medium', assignment_group: 'Network', assigned_to: 'Bud Richman',
      description: 'Messages above 10 MB bounce with a size error.', subcategory: 'Email', state: 'Assess', cause_notes: 'Relay size limit lower than the mailbox limit.',
    },
    [{ assigned_to: '' }, { urgency: '1 - High' }, { known_error: 'true', workaround: 'Share large files through the file portal.' }],
  ),
  edit(
    'change_request',
    'change request',
    {
      short_description: 'Patch the VPN concentrators', type: 'Normal', risk: 'Moderate', category: 'Network', assignment_group: 'Network', assigned_to: 'Luke Wilson', state: 'Scheduled',
      description: 'Apply the vendor security patch to both concentrators.', implementation_plan: 'Fail over, patch the standby, fail back, patch the other.', backout_plan: 'Reinstall the previous image.',
    },
    [{ start_date: '2026-09-01 20:00:00', end_date: '2026-09-01 23:00:00' }, { risk: 'High' }, { assigned_to: 'Abel Tuter' }],
  ),
];

export const TEMPLATES: Template[] = [...FORMS, ...EDITS, ...CATALOG_TEMPLATES];

export function instruction(t: Template, c: TemplateConfig): string {
  const label = (f: string) => t.fields.find((x) => x.name === f)!.label;
  const parts = c.task_fields.map((f) => `a value of "${c.template_record[f]}" for field "${label(f)}"`);
  if (t.kind === 'edit') {
    const edits = c.task_fields.map((f) => `field "${label(f)}" with value "${c.template_record[f]}"`);
    return `Edit the ${tableDef(t.subject)!.label.toLowerCase()} record ${t.record!.short_description ?? t.record!.asset_tag} by replacing the value of ${edits.join(', ')}.`;
  }
  const what = t.kind === 'form' ? `Create a new ${tableDef(t.subject)!.label.toLowerCase()}` : `Order "${catalogItem(t.subject)!.name}"`;
  return `${what} with ${parts.join(', ')}.`;
}
