// Reference rows the instance ships with. Their sys_ids are derived from their
// names, so every process (and every run) sees the same raw reference values.
import { createHash } from 'node:crypto';

export const refId = (table: string, name: string) => createHash('sha1').update(`${table}:${name}`).digest('hex').slice(0, 32);

/** The administrator's password is not seeded: each instance draws its own (see instance.ts). */
export const ADMIN = { user_name: 'admin', name: 'System Administrator' };

const PEOPLE = ['Rick Berzle', 'Beth Anglin', 'Fred Luddy', 'Abel Tuter', 'Bud Richman', 'Carol Coughlin', 'David Loo', 'Don Goodliffe', 'Abraham Lincoln', 'Luke Wilson'];
const GROUPS = ['Hardware', 'Software', 'Network', 'Database', 'Service Desk', 'CAB Approval', 'Change Management'];
const MODELS = ['Apple MacBook Pro 15"', 'Dell XPS 13', 'Lenovo ThinkPad T14', 'HP EliteBook 840', 'Apple iPad Pro', 'Dell UltraSharp 27'];
const LOCATIONS = ['Montreal', 'London', 'San Diego', 'Paris', 'Tokyo'];

export interface SeedRow {
  table: string;
  sys_id: string;
  values: Record<string, string>;
}

const login = (name: string) => name.toLowerCase().replace(/\W+/g, '.');

export function seedRows(): SeedRow[] {
  const rows: SeedRow[] = [
    { table: 'sys_user', sys_id: refId('sys_user', ADMIN.user_name), values: { ...ADMIN, email: 'admin@servicedesk.local', password: '' } },
  ];
  for (const name of PEOPLE) {
    rows.push({ table: 'sys_user', sys_id: refId('sys_user', name), values: { user_name: login(name), name, email: `${login(name)}@servicedesk.local`, password: '' } });
  }
  for (const name of GROUPS) rows.push({ table: 'sys_user_group', sys_id: refId('sys_user_group', name), values: { name } });
  for (const name of MODELS) rows.push({ table: 'cmdb_model', sys_id: refId('cmdb_model', name), values: { name } });
  for (const name of LOCATIONS) rows.push({ table: 'cmn_location', sys_id: refId('cmn_location', name), values: { name } });
  return rows;
}
