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
    ],
  },
];

export const REF_TABLES: RefTableDef[] = [
  { name: 'sys_user', display: 'name', columns: ['user_name', 'name', 'email', 'password'] },
  { name: 'sys_user_group', display: 'name', columns: ['name'] },
  { name: 'cmdb_model', display: 'name', columns: ['name'] },
  { name: 'cmn_location', display: 'name', columns: ['name'] },
];

/** A catalog item is ordered through its own form; its variables are form fields too. */
export interface CatalogItem {
  id: string;
  name: string;
  variables: FieldDef[];
}

const quantity: FieldDef = {
  name: 'quantity',
  label: 'Quantity',
  kind: 'choice',
  default: '1',
  choices: ['1', '2', '3', '4', '5'].map((v) => ({ value: v, label: v })),
};
const choice = (name: string, label: string, values: string[], def = values[0]): FieldDef => ({
  name,
  label,
  kind: 'choice',
  default: def.toLowerCase().replace(/\W+/g, '_'),
  choices: values.map((v) => ({ value: v.toLowerCase().replace(/\W+/g, '_'), label: v })),
});
const software: FieldDef = { name: 'additional_software', label: 'Additional software requirements', kind: 'textarea' };
const checkbox = (name: string, label: string): FieldDef => ({ name, label, kind: 'boolean', default: 'false' });

export const CATALOG: CatalogItem[] = [
  { id: 'developer_laptop', name: 'Developer Laptop (Mac)', variables: [quantity, checkbox('adobe_acrobat', 'Adobe Acrobat'), checkbox('eclipse_ide', 'Eclipse IDE'), software] },
  { id: 'ipad_mini', name: 'iPad mini', variables: [quantity, choice('color', 'Choose the colour', ['Space Grey', 'Pink', 'Purple', 'Starlight']), choice('storage', 'Choose the storage', ['64 GB', '256 GB'])] },
  { id: 'ipad_pro', name: 'iPad pro', variables: [quantity, choice('color', 'Choose the colour', ['Space Grey', 'Silver']), choice('storage', 'Choose the storage', ['128 GB', '256 GB', '512 GB'])] },
  { id: 'sales_laptop', name: 'Sales Laptop', variables: [quantity, checkbox('adobe_photoshop', 'Adobe Photoshop'), checkbox('microsoft_powerpoint', 'Microsoft Powerpoint'), software] },
  { id: 'standard_laptop', name: 'Standard Laptop', variables: [quantity, checkbox('adobe_acrobat', 'Adobe Acrobat'), software] },
  { id: 'apple_watch', name: 'Apple Watch', variables: [quantity, choice('band', 'Band', ['Sport Band', 'Sport Loop', 'Milanese Loop'])] },
  { id: 'macbook_pro_15', name: 'Apple MacBook Pro 15"', variables: [quantity, choice('memory', 'Memory', ['16 GB', '32 GB', '64 GB'])] },
  { id: 'development_laptop_pc', name: 'Development Laptop (PC)', variables: [quantity, choice('hard_drive', 'Hard drive', ['500 GB SSD', '1 TB SSD']), checkbox('docker', 'Docker Desktop'), software] },
  { id: 'loaner_laptop', name: 'Loaner Laptop', variables: [quantity, { name: 'needed_by', label: 'When do you need it?', kind: 'text', mandatory: true }, choice('duration', 'How long do you need it for?', ['1 week', '2 weeks', '1 month'])] },
];

/** Tables the catalog writes: a request, its item and one row per variable. */
export const CATALOG_TABLES: TableDef[] = [
  { name: 'sc_request', label: 'Request', prefix: 'REQ', fields: [], links: [] },
  { name: 'sc_req_item', label: 'Requested Item', prefix: 'RITM', fields: [], links: ['request'] },
  { name: 'sc_item_option', label: 'Item option', prefix: 'OPT', fields: [], links: ['request_item'] },
];

export const CATALOG_COLUMNS: Record<string, string[]> = {
  sc_request: ['requested_for', 'request_state'],
  sc_req_item: ['request', 'cat_item', 'quantity'],
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

export function displayOfChoice(f: FieldDef, raw: string): string {
  return f.choices?.find((c) => c.value === raw)?.label ?? raw;
}
