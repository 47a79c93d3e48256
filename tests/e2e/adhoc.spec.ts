import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { openWithChunkRefusedFirst, SCREENSHOT_DIR, signInFresh, type DemoUser } from './fixtures.ts';

// "Add LU-Smart or LU-Lite" and "Guest interview" (spec 000 §2) as a person meets them: the unit
// list's toolbar, the real server (groups/{groupId}/adhoc, /permanent, /email, /sms) and the live
// list (a registered device is a new unit; lists reload 3 s after a device is added, spec 001 §7).

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
// spec 002 §5 shared messages, word for word.
const REQUIRED = 'This field is required';
const UNIQUE = 'Name field has to be unique';
const NUMERIC = 'Must only contain numeric characters';

/** A 1440×900 screenshot with transitions finished (toasts slide in), kept under test-results/. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: 'disabled' });
}

const rows = (page: Page) => page.locator('[role="row"][data-unit-id]');

async function openList(page: Page, user: DemoUser): Promise<void> {
  await signInFresh(page, user);
  await expect(page).toHaveURL(/\/list$/);
  // Unit alert toasts off, so they cover nothing the test clicks or shoots.
  const off = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false]));
  expect((await page.request.put(`${API}/userPreferences/vue`, { headers: HEADERS, data: { unitAlertsSettings: off } })).ok()).toBe(true);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
}

test('registers a named LU-Smart device: empty and taken names are refused, the new unit appears in the list', async ({ page }) => {
  await openList(page, 'luc_regular');
  const existing = ((await rows(page).first().locator('[data-column="name"] a').textContent()) ?? '').trim();
  expect(existing).not.toBe('');

  await page.getByRole('button', { name: 'Add LU-Smart / LU-Lite' }).click();
  const modal = page.getByRole('dialog', { name: 'Add LU-Smart or LU-Lite' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('adhoc-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(modal.getByTestId('adhoc-link')).toContainText('lu-smart://join?group=');
  // spec 002 §5 "Modal footer": a luc_regular user has Apply and OK.
  await expect(modal.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'OK' })).toBeVisible();

  const name = modal.getByRole('textbox', { name: 'Device name' });
  const register = modal.getByRole('button', { name: 'Register device' });
  await register.click();
  await expect(modal.getByText(REQUIRED)).toBeVisible();
  await name.fill(existing.toUpperCase());
  await register.click();
  await expect(modal.getByText(UNIQUE)).toBeVisible();

  const fresh = `Adhoc-Cam-${Date.now() % 1_000_000}`;
  await modal.getByRole('combobox', { name: 'Registration period' }).click();
  await page.getByRole('option', { name: '1 week' }).click();
  await name.fill(fresh);
  await register.click();
  await expect(page.getByText(new RegExp(`LU-Smart device ${fresh} registered`))).toBeVisible();
  await expect(modal.getByText(`Invite the user of ${fresh}`)).toBeVisible();
  await screenshot(page, 'adhoc-add-device');

  // Permanent: a new key on demand.
  await modal.getByRole('tab', { name: 'Permanent' }).click();
  const key = modal.getByTestId('permanent-key');
  await expect(key).toHaveText(/^([A-Z2-9]{4}-){3}[A-Z2-9]{4}$/);
  const before = await key.textContent();
  await modal.getByRole('button', { name: 'Regenerate key' }).click();
  await expect(key).not.toHaveText(before ?? '');
  await screenshot(page, 'adhoc-permanent');
  // Settings: usage reset, saved with OK.
  await modal.getByRole('tab', { name: 'Settings' }).click();
  await modal.getByRole('combobox', { name: 'Usage-monitoring reset' }).click();
  await page.getByRole('option', { name: 'Every 6 months' }).click();
  await screenshot(page, 'adhoc-settings');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/permanent'));
  await modal.getByRole('button', { name: 'OK' }).click();
  expect(((await (await saved).json()) as { usageReset: string }).usageReset).toBe('6months');
  await expect(modal).toBeHidden();

  // The new unit is in the live list.
  await page.getByRole('searchbox', { name: 'Search units' }).fill(fresh);
  // (20 s: the unit reaches the list through the live stream and the worker, or the list reload 3 s after an add)
  await expect(rows(page).filter({ hasText: fresh })).toHaveCount(1, { timeout: 20_000 });
});

test('invites a guest: a bad phone gets the digits-only message, a good e-mail is recorded', async ({ page }) => {
  await openList(page, 'luc_regular');
  await page.getByRole('button', { name: 'Guest interview' }).click();
  const modal = page.getByRole('dialog', { name: 'Guest interview' });
  await expect(modal).toBeVisible();
  const send = modal.getByRole('button', { name: 'Send invitation' });
  await modal.getByRole('textbox', { name: 'Guest device name' }).fill(`Guest-${Date.now() % 1_000_000}`);
  await modal.getByText('SMS', { exact: true }).click();
  await modal.getByRole('textbox', { name: 'Phone number' }).fill('+44 7700 900123');
  await send.click();
  await expect(modal.getByText(NUMERIC)).toBeVisible();
  await screenshot(page, 'adhoc-guest-error');

  await modal.getByText('E-mail', { exact: true }).click();
  await modal.getByRole('textbox', { name: 'E-mail addresses' }).fill('guest@example.com');
  await send.click();
  await expect(page.getByText('Invitation recorded for guest@example.com')).toBeVisible();
  await expect(page.getByText(/no e-mail or SMS service is configured/)).toBeVisible();
  await screenshot(page, 'adhoc-guest-recorded');
});

test('read-only users get neither button', async ({ page }) => {
  await openList(page, 'luc_read');
  await expect(page.getByRole('searchbox', { name: 'Search units' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add LU-Smart / LU-Lite' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guest interview' })).toHaveCount(0);
});

test('writers other than luc_regular may register but get no Apply / OK (spec 002 §5 "Modal footer")', async ({ page }) => {
  await openList(page, 'luc_admin');
  await page.getByRole('button', { name: 'Add LU-Smart / LU-Lite' }).click();
  const modal = page.getByRole('dialog', { name: 'Add LU-Smart or LU-Lite' });
  await expect(modal.getByRole('button', { name: 'Register device' })).toBeEnabled();
  await expect(modal.getByRole('button', { name: 'Close' }).last()).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'OK' })).toHaveCount(0);
  // Without Apply / OK nothing could save the usage reset: the choice is shown, not offered.
  await modal.getByRole('tab', { name: 'Settings' }).click();
  await expect(modal.getByRole('combobox', { name: 'Usage-monitoring reset' })).toBeDisabled();
});

test('the guest interview dialog loads when first wanted: unreachable, it says so and the list stays; the next click opens it', async ({ page }) => {
  await openList(page, 'luc_regular');
  const dialog = page.getByRole('dialog', { name: 'Guest interview' });
  await openWithChunkRefusedFirst(page, /\/assets\/GuestInterviewModal-[\w-]+\.js$/, page.getByRole('button', { name: 'Guest interview' }), 'Dialog not loaded', dialog, 'adhoc-dialog-load-failed');
  await expect(dialog).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
});
