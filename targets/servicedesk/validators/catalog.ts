// The order-item validator, after browsergym-workarena 0.5.3 OrderItemTask: the
// request is found through the sys_id in the current page URL (the order status
// page), then the requested item, its quantity and its configuration are read
// through the Table API and compared with the task's requested values.
import type { Page } from 'playwright-core';
import { displayOf, tableApiCall, type Instance } from './table-api.ts';
import type { ValidationResult } from './form.ts';

export interface CatalogTaskSpec {
  itemName: string;
  quantity: string;
  /** requested configuration: variable name -> display value */
  configuration: Record<string, string>;
}

export async function validateCatalog(page: Page, spec: CatalogTaskSpec, instance: Instance): Promise<ValidationResult> {
  const current = new URL(decodeURIComponent(page.url()));
  const requestId = current.searchParams.get('sysparm_sys_id');
  if (!requestId) return { reward: 0, message: 'The request id was not found in the URL.' };
  const requests = (await tableApiCall(instance, 'sc_request', { sysparm_query: `sys_id=${requestId}` }, { forRecord: true, retries: 5, delayMs: 100 })).result;
  if (!requests.length) return { reward: 0, message: 'The request was not found in the database.' };
  const items = (await tableApiCall(instance, 'sc_req_item', { sysparm_query: `request=${requestId}`, sysparm_display_value: 'true' })).result;
  const item = items[0];
  if (!item) return { reward: 0, message: 'The request has no requested item.' };
  if (displayOf(item.cat_item) !== spec.itemName) return { reward: 0, message: 'Incorrect item ordered.' };
  if (displayOf(item.quantity) !== spec.quantity) return { reward: 0, message: 'Incorrect quantity of items ordered.' };
  const ritm = String((await tableApiCall(instance, 'sc_req_item', { sysparm_query: `request=${requestId}` })).result[0].sys_id);
  const options = (await tableApiCall(instance, 'sc_item_option', { sysparm_query: `request_item=${ritm}`, sysparm_display_value: 'true' })).result;
  const got = Object.fromEntries(options.map((o) => [displayOf(o.item_option), displayOf(o.value)]));
  for (const [name, value] of Object.entries(spec.configuration)) {
    if (got[name] !== value) return { reward: 0, message: 'The item was ordered with an incorrect configuration.' };
  }
  return { reward: 1, message: 'The order was placed successfully.' };
}
