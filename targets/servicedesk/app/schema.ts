// The servicedesk data model: record tables with their form fields, the
// reference tables those fields point at, and the service-catalog items. One
// declaration drives the form renderer, the Table API and the readback, so a
// field's stored value and its display label can never disagree between them.

export type FieldKind = 'text' | 'textarea' | 'choice' | 'reference' | 'boolean';

export interface Choice {
  /** the raw value stored in the database */
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  /** choice lists; the first label of a value is its display label, later ones are aliases */
  choices?: Choice[];
  /** reference fields: the referenced table */
  ref?: string;
  /** raw on-form default ('' when none) */
  default?: string;
  mandatory?: boolean;
}

export interface TableDef {
  name: string;
  label: string;
  /** number prefix (INC0010001...) */
  prefix: string;
  fields: FieldDef[];
  /** columns that are not form fields: links to other created rows, set by the server */
  links?: string[];
}

/** Rows the app ships with: referenced by forms, never created by an episode. */
export interface RefTableDef {
  name: string;
  /** the column shown as the display value of a reference */
  display: string;
  columns: string[];
}

const none: Choice = { value: '', label: '-- None --' };
const levels: Choice[] = [
  { value: '1', label: '1 - High' },
  { value: '2', label: '2 - Medium' },
  { value: '3', label: '3 - Low' },
];

const shortDescription: FieldDef = { name: 'short_description', label: 'Short description', kind: 'text', mandatory: true };
const description: FieldDef = { name: 'description', label: 'Description', kind: 'textarea' };
const assignmentGroup: FieldDef = { name: 'assignment_group', label: 'Assignment group', kind: 'reference', ref: 'sys_user_group' };
const impact: FieldDef = { name: 'impact', label: 'Impact', kind: 'choice', choices: levels, default: '3' };
const urgency: FieldDef = { name: 'urgency', label: 'Urgency', kind: 'choice', choices: levels, default: '3' };


/** A choice field from [stored value, label] pairs; a value listed twice has an alias label. */
const pick = (name: string, label: string, def: string, pairs: [string, string][]): FieldDef => ({
  name,
  label,
  kind: 'choice',
  default: def,
  choices: pairs.map(([value, l]) => ({ value, label: l })),
});
const text = (name: string, label: string): FieldDef => ({ name, label, kind: 'text' });
const area = (name: string, label: string): FieldDef => ({ name, label, kind: 'textarea' });
const ref = (name: string, label: string, table: string): FieldDef => ({ name, label, kind: 'reference', ref: table });
const flag = (name: string, label: string): FieldDef => ({ name, label, kind: 'boolean', default: 'false' });
const NONE: [string, string] = ['', '-- None --'];

// The optional fields of each table's form beyond those the tasks ask for,
// after the form field lists WorkArena expects on each table (its
// expected_*_form_fields): a WorkArena template record carries every one of
// them, so each is an extra-field candidate wherever the record's value differs
// from the form's default. Read-only and system fields (number, sys_*,
// calculated priority) are left out, as the form does not let an agent edit them.
const assignedTo = ref('assigned_to', 'Assigned to', 'sys_user');
const workNotes = area('work_notes', 'Work notes');
const comments = area('comments', 'Additional comments');
const closeNotes = area('close_notes', 'Close notes');
const watchList = text('watch_list', 'Watch list');
const configItem = text('cmdb_ci', 'Configuration item');
const service = text('business_service', 'Service');
const offering = text('service_offering', 'Service offering');

