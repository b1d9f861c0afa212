// The form-task validator, after browsergym-workarena 0.5.3 GenericNewRecordTask
// (form.py): init scripts that (1) flag a page-local change to any field outside
// the protected list and (2) patch the submit function to store the new record's
// sys_id in localStorage under a key tied to this task instance; validate() checks
// the page URL, then the flag on the current page, then reads that key, fetches
// the record through the Table API with display values and compares the task
// fields. Nothing else: the design's blind spots are what is under audit.
import type { Page } from 'playwright-core';
import { displayOf, tableApiCall, type Instance } from './table-api.ts';

export interface FormTaskSpec {
  taskClass: string;
  table: string;
  template_record: Record<string, string>;
  task_fields: string[];
  fieldLabels: Record<string, string>;
}

/**
 * What a WorkArena validate() returns: reward, and `done`, whether this
 * validation ends the episode (BrowserGym's `terminated`). A failure the agent
 * can still repair (not submitted yet, not on the form) is not done; a failure
 * it cannot (an out-of-scope change, a wrong value saved) is.
 */
export interface ValidationResult {
  reward: 0 | 1;
  done: boolean;
  message: string;
}

/** Key of the created record's sys_id: tied to one task instance, like `${id(self)}.record_sys_id`. */
export const sessionSysIdField = (instanceId: string) => `${instanceId}.record_sys_id`;

// Runs the function only on the task's own form pages, like runInGsftMainOnlyAndProtectByURL.
const protectByUrl = (table: string, body: string) => `(() => {
  if (window.location.pathname !== '/${table}.do') return;
  const run = () => { ${body} };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run); else run();
})();`;

export function formInitScripts(spec: FormTaskSpec, instanceId: string): string[] {
  const key = JSON.stringify(sessionSysIdField(instanceId));
  return [
    protectByUrl(
      spec.table,
      `const old_gsftSubmit = window.gsftSubmit;
       window.gsftSubmit = function (control, form, action_name) {
         localStorage[${key}] = window.g_form.getUniqueValue();
         return old_gsftSubmit(control, form, action_name);
       };`,
    ),
    // Ensure that only the expected fields are changed
    protectByUrl(
      spec.table,
      `const predefinedList = ${JSON.stringify(spec.task_fields)};
       document.querySelectorAll('input, select, textarea').forEach((e) => {
         const fieldName = e.name.split('.').pop();
         if (!predefinedList.includes(fieldName)) {
           e.addEventListener('change', () => { window.WORKARENA_BAD_FIELD_CHANGED = true; });
         }
       });`,
    ),
  ];
}

function pageOnRightUrl(page: Page, table: string): boolean {
  try {
    return new URL(page.url()).pathname === `/${table}.do`;
  } catch {
    return false;
  }
}

export async function validateForm(page: Page, spec: FormTaskSpec, instanceId: string, instance: Instance): Promise<ValidationResult> {
  if (!pageOnRightUrl(page, spec.table)) {
    return { reward: 0, done: false, message: `The page is not in the right URL to validate task ${spec.taskClass}.` };
  }
  const protectedFieldChanged = await page.evaluate(() => (window as unknown as { WORKARENA_BAD_FIELD_CHANGED?: boolean }).WORKARENA_BAD_FIELD_CHANGED);
  if (protectedFieldChanged) return { reward: 0, done: true, message: 'Some fields outside of the task scope have been changed.' };
  const storage = await page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
  const sysId = storage[sessionSysIdField(instanceId)];
  if (sysId === undefined) return { reward: 0, done: false, message: 'The form has not been submitted.' };
  const record = await readRecord(instance, spec.table, sysId);
  if (!record) return { reward: 0, done: false, message: 'The record was not found in the database. Perhaps the form was not submitted correctly.' };
  const wrong = wrongField(spec, record);
  if (wrong) return { reward: 0, done: true, message: `The field "${wrong}" has the wrong value.` };
  return { reward: 1, done: true, message: 'The record was successfully created.' };
}

/** The record with display values (references by their display value), waiting for it to appear; undefined when it does not. */
export async function readRecord(instance: Instance, table: string, sysId: string): Promise<Record<string, string> | undefined> {
  const { result } = await tableApiCall(instance, table, { sysparm_query: `sys_id=${sysId}`, sysparm_display_value: 'true' }, { forRecord: true, retries: 5, delayMs: 100 });
  return result.length ? Object.fromEntries(Object.entries(result[0]).map(([f, v]) => [f, displayOf(v)])) : undefined;
}

/** The label of the first task field whose value is not the template record's, if any. */
export const wrongField = (spec: FormTaskSpec, record: Record<string, string>) =>
  spec.task_fields.filter((f) => record[f] !== spec.template_record[f]).map((f) => spec.fieldLabels[f])[0];
