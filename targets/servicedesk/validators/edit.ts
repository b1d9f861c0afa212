// The edit-record validator, after browsergym-workarena 0.5.3 EditRecordTask
// (form.py): the page must be the record's form or the table's list view; then
// the page-local out-of-scope flag; then the record the task set up is read
// through the Table API with display values and each edited field compared with
// its new value. A wrong value is not done (the agent may still fix it); an
// out-of-scope change and a vanished record are. Whether the form was submitted
// at all is not asked: an edit that never reached the database fails on its values.
import type { Page } from 'playwright-core';
import type { Instance } from './table-api.ts';
import { readRecord, wrongField, type FormTaskSpec, type ValidationResult } from './form.ts';

export interface EditTaskSpec extends FormTaskSpec {
  /** the record the task set up and asks to edit */
  recordSysId: string;
}

function pageOnRightUrl(page: Page, spec: EditTaskSpec): boolean {
  try {
    const u = new URL(page.url());
    const form = u.pathname === `/${spec.table}.do` && u.searchParams.get('sys_id') === spec.recordSysId;
    return form || u.pathname === `/${spec.table}_list.do`;
  } catch {
    return false;
  }
}

export async function validateEdit(page: Page, spec: EditTaskSpec, instance: Instance): Promise<ValidationResult> {
  if (!pageOnRightUrl(page, spec)) {
    return { reward: 0, done: false, message: `The page is not in the right URL to validate task ${spec.taskClass}.` };
  }
  const protectedFieldChanged = await page.evaluate(() => (window as unknown as { WORKARENA_BAD_FIELD_CHANGED?: boolean }).WORKARENA_BAD_FIELD_CHANGED);
  if (protectedFieldChanged) return { reward: 0, done: true, message: 'Some fields outside of the task scope have been changed.' };
  const record = await readRecord(instance, spec.table, spec.recordSysId);
  if (!record) return { reward: 0, done: true, message: 'The record was not found in the database. Perhaps it was deleted.' };
  const wrong = wrongField(spec, record);
  if (wrong) return { reward: 0, done: false, message: `The field "${wrong}" has the wrong value.` };
  return { reward: 1, done: true, message: 'The record was successfully edited.' };
}