const INCIDENT_MORE: FieldDef[] = [
  pick('subcategory', 'Subcategory', '', [NONE, ['disk', 'Disk'], ['email', 'Email'], ['vpn', 'VPN'], ['dns', 'DNS'], ['cpu', 'CPU'], ['memory', 'Memory'], ['os', 'Operating System']]),
  pick('state', 'State', '1', [['1', 'New'], ['2', 'In Progress'], ['3', 'On Hold'], ['6', 'Resolved'], ['7', 'Closed'], ['8', 'Canceled'], ['2', 'Active']]),
  assignedTo,
  configItem,
  service,
  offering,
  pick('hold_reason', 'On hold reason', '', [NONE, ['1', 'Awaiting Caller'], ['5', 'Awaiting Change'], ['3', 'Awaiting Problem'], ['4', 'Awaiting Vendor']]),
  pick('severity', 'Severity', '3', [['1', '1 - High'], ['2', '2 - Medium'], ['3', '3 - Low']]),
  pick('escalation', 'Escalation', '0', [['0', 'Normal'], ['1', 'Moderate'], ['2', 'High'], ['3', 'Overdue']]),
  pick('notify', 'Notify', '1', [['1', 'Do Not Notify'], ['2', 'Send Email']]),
  ref('location', 'Location', 'cmn_location'),
  text('problem_id', 'Problem'),
  text('rfc', 'Change Request'),
  text('caused_by', 'Caused by Change'),
  text('parent_incident', 'Parent Incident'),
  watchList,
  pick('close_code', 'Resolution code', '', [
    NONE,
    ['Solved (Work Around)', 'Solved (Work Around)'],
    ['Solved (Permanently)', 'Solved (Permanently)'],
    ['Solved Remotely (Permanently)', 'Solved Remotely (Permanently)'],
    ['Not Solved (Not Reproducible)', 'Not Solved (Not Reproducible)'],
    ['Closed/Resolved by Caller', 'Closed/Resolved by Caller'],
    ['Known error', 'Known error'],
  ]),
  closeNotes,
  ref('resolved_by', 'Resolved by', 'sys_user'),
  text('route_reason', 'Route reason'),
  text('universal_request', 'Universal Request'),
  comments,
  workNotes,
];

const HARDWARE_MORE: FieldDef[] = [
  pick('substatus', 'Substatus', '', [NONE, ['available', 'Available'], ['reserved', 'Reserved'], ['defective', 'Defective'], ['pending_repair', 'Pending repair'], ['pending_install', 'Pending install']]),
  text('display_name', 'Display name'),
  pick('asset_function', 'Asset function', '', [NONE, ['primary', 'Primary'], ['secondary', 'Secondary'], ['shared', 'Shared']]),
  ref('managed_by', 'Managed by', 'sys_user'),
  ref('owned_by', 'Owned by', 'sys_user'),
  ref('reserved_for', 'Reserved for', 'sys_user'),
  ref('support_group', 'Support group', 'sys_user_group'),
  ref('supported_by', 'Supported by', 'sys_user'),
  text('department', 'Department'),
  text('company', 'Company'),
  text('cost_center', 'Cost center'),
  text('vendor', 'Vendor'),
  text('stockroom', 'Stockroom'),
  text('cost', 'Cost'),
  text('invoice_number', 'Invoice number'),
  text('lease_id', 'Lease contract'),
  text('gl_account', 'GL account'),
  pick('expenditure_type', 'Expenditure type', '', [NONE, ['capex', 'Capex'], ['opex', 'Opex']]),
  text('install_date', 'Installed'),
  text('warranty_expiration', 'Warranty expiration'),
  pick('depreciation', 'Depreciation', '', [NONE, ['straight_line', 'Straight Line'], ['declining_balance', 'Declining Balance'], ['sum_of_years', 'Sum of Years Digits']]),
  text('depreciation_date', 'Depreciation effective date'),
  text('residual', 'Residual value'),
  text('salvage_value', 'Salvage value'),
  text('resale_price', 'Resale price'),
  text('retirement_date', 'Retirement date'),
  text('disposal_reason', 'Disposal reason'),
  flag('eligible_for_refresh', 'Eligible for refresh'),
  workNotes,
];

const CHANGE_MORE: FieldDef[] = [
  pick('state', 'State', '-5', [['-5', 'New'], ['-4', 'Assess'], ['-3', 'Authorize'], ['-2', 'Scheduled'], ['-1', 'Implement'], ['0', 'Review'], ['3', 'Closed'], ['4', 'Canceled']]),
  pick('impact', 'Impact', '3', [['1', '1 - High'], ['2', '2 - Medium'], ['3', '3 - Low']]),
  assignedTo,
  configItem,
  service,
  offering,
  area('justification', 'Justification'),
  area('risk_impact_analysis', 'Risk and impact analysis'),
  area('backout_plan', 'Backout plan'),
  area('test_plan', 'Test plan'),
  text('start_date', 'Planned start date'),
  text('end_date', 'Planned end date'),
  text('work_start', 'Actual start date'),
  text('work_end', 'Actual end date'),
  flag('on_hold', 'On hold'),
  text('on_hold_reason', 'On hold reason'),
  pick('close_code', 'Close code', '', [NONE, ['successful', 'Successful'], ['successful_issues', 'Successful with issues'], ['unsuccessful', 'Unsuccessful']]),
  closeNotes,
  watchList,
  comments,
  workNotes,
];

