// The driver's two interactions with a form, used to deliver frozen steps: fill one field through its label (like WorkArena's
// _fill_fields, which uses Playwright label locators) and submit.
import type { Page } from 'playwright-core';
import type { FieldKind } from '../app/schema.ts';

export const SUBMIT_BUTTONS = '#sysverb_insert, #sysverb_update, #oi_order_now_button';

/**
 * `kind` comes from the template's field definitions when the driver knows the
 * field (as WorkArena's drivers know each field's type from the form spec), which
 * saves a browser round trip per field; otherwise it is read off the control.
 */
export async function fillField(page: Page, label: string, value: string, timeoutMs: number, known?: FieldKind): Promise<void> {
  const control = page.getByLabel(label, { exact: true }).first();
  const kind =
    known ??
    (await control.evaluate((e) => (e.tagName === 'SELECT' ? 'choice' : (e as HTMLInputElement).type === 'checkbox' ? 'boolean' : e.hasAttribute('data-ref') ? 'reference' : 'text'), undefined, { timeout: timeoutMs }));
  if (kind === 'choice') await control.selectOption(value, { timeout: timeoutMs });
  else if (kind === 'boolean') await control.setChecked(value === 'true', { timeout: timeoutMs });
  else if (kind === 'reference' && value === '') {
    // Clearing a reference: emptying the display input clears the hidden sys_id (its input handler).
    await control.fill('', { timeout: timeoutMs });
  } else if (kind === 'reference') {
    // Type into the display input, then pick the matching autocomplete entry: that sets the hidden sys_id.
    await control.fill(value, { timeout: timeoutMs });
    const target = await control.getAttribute('data-target');
    const option = page.locator(`[id="ac.${target}"] [role=option]`).filter({ hasText: new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
    await option.first().dispatchEvent('mousedown', undefined, { timeout: timeoutMs });
  } else await control.fill(value, { timeout: timeoutMs });
}

/** Clicks submit and waits for the new page; returns why not when the form stays. */
export async function submitForm(page: Page, timeoutMs: number): Promise<{ ok: true } | { ok: false; why: string }> {
  const before = page.url();
  // a new record's page, the order status page, or (after an update) the table's list view
  const created = (u: URL) => u.href !== before && (/[?&]sys_id=(?!-1)/.test(u.search) || u.pathname === '/catalog/checkout' || u.pathname.endsWith('_list.do'));
  const navigated = page.waitForURL(created, { timeout: timeoutMs, waitUntil: 'domcontentloaded' }).then(() => true, () => false);
  // A refused submit stays on the form and says why (client-side mandatory check, or the server's error page).
  const refusal = page.locator('#output_messages:not(:empty), p.error').first();
  await page.locator(SUBMIT_BUTTONS).first().click({ timeout: timeoutMs });
  const refused = refusal.waitFor({ timeout: timeoutMs }).then(() => false, () => false);
  if (await Promise.race([navigated, refused])) return { ok: true };
  if (await refusal.isVisible().catch(() => false)) {
    return { ok: false, why: `submit refused: ${(await refusal.textContent().catch(() => '')) ?? ''}` };
  }
  if (await navigated) return { ok: true };
  return { ok: false, why: `submit did not reach a new record page within ${timeoutMs} ms (page ${page.url()})` };
}
