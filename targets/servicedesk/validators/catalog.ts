// The order-item validator, after browsergym-workarena 0.5.3 OrderHardwareTask:
// the request is found through the sys_id in the current page URL (the order
// status page); its requested items are read through the Table API; exactly one
// item is allowed; the item is recognised by its short description (case-folded),
// the quantity compared as a string, and each requested variable by the rule of
// its control type: checkbox and radio values through a normalising heuristic
// (case, underscores and spaces ignored), textarea values by case-folded
// substring. Variables of other types, and variables the configuration does not
// name, are not read. Nothing else: the design's blind spots are what is under audit.
import type { Page } from 'playwright-core';
import { tableApiCall, type Instance } from './table-api.ts';
import type { ValidationResult } from './form.ts';

export type ControlType = 'checkbox' | 'radio' | 'textarea' | 'text';

export interface CatalogTaskSpec {
  /** the catalog item's short description, which identifies the ordered item */
  shortDescription: string;
  quantity: number;
  /** requested configuration: question text -> [control type, requested value] */
  configuration: Record<string, [ControlType, string]>;
}

/** WorkArena's option_match_heuristic: equal after lower-casing and removing underscores and spaces. */
export const optionMatches = (value: string, option: string) => {
  const norm = (x: string) => x.toLowerCase().replace(/[_ ]/g, '');
  return norm(value) === norm(option);
};

/** A textarea matches when the requested text occurs in it, ignoring case. */
export const textareaMatches = (value: string, option: string) => option.toLowerCase().includes(value.toLowerCase());

const fail = (done: boolean, message: string): ValidationResult => ({ reward: 0, done, message });

export async function validateCatalog(page: Page, spec: CatalogTaskSpec, instance: Instance): Promise<ValidationResult> {
  const current = new URL(decodeURIComponent(page.url()));
  const requestId = current.searchParams.get('sysparm_sys_id');
  if (!requestId) return fail(false, 'The request was not created, the sysid is not in the URL.');
  const requests = (await tableApiCall(instance, 'sc_request', { sysparm_query: `sys_id=${requestId}` }, { forRecord: true, retries: 5, delayMs: 100 })).result;
  if (!requests.length) return fail(false, 'The request is not in the database.');
  const items = (await tableApiCall(instance, 'sc_req_item', { sysparm_query: `request=${requestId}`, sysparm_fields: 'sys_id,short_description,quantity' })).result;
  if (!items.length) return fail(false, 'No items were requested.');
  if (items.length > 1) return fail(true, 'Multiple kinds of items were requested, but only a single one was expected.');
  const [item] = items;
  if (String(item.short_description).toLowerCase() !== spec.shortDescription.toLowerCase()) return fail(true, 'The requested item is incorrect.');
  if (String(item.quantity) !== String(spec.quantity)) return fail(true, 'The requested quantity is incorrect.');
  const rows = (
    await tableApiCall(instance, 'sc_item_option', { sysparm_query: `request_item=${String(item.sys_id)}`, sysparm_fields: 'value,item_option.question_text' })
  ).result;
  const options = Object.fromEntries(rows.map((o) => [String(o['item_option.question_text']), String(o.value)]));
  for (const [question, [type, value]] of Object.entries(spec.configuration)) {
    // A question the order does not carry reads as undefined, which matches nothing, as a KeyError would fail the episode.
    const got = options[question];
    const ok = type === 'checkbox' || type === 'radio' ? got !== undefined && optionMatches(value, got) : type === 'textarea' ? got !== undefined && textareaMatches(value, got) : true;
    if (!ok) return fail(true, `The requested ${question} is incorrect, expected ${value} but got ${got}.`);
  }
  return { reward: 1, done: true, message: 'Task completed successfully.' };
}