const PROBLEM_MORE: FieldDef[] = [
  pick('subcategory', 'Subcategory', '', [NONE, ['email', 'Email'], ['os', 'Operating System'], ['dns', 'DNS'], ['vpn', 'VPN'], ['disk', 'Disk'], ['db2', 'DB2'], ['oracle', 'Oracle']]),
  pick('state', 'State', '101', [['101', 'New'], ['102', 'Assess'], ['103', 'Root Cause Analysis'], ['104', 'Fix in Progress'], ['106', 'Resolved'], ['107', 'Closed']]),
  assignedTo,
  configItem,
  service,
  offering,
  area('cause_notes', 'Cause notes'),
  area('fix_notes', 'Fix notes'),
  area('workaround', 'Workaround'),
  flag('workaround_applied', 'Workaround applied'),
  pick('resolution_code', 'Resolution code', '', [NONE, ['fix_applied', 'Fix Applied'], ['risk_accepted', 'Risk Accepted'], ['duplicate', 'Duplicate'], ['canceled', 'Canceled']]),
  text('duplicate_of', 'Duplicate of'),
  text('first_reported_by_task', 'First reported by'),
  ref('confirmed_by', 'Confirmed by', 'sys_user'),
  ref('fix_by', 'Fix by', 'sys_user'),
  text('fix_at', 'Fix at'),
  closeNotes,
  workNotes,
];

export const TABLES: TableDef[] = [
  {
    name: 'incident',
    label: 'Incident',
    prefix: 'INC',
    fields: [
      { name: 'caller_id', label: 'Caller', kind: 'reference', ref: 'sys_user', mandatory: true },
      shortDescription,
      {
        name: 'category',
        label: 'Category',
        kind: 'choice',
        default: 'inquiry',
        // "Question" is a second label for the stored default: a requested
        // "Question" reads differently on the form and persists as the default.
        choices: [
          { value: 'inquiry', label: 'Inquiry / Help' },
          { value: 'software', label: 'Software' },
          { value: 'hardware', label: 'Hardware' },
          { value: 'network', label: 'Network' },
          { value: 'database', label: 'Database' },
          { value: 'inquiry', label: 'Question' },
        ],
      },
      {
        name: 'contact_type',
        label: 'Channel',
        kind: 'choice',
        default: '',
        choices: [none, { value: 'email', label: 'Email' }, { value: 'phone', label: 'Phone' }, { value: 'self-service', label: 'Self-service' }, { value: 'walk-in', label: 'Walk-in' }],
      },
      impact,
      urgency,
      assignmentGroup,
      description,
      { name: 'knowledge', label: 'Knowledge', kind: 'boolean', default: 'false' },
      ...INCIDENT_MORE,
    ],
  },
  {
    name: 'alm_hardware',
    label: 'Hardware Asset',
    prefix: 'HWA',
    fields: [
      { name: 'asset_tag', label: 'Asset tag', kind: 'text', mandatory: true },
      { name: 'model', label: 'Model', kind: 'reference', ref: 'cmdb_model', mandatory: true },
      { name: 'serial_number', label: 'Serial number', kind: 'text' },
      {
        name: 'install_status',
        label: 'State',
        kind: 'choice',
        default: '6',
        choices: [{ value: '1', label: 'In use' }, { value: '6', label: 'In stock' }, { value: '9', label: 'In transit' }, { value: '7', label: 'Retired' }, { value: '6', label: 'On shelf' }],
      },
      {
        name: 'acquisition_method',
        label: 'Acquisition method',
        kind: 'choice',
        default: '',
        choices: [none, { value: 'purchase', label: 'Purchase' }, { value: 'lease', label: 'Lease' }, { value: 'rental', label: 'Rental' }, { value: 'loan', label: 'Loan' }],
      },
      { name: 'assigned_to', label: 'Assigned to', kind: 'reference', ref: 'sys_user' },
      { name: 'location', label: 'Location', kind: 'reference', ref: 'cmn_location' },
      { name: 'comments', label: 'Comments', kind: 'textarea' },
      ...HARDWARE_MORE,
    ],
  },
  {
    name: 'change_request',
    label: 'Change Request',
    prefix: 'CHG',
    fields: [
      shortDescription,
      {
        name: 'type',
        label: 'Type',
        kind: 'choice',
        default: 'normal',
        choices: [{ value: 'normal', label: 'Normal' }, { value: 'standard', label: 'Standard' }, { value: 'emergency', label: 'Emergency' }],
      },
      {
        name: 'risk',
        label: 'Risk',
        kind: 'choice',
        default: '3',
        choices: [{ value: '2', label: 'High' }, { value: '3', label: 'Moderate' }, { value: '4', label: 'Low' }, { value: '3', label: 'Medium' }],
      },
      {
        name: 'category',
        label: 'Category',
        kind: 'choice',
        default: 'other',
        choices: [{ value: 'other', label: 'Other' }, { value: 'hardware', label: 'Hardware' }, { value: 'software', label: 'Software' }, { value: 'network', label: 'Network' }],
      },
      assignmentGroup,
      description,
      { name: 'implementation_plan', label: 'Implementation plan', kind: 'textarea' },
      { name: 'cab_required', label: 'CAB required', kind: 'boolean', default: 'false' },
      ...CHANGE_MORE,
    ],
  },
  {
    name: 'problem',
    label: 'Problem',
    prefix: 'PRB',
    fields: [
      shortDescription,
      {
        name: 'category',
        label: 'Category',
        kind: 'choice',
        default: 'software',
        choices: [{ value: 'software', label: 'Software' }, { value: 'hardware', label: 'Hardware' }, { value: 'network', label: 'Network' }, { value: 'database', label: 'Database' }],
      },
      impact,
      urgency,
      assignmentGroup,
      description,
      { name: 'known_error', label: 'Known error', kind: 'boolean', default: 'false' },
      ...PROBLEM_MORE,
    ],
  },
];

export const REF_TABLES: RefTableDef[] = [
  { name: 'sys_user', display: 'name', columns: ['user_name', 'name', 'email', 'password'] },
  { name: 'sys_user_group', display: 'name', columns: ['name'] },
  { name: 'cmdb_model', display: 'name', columns: ['name'] },
  { name: 'cmn_location', display: 'name', columns: ['name'] },
];

/**
 * A catalog item is ordered through its own form; its variables are form fields
 * too, labelled by their question text, which is how the order validator names
 * them. Modelled on WorkArena's item configurations: the same items, questions,
 * control types and option values; a radio's stored value is the bare option
 * ("250") while its label carries the price note, which is why WorkArena
 * matches radio values with a normalising heuristic.
 */
export interface CatalogItem {
  id: string;
  name: string;
  /** the item's short description, copied onto the requested item; the validator recognises the item by it */
  description: string;
  variables: FieldDef[];
}

/** Quantities the order form offers (WorkArena's configurations order 1 to 10). */
export const QUANTITY_BOUNDS = { min: 1, max: 10 } as const;
const quantity: FieldDef = {
  name: 'quantity',
  label: 'Quantity',
  kind: 'choice',
  default: '1',
  choices: Array.from({ length: QUANTITY_BOUNDS.max - QUANTITY_BOUNDS.min + 1 }, (_, i) => String(QUANTITY_BOUNDS.min + i)).map((v) => ({ value: v, label: v })),
};
const snake = (v: string) => v.toLowerCase().replace(/\W+/g, '_');
/** A radio variable: stored values are the options in snake case, labels may add a note (a price). */
const radio = (name: string, label: string, options: [string, string?][]): FieldDef => ({
  name,
  label,
  kind: 'choice',
  default: snake(options[0][0]),
  choices: options.map(([v, note]) => ({ value: snake(v), label: note ? `${v} ${note}` : v })),
});
const software: FieldDef = { name: 'additional_software', label: 'Additional software requirements', kind: 'textarea' };
const checkbox = (name: string, label: string): FieldDef => ({ name, label, kind: 'boolean', default: 'false' });
const colour = (options: string[]) => radio('colour', 'Choose the colour', options.map((o) => [o]));
const storage = (gbs: string[]) => radio('storage', 'Choose the storage', gbs.map((g, i) => [g, `GB${i ? ` [add $${i * 100}]` : ''}`]));

export const CATALOG: CatalogItem[] = [
  {
    id: 'developer_laptop',
    name: 'Developer Laptop (Mac)',
    description: 'Macbook Pro',
    variables: [quantity, checkbox('adobe_acrobat', 'Adobe Acrobat'), checkbox('eclipse_ide', 'Eclipse IDE'), checkbox('adobe_photoshop', 'Adobe Photoshop'), software],
  },
  { id: 'ipad_mini', name: 'iPad mini', description: 'Request for iPad mini', variables: [quantity, colour(['Space Grey', 'Pink', 'Purple', 'Starlight']), storage(['64', '256'])] },
  { id: 'ipad_pro', name: 'iPad pro', description: 'Request for iPad pro', variables: [quantity, colour(['Space Grey', 'Silver']), storage(['128', '256', '512'])] },
  {
    id: 'sales_laptop',
    name: 'Sales Laptop',
    description: 'Acer Aspire NX',
    variables: [quantity, checkbox('microsoft_powerpoint', 'Microsoft Powerpoint'), checkbox('adobe_acrobat', 'Adobe Acrobat'), checkbox('adobe_photoshop', 'Adobe Photoshop'), checkbox('siebel_client', 'Siebel Client'), software],
  },
  { id: 'standard_laptop', name: 'Standard Laptop', description: 'Lenovo - Carbon x1', variables: [quantity, checkbox('adobe_acrobat', 'Adobe Acrobat'), checkbox('adobe_photoshop', 'Adobe Photoshop'), software] },
  { id: 'apple_watch', name: 'Apple Watch', description: 'Apple Watch - Their most personal device ever', variables: [quantity] },
  { id: 'macbook_pro_15', name: 'Apple MacBook Pro 15', description: 'Apple MacBook Pro', variables: [quantity] },
  {
    id: 'development_laptop_pc',
    name: 'Development Laptop (PC)',
    description: 'Dell XPS 13',
    variables: [
      quantity,
      radio('ssd', 'What size solid state drive do you want?', [['250', 'GB [subtract $300]'], ['500', 'GB']]),
      radio('os', 'Please specify an operating system', [['Windows 8'], ['Ubuntu']]),
    ],
  },
  {
    id: 'loaner_laptop',
    name: 'Loaner Laptop',
    description: 'Short term, while computer is repaired/imaged. Waiting for computer order, special projects, etc. Training, special events, check-in process',
    variables: [
      quantity,
      { name: 'needed_by', label: 'When do you need it ?', kind: 'textarea', mandatory: true },
      radio('duration', 'How long do you need it for ?', [['1 day'], ['1 month'], ['1 week'], ['2 weeks'], ['3 days']]),
    ],
  },
];

/** Tables the catalog writes: a request, its item and one row per variable. */
export const CATALOG_TABLES: TableDef[] = [
  { name: 'sc_request', label: 'Request', prefix: 'REQ', fields: [], links: [] },
  { name: 'sc_req_item', label: 'Requested Item', prefix: 'RITM', fields: [], links: ['request'] },
  { name: 'sc_item_option', label: 'Item option', prefix: 'OPT', fields: [], links: ['request_item'] },
];

export const CATALOG_COLUMNS: Record<string, string[]> = {
  sc_request: ['requested_for', 'request_state'],
  sc_req_item: ['request', 'cat_item', 'short_description', 'quantity'],
  sc_item_option: ['request_item', 'cat_item', 'item_option', 'value'],
};

export const tableDef = (name: string) => TABLES.find((t) => t.name === name);
export const catalogItem = (id: string) => CATALOG.find((c) => c.id === id);

/** Every table an episode can write to, in a stable order. */
export const WRITABLE_TABLES = [...TABLES.map((t) => t.name), ...CATALOG_TABLES.map((t) => t.name)];

/** Columns of a writable table other than sys_id, sys_created_by, sys_created_on, number. */
export function dataColumns(table: string): string[] {
  const t = tableDef(table);
  if (t) return [...t.fields.map((f) => f.name), 'opened_by'];
  return CATALOG_COLUMNS[table] ?? [];
}

/** Link columns point at rows created in the same delivery: their ids carry no meaning across deliveries. */
export function linkColumns(table: string): string[] {
  return CATALOG_TABLES.find((t) => t.name === table)?.links ?? [];
}

/**
 * A record's stored values from its display values, as the instance resolves
 * them on insert: a choice's first value with that label, a reference's row by
 * its display name (`refIdOf`). Empty values are left out, as WorkArena's
 * record set-up leaves them out.
 */
export function rawRecord(table: string, display: Record<string, string>, refIdOf: (table: string, name: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of tableDef(table)!.fields) {
    const v = display[f.name];
    if (!v) continue;
    out[f.name] = f.kind === 'choice' ? (f.choices!.find((c) => c.label === v || c.value === v)?.value ?? v) : f.kind === 'reference' ? refIdOf(f.ref!, v) : v;
  }
  return out;
}

export function displayOfChoice(f: FieldDef, raw: string): string {
  return f.choices?.find((c) => c.value === raw)?.label ?? raw;
}
